import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// The order of a ``FetchedList``'s sections.
public enum FetchedSectionOrder: Sendable {
  /// As their first rows appear in the request's order.
  case firstAppearance
  /// By section key, ascending.
  case ascending
  /// By section key, descending.
  case descending

  @usableFromInline
  var sectionOrder: SectionOrder<String> {
    switch self {
    case .firstAppearance: .firstAppearance
    case .ascending: .ascending
    case .descending: .descending
    }
  }
}
