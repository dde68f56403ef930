// A loading state shown as a snapshot: the rule every source with a
// `LoadingState` follows. It lives with the sources, beside `LoadingState`;
// the placeholder rows it makes are model values (`Model/Placeholders/`), so
// Presentation plays no part in it.

extension Snapshot {
  /// What a data source in `state` shows: its content, or, when there is
  /// none to show, a placeholder for the state in `placeholderSection`.
  ///
  /// - ``LoadingState/loading``: a ``LoadingPlaceholder``.
  /// - ``LoadingState/noContent``: a ``NoResultsPlaceholder``.
  /// - ``LoadingState/error(_:)``: the content if it has items, else an
  ///   ``ErrorPlaceholder`` with the message.
  /// - Otherwise the content (empty when there is none).
  ///
  /// Without `makePlaceholder` (items that cannot hold a placeholder), the
  /// content is shown in every state. ``LoadingSource`` and TabulaGRDB's
  /// `FetchedList` show their states this way; so can your own sources.
  ///
  /// - Complexity: O(1).
  public static func showing(
    _ content: Snapshot?, in state: LoadingState, placeholderSection: SectionModel,
    makePlaceholder: ((any Diffable) -> Item)?
  ) -> Snapshot {
    let scope = PlaceholderScope.section(String(describing: placeholderSection.id))
    let placeholder: any Diffable
    switch state {
    case .loading: placeholder = LoadingPlaceholder(scope)
    case .noContent: placeholder = NoResultsPlaceholder(scope)
    case .error(let message):
      if let content, content.numberOfItems > 0 { return content }
      placeholder = ErrorPlaceholder(scope, message: message)
    case .initial, .loaded, .refreshing: return content ?? Snapshot()
    }
    guard let makePlaceholder else { return content ?? Snapshot() }
    return Snapshot(oneItem: makePlaceholder(placeholder), in: placeholderSection)
  }
}
