#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// How ``FetchedList`` spaces the ranks it writes for user moves.
public struct FetchedEditing: Sendable, Equatable {
  /// The column that holds each row's item id.
  public internal(set) var idColumn = "id"
  /// The integer column rows are ordered by within their section.
  public internal(set) var rankColumn = "position"
  /// The column a cross-section move writes the new section's id to, if
  /// the list is sectioned by a column.
  public internal(set) var sectionColumn: String?
  /// The rank distance new rows should be given apart (and what relabelling
  /// spreads rows to at the ends of a section): 2³² by default.
  public let gap: Int64
  /// The smallest spacing a relabelled window leaves between its rows:
  /// 2¹⁰ by default.
  public let minimumSpacing: Int64

  /// Ranks `gap` apart at the ends of a section, and relabelled windows at
  /// least `minimumSpacing` apart.
  ///
  /// - Throws: ``FetchedEditingError/invalidSpacing(gap:minimumSpacing:)``
  ///   unless 2 ≤ `minimumSpacing` ≤ `gap`: with a spacing under 2 no row
  ///   fits between two others, and a relabelling could never make room.
  public init(gap: Int64 = 1 << 32, minimumSpacing: Int64 = 1 << 10) throws(FetchedEditingError) {
    guard minimumSpacing >= 2, gap >= minimumSpacing else {
      throw .invalidSpacing(gap: gap, minimumSpacing: minimumSpacing)
    }
    self.gap = gap
    self.minimumSpacing = minimumSpacing
  }

  /// The default spacing.
  static let standard = try! FetchedEditing()
}
