/// How an item is refreshed when its content changed or it was marked.
public enum UpdateKind: Sendable, Hashable {
  /// Refresh the existing cell in place (the same cell kind shows the item).
  case reconfigure
  /// Replace the cell with a newly made one.
  case reload
}
