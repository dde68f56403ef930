import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// How a ``FetchedList`` groups its rows into sections.
public struct FetchedSectioning<Record>: Sendable {
  /// The column sections come from (selected as `tabula_section`), if any.
  let column: String?
  /// A row's section key, from its record and its `tabula_section` value
  /// (NULL when sections do not come from a column).
  let key: @Sendable (Record, DatabaseValue) -> String
  @usableFromInline let order: FetchedSectionOrder
  @usableFromInline let title: @Sendable (String) -> String

  /// One section, `id`, holding every row.
  public static func single(_ id: String = "all", title: String? = nil) -> FetchedSectioning {
    FetchedSectioning(
      column: nil, key: { _, _ in id }, order: .firstAppearance, title: { _ in title ?? id })
  }

  /// A section per value of `column`, titled by `title` (the value's text by
  /// default; NULL is the section `""`). Rows need not be sorted by it. An
  /// SQL request must select the column as `tabula_section`.
  public static func column(
    _ column: String, order: FetchedSectionOrder = .firstAppearance,
    title: @escaping @Sendable (String) -> String = { $0 }
  ) -> FetchedSectioning {
    FetchedSectioning(
      column: column, key: { _, value in columnKey(value) }, order: order, title: title)
  }

  /// The section id of a value of the section column: its text, `""` for
  /// NULL.
  static func columnKey(_ value: DatabaseValue) -> String {
    value.isNull ? "" : (String.fromDatabaseValue(value) ?? "\(value)")
  }

  /// A section per value of `key` on the record (a key path works).
  public static func by(
    _ key: @escaping @Sendable (Record) -> String, order: FetchedSectionOrder = .firstAppearance,
    title: @escaping @Sendable (String) -> String = { $0 }
  ) -> FetchedSectioning {
    FetchedSectioning(column: nil, key: { record, _ in key(record) }, order: order, title: title)
  }
}
