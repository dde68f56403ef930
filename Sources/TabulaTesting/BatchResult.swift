import Tabula

/// Where every section and row of a list view comes from after a valid batch.
public struct BatchResult: Sendable, Equatable {
  /// For each section after the batch, the section before it that it
  /// continues, or `nil` for an inserted (or reloaded) section.
  public var sectionSources: [Int?]
  /// For each row after the batch, the row before it that it continues (the
  /// same cell, moved or not), or `nil` for a new row (inserted or reloaded).
  public var rowSources: [[ItemPath?]]
  /// For each row before the batch, where it is after it, or `nil` when it
  /// was deleted or reloaded (its cell leaves).
  public var rowTargets: [[ItemPath?]]
  /// The positions after the batch of the rows it reconfigured.
  public var reconfigured: [ItemPath]
}
