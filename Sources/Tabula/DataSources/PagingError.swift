/// Why a ``PagedSource`` stopped paging when its loader did not fail: what
/// the loader answered would have made it load pages for ever.
///
/// The message is the next page's ``PagedSource/PageState/failed(_:)``
/// state, and the end row's.
@nonexhaustive
public enum PagingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The page at `page` named `next` as the page after it, a page loaded
  /// already since the first page: its own cursor (`next == page`), or one
  /// of a cycle (10 → 20 → 10). Each scroll near the end would load it
  /// again, without end. Both are the cursors' debug descriptions.
  case repeatedCursor(next: String, page: String)

  /// The message, naming the cursors.
  public var description: String {
    switch self {
    case .repeatedCursor(let next, let page):
      "the page at \(page) names \(next) as the next page, which was loaded already: paging "
        + "stops rather than load it again (retry() asks for the page at \(page) again)"
    }
  }
}
