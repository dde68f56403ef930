/// Helpers for placeholders.
public enum Placeholder {
  /// The placeholder id for `scope`: `"list"`, `"section:<id>"`,
  /// `"children:<id>"` or `"pages:<id>"`. A
  /// placeholder keeps its id when its kind changes, but kinds are different
  /// types, so loading → error is a delete and an insert.
  public static func id(for scope: PlaceholderScope) -> String {
    switch scope {
    case .list: "list"
    case .section(let id): "section:\(id)"
    case .children(let id): "children:\(id)"
    case .pages(let id): "pages:\(id)"
    }
  }

  /// Whether `item` is a loading, no-results or error placeholder, or one
  /// of a paged list's rows (loading more, a failed page, the end).
  public static func isPlaceholder(_ item: AnyItem) -> Bool {
    item.base is LoadingPlaceholder || item.base is NoResultsPlaceholder
      || item.base is ErrorPlaceholder || item.base is LoadingMorePlaceholder
      || item.base is PageErrorPlaceholder || item.base is EndOfListPlaceholder
  }
}
