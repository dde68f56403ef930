/// What a ``ListHost`` asks of the keyboard: which key does what, and the
/// handling of a key pressed in the list.
///
/// One of the capabilities that make up a ``ListHostDataSource``.
@MainActor
public protocol ListKeySource: AnyObject {
  /// Which key does what (``ListKeyMap``): a host asks before it hands a
  /// key over, to leave focus keys to a focus system of its own.
  var keyMap: ListKeyMap { get }

  /// The user pressed `key` while the row at `focused` had the focus (or no
  /// row had it): the data source does what its key map binds the key to
  /// (``ListKeyMap``), and says whether the host moves its focus. A list
  /// `pageSize` rows high pages by that many.
  func handleKey(_ key: ListKey, focusedAt focused: ItemPath?, pageSize: Int) -> ListKeyResult
}

extension ListKeySource {
  /// ``ListKeyMap/standard``.
  public var keyMap: ListKeyMap { .standard }

  /// Ignored: the key is not the list's.
  public func handleKey(_ key: ListKey, focusedAt focused: ItemPath?, pageSize: Int)
    -> ListKeyResult
  { .ignored }
}
