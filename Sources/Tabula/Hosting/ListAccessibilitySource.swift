/// What a ``ListHost`` asks for assistive technologies and for the words
/// it shows or speaks of its own: row actions, a row's state, the strings.
///
/// One of the capabilities that make up a ``ListHostDataSource``.
@MainActor
public protocol ListAccessibilitySource: AnyObject {
  /// The actions assistive technologies offer on the row at `path`
  /// (``RowAccessibilityAction``): moves the data source allows, an
  /// outline folder's opening or closing.
  func accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction]

  /// The user picked `action`, one of the row's
  /// ``accessibilityActions(forItemAt:)``, on the row at `path`; returns
  /// whether it was done.
  func performAccessibilityAction(_ action: RowAccessibilityAction, forItemAt path: ItemPath)
    -> Bool

  /// What VoiceOver says of the state of the row at `path` beyond its
  /// content (an outline folder: "expanded", "collapsed"), if anything.
  func accessibilityValue(forItemAt path: ItemPath) -> String?

  /// The words the host shows or speaks of its own (an outline
  /// disclosure's label, the terminal's prompts, key command titles).
  var strings: ListStrings { get }
}

extension ListAccessibilitySource {
  /// None.
  public func accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction] { [] }

  /// Not done.
  public func performAccessibilityAction(
    _ action: RowAccessibilityAction, forItemAt path: ItemPath
  ) -> Bool { false }

  /// None.
  public func accessibilityValue(forItemAt path: ItemPath) -> String? { nil }

  /// English.
  public var strings: ListStrings { ListStrings() }
}
