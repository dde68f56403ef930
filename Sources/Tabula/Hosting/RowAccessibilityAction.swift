/// An action assistive technologies offer on a row, where a gesture would
/// do it for others (UIKit's `UIAccessibilityCustomAction`, VoiceOver's
/// actions rotor): moving the row, opening or closing an outline's folder,
/// retrying a failed load.
/// A host lists the actions of a row's data source
/// (``ListAccessibilitySource/accessibilityActions(forItemAt:)``) and performs
/// the one the user picks
/// (``ListAccessibilitySource/performAccessibilityAction(_:forItemAt:)``).
///
/// Swipe actions are not among them: UIKit offers a row's swipe actions
/// to VoiceOver itself.
public struct RowAccessibilityAction: Hashable, Sendable, CustomStringConvertible {
  /// What the action does.
  public enum Kind: Hashable, Sendable {
    /// Moves the row to this path (of the list after the row left its
    /// place), as a user edit with undo.
    case move(to: ItemPath)
    /// Opens the row's folder.
    case expand
    /// Closes the row's folder.
    case collapse
    /// Tries again the load an error row stands for (as a tap on it does).
    case retry
  }

  /// The name VoiceOver reads: "Move Up", "Move to Archive", "Expand".
  public var name: String
  /// What it does.
  public var kind: Kind

  /// An action named `name` that does `kind`.
  public init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// The name.
  public var description: String { name }
}

extension ListAccessibilitySource {
  /// Performs the action named `name` that the row at `path` offers now
  /// (``accessibilityActions(forItemAt:)``): what a host's custom action
  /// does when picked, as the row may have moved, or its actions changed,
  /// since its cell was configured. Returns whether it was done: `false`
  /// when the row offers no such action any more.
  public func performAccessibilityAction(named name: String, forItemAt path: ItemPath) -> Bool {
    guard let action = accessibilityActions(forItemAt: path).first(where: { $0.name == name })
    else { return false }
    return performAccessibilityAction(action, forItemAt: path)
  }
}
