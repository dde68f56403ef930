#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula

  /// Apple's `NSTableViewDiffableDataSource`, same API, same meaning:
  /// rename the type (and `NSDiffableDataSourceSnapshot` to
  /// `DiffableSnapshot`) and a Mac table runs on Tabula's diff, with
  /// duplicate and unknown identifiers reported instead of stopping the
  /// app, and every update applied as AppKit takes it
  /// (`SequentialRowUpdate`: the fewest row moves, sections included).
  ///
  /// ```swift
  /// let dataSource = TableViewDataSource<Section, Contact.ID>(tableView: tableView) {
  ///   tableView, column, row, id in
  ///   let view = tableView.makeView(withIdentifier: column.identifier, owner: nil)
  ///   (view as? NSTableCellView)?.textField?.stringValue = store.contact(id).name
  ///   return view ?? NSView()
  /// }
  /// dataSource.apply(snapshot, animatingDifferences: true)
  /// ```
  ///
  /// Sections show as group rows once ``sectionHeaderViewProvider`` is
  /// set, as with Apple's. Under it are a `DiffableDataSource` and its
  /// `ListController` (``base``), which become the table's data source and
  /// delegate.
  @MainActor
  open class TableViewDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, NSTableViewDataSource {
    /// Makes the view of an item in a column, as Apple's cell provider.
    public typealias CellProvider =
      @MainActor (
        _ tableView: NSTableView, _ tableColumn: NSTableColumn, _ row: Int,
        _ identifier: ItemIdentifierType
      ) -> NSView
    /// Makes the view of a section's group row.
    public typealias SectionHeaderViewProvider =
      @MainActor (_ tableView: NSTableView, _ row: Int, _ identifier: SectionIdentifierType) ->
      NSView
    /// Makes the row view of a row (an item's or a section's identifier).
    public typealias RowProvider =
      @MainActor (_ tableView: NSTableView, _ row: Int, _ identifier: AnyHashable) ->
      NSTableRowView

    /// The portable data source under this one, for the day an app wants
    /// Tabula's controller, presenters and user edits.
    public let base: DiffableDataSource<NSTableView, SectionIdentifierType, ItemIdentifierType>
    private weak var tableView: NSTableView?

    /// A data source for `tableView` with views from `cellProvider`; it
    /// becomes the table's data source.
    public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
      self.tableView = tableView
      tableView.showsSectionsAsGroupRows = false
      base = DiffableDataSource(host: tableView) { table, path, id in
        let column = table.bridge?.column ?? table.tableColumns.first ?? NSTableColumn()
        return cellProvider(table, column, table.bridge?.layout.row(of: path) ?? 0, id)
      }
      super.init()
      let bridge = tableView.installedBridge()
      bridge.rowAnimation = defaultRowAnimation
      // A subclass's data-source methods (sorting) hear the table's calls.
      bridge.appDataSource = self
    }

    /// Makes the row view of each row, if set.
    public var rowViewProvider: RowProvider? {
      didSet {
        guard let tableView else { return }
        guard let provider = rowViewProvider else {
          tableView.installedBridge().rowView = nil
          return
        }
        let rowView: @MainActor (NSTableView, Int) -> NSTableRowView? = { [weak self] table, row in
          guard let self, let identifier = self.identifier(ofRow: row) else { return nil }
          return provider(table, row, identifier)
        }
        tableView.installedBridge().rowView = rowView
      }
    }

    /// Makes the view of each section's group row: set, sections show as
    /// group rows; `nil` (the default), they show their items only.
    public var sectionHeaderViewProvider: SectionHeaderViewProvider? {
      didSet {
        guard let tableView else { return }
        if let provider = sectionHeaderViewProvider {
          let groupRowView: @MainActor (NSTableView, Int, Int) -> NSView = {
            [weak self] table, row, section in
            guard let id = self?.base.sectionIdentifier(for: section) else { return NSView() }
            return provider(table, row, id)
          }
          tableView.installedBridge().groupRowView = groupRowView
        } else {
          tableView.installedBridge().groupRowView = nil
        }
        tableView.showsSectionsAsGroupRows = sectionHeaderViewProvider != nil
      }
    }

    /// How inserted and removed rows animate.
    public var defaultRowAnimation: NSTableView.AnimationOptions = [.effectFade] {
      didSet { tableView?.installedBridge().rowAnimation = defaultRowAnimation }
    }

    // MARK: Applying snapshots

    /// Shows `snapshot`, the difference animated (or not), then calls
    /// `completion`; problems its edits met are reported to `TabulaLog`.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      base.apply(snapshot, animatingDifferences: animatingDifferences) { completion?() }
    }

    /// The last snapshot applied: what the table shows once `apply`
    /// returns.
    open func snapshot() -> DiffableSnapshot<SectionIdentifierType, ItemIdentifierType> {
      base.snapshot()
    }

    // MARK: Identifiers and rows

    /// The identifier of the item the table shows at `row` (`nil` for a
    /// group row, or a row outside the table).
    open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
      guard let layout = tableView?.bridge?.layout, row >= 0, row < layout.rowCount,
        case .item(let path) = layout[row]
      else { return nil }
      return base.itemIdentifier(for: path)
    }

    /// The row at which the table shows `identifier`.
    open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int? {
      guard let layout = tableView?.bridge?.layout, let path = base.path(for: identifier) else {
        return nil
      }
      return layout.row(of: path)
    }

    /// The identifier of the section the row at `row` belongs to.
    open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
      guard let layout = tableView?.bridge?.layout, row >= 0, row < layout.rowCount else {
        return nil
      }
      switch layout[row] {
      case .group(let section): return base.sectionIdentifier(for: section)
      case .item(let path): return base.sectionIdentifier(for: path.section)
      }
    }

    /// The row of the section's group row (its first item's row, or where
    /// it would be, without group rows).
    open func row(forSectionIdentifier identifier: SectionIdentifierType) -> Int? {
      guard let layout = tableView?.bridge?.layout, let section = base.index(for: identifier)
      else { return nil }
      return layout.groupRow(ofSectionAt: section) ?? layout.firstItemRow(ofSectionAt: section)
    }

    /// The number of rows of ``snapshot()``, group rows included.
    open func numberOfRows(in tableView: NSTableView) -> Int {
      tableView.bridge?.layout.rowCount ?? 0
    }

    /// The identifier of the item or section at `row`.
    private func identifier(ofRow row: Int) -> AnyHashable? {
      if let item = itemIdentifier(forRow: row) { return AnyHashable(item) }
      return sectionIdentifier(forRow: row).map { AnyHashable($0) }
    }
  }
#endif
