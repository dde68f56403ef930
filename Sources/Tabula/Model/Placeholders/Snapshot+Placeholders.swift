extension Snapshot where Item == AnyItem {
  /// A snapshot of one section holding only `placeholder`: the whole list is
  /// loading, empty or failed. (One item cannot be a duplicate: this cannot
  /// fail.)
  public init(placeholder: some Diffable, in section: SectionModel) {
    self.init(oneItem: AnyItem(placeholder), in: section)
  }

  /// Shows `placeholder` instead of the items of one section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``.
  public mutating func showPlaceholder(
    _ placeholder: some Diffable, inSection sectionID: SectionModel.ID
  ) throws(SnapshotError) {
    try replaceItems(inSection: sectionID, with: [AnyItem(placeholder)])
  }
}
