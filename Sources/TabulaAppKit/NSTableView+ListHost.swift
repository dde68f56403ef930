#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula

  extension NSTableView: ListHost {
    /// Tables show views (`NSTableCellView`s, or any `NSView`).
    public typealias Cell = NSView

    /// The bridge serving this table, made when a data source arrives.
    var bridge: TableViewBridge? { BridgeAssociation.bridge(of: self) }

    /// Whether each section shows as a group row (its header title)
    /// followed by its items, as `NSTableViewDiffableDataSource` shows
    /// sections with a `sectionHeaderViewProvider`: on by default. Set it
    /// before a controller attaches.
    public var showsSectionsAsGroupRows: Bool {
      get { bridge?.groupRows ?? true }
      set {
        installedBridge().groupRows = newValue
        reloadData()
      }
    }

    /// The bridge, made and set as the table's data source and delegate
    /// if the table has none yet.
    func installedBridge() -> TableViewBridge {
      if let bridge { return bridge }
      let bridge = TableViewBridge(table: self)
      BridgeAssociation.set(bridge, on: self)
      // A delegate the app set before keeps hearing what Tabula does not
      // answer.
      if let app = delegate { bridge.appDelegate = app }
      dataSource = bridge
      delegate = bridge
      return bridge
    }

    /// The app's delegate. It hears every delegate call Tabula does not
    /// answer and, after Tabula, the selection's changes; its heights and
    /// its `shouldSelectRow` answers count. A delegate the app sets on the
    /// table, before or after the controller, becomes it.
    public var forwardingDelegate: (any NSTableViewDelegate)? {
      get { bridge?.appDelegate }
      set { installedBridge().appDelegate = newValue }
    }

    /// The app's own data source object: it hears the data-source calls
    /// Tabula does not answer, `tableView(_:sortDescriptorsDidChange:)` (a
    /// click on a sortable column's header: sort the data, apply the
    /// snapshot, and the rows move, animated).
    public var forwardingDataSource: (any NSTableViewDataSource)? {
      get { bridge?.appDataSource }
      set { installedBridge().appDataSource = newValue }
    }

    /// The column whose view the data source is making, while it makes one
    /// (`nil` otherwise): what a cell provider reads to fill a table of
    /// several columns.
    public var columnBeingMade: NSTableColumn? { bridge?.column }

    /// The source of rows and cells: a `ListController` sets itself here.
    /// The table's `dataSource` and `delegate` become a bridge that asks
    /// it.
    public var hostDataSource: (any ListHostDataSource<NSView>)? {
      get { bridge?.source }
      set {
        installedBridge().source = newValue
      }
    }

    /// Registers `cellClass` (made with `init(frame:)`) for views asked
    /// for under `reuseIdentifier`, when no nib is registered for it.
    public func registerCell(_ cellClass: NSView.Type, forReuseIdentifier reuseIdentifier: String) {
      installedBridge().viewClasses[reuseIdentifier] = cellClass
    }

    /// Whether a view class or a nib is registered under
    /// `reuseIdentifier`.
    public func hasCellRegistration(forReuseIdentifier reuseIdentifier: String) -> Bool? {
      bridge?.viewClasses[reuseIdentifier] != nil
        || registeredNibsByIdentifier?[NSUserInterfaceItemIdentifier(reuseIdentifier)] != nil
    }

    /// Applies `batch` as AppKit applies updates, one operation after
    /// another (``SequentialRowUpdate``): removals, the fewest moves,
    /// insertions, then reloads and in-place configurations of the rows
    /// whose content changed.
    public func performBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      let bridge = installedBridge()
      let before = bridge.layout
      updateData()
      let after = bridge.currentLayout()
      let update = SequentialRowUpdate(batch, from: before, to: after)
      bridge.layout = after
      let animation: NSTableView.AnimationOptions = animated ? bridge.rowAnimation : []
      beginUpdates()
      removeRows(at: IndexSet(update.removals), withAnimation: animation)
      for move in update.moves { moveRow(at: move.from, to: move.to) }
      insertRows(at: IndexSet(update.insertions), withAnimation: animation)
      endUpdates()
      let reloaded = IndexSet(update.reloads + update.updatedGroupRows)
      if !reloaded.isEmpty {
        reloadData(forRowIndexes: reloaded, columnIndexes: IndexSet(0..<max(1, numberOfColumns)))
      }
      for row in update.reconfigures { reconfigureRow(row) }
      syncSelection()
      // AppKit animates on its own; the next batch may start at once.
      completion()
    }

    /// Configures the visible view of the item at `row` again, in place.
    private func reconfigureRow(_ row: Int) {
      guard let bridge, let source = bridge.source, case .item(let path) = bridge.layout[row],
        let view = view(atColumn: 0, row: row, makeIfNecessary: false)
      else { return }
      bridge.reconfiguring = (row, view)
      defer { bridge.reconfiguring = nil }
      _ = source.cell(for: self, at: path)
    }

    /// The path of the item at `row` (`nil` for a group row, or a row
    /// outside the table): what a double click's or a context menu's
    /// `clickedRow` shows.
    ///
    /// ```swift
    /// @objc func openClickedRow(_ sender: Any?) {
    ///   guard let path = tableView.itemPath(forRow: tableView.clickedRow) else { return }
    ///   open(list.snapshot[path])
    /// }
    /// ```
    public func itemPath(forRow row: Int) -> ItemPath? {
      guard let layout = bridge?.layout, row >= 0, row < layout.rowCount,
        case .item(let path) = layout[row]
      else { return nil }
      return path
    }

    /// The row of the item at `path`, if the table has it.
    public func row(forItemAt path: ItemPath) -> Int? {
      guard let layout = bridge?.layout, path.section >= 0, path.section < layout.sectionCount,
        path.item >= 0, path.item < layout.itemCount(inSectionAt: path.section)
      else { return nil }
      return layout.row(of: path)
    }

    /// The paths of the rows on screen, in list order.
    public var visibleItemPaths: [ItemPath] {
      guard let bridge else { return [] }
      let rows = rows(in: visibleRect)
      guard rows.length > 0 else { return [] }
      return bridge.paths(IndexSet(integersIn: rows.location..<rows.location + rows.length))
    }

    /// The view of the item at `path`, if it is on screen.
    public func visibleCell(at path: ItemPath) -> NSView? {
      guard let bridge else { return nil }
      return view(atColumn: 0, row: bridge.layout.row(of: path), makeIfNecessary: false)
    }

    /// A view for `reuseIdentifier`: the view being configured again in
    /// place, a reused one (`makeView(withIdentifier:owner:)`, a nib's),
    /// or a new one of the class registered; a fallback view saying so
    /// when none is registered.
    public func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath)
      -> NSView
    {
      let bridge = installedBridge()
      if let (row, view) = bridge.reconfiguring, row == bridge.layout.row(of: path) {
        return view
      }
      let identifier = NSUserInterfaceItemIdentifier(reuseIdentifier)
      if let view = makeView(withIdentifier: identifier, owner: nil) { return view }
      guard let viewClass = bridge.viewClasses[reuseIdentifier] else {
        return fallbackCell(
          for: path, message: "no view is registered for the reuse identifier \(reuseIdentifier)")
      }
      let view = viewClass.init(frame: .zero)
      view.identifier = identifier
      return view
    }

    /// A view that shows `message` in place of a row that could not be
    /// presented.
    public func fallbackCell(for path: ItemPath, message: String) -> NSView {
      let view =
        makeView(withIdentifier: fallbackIdentifier, owner: nil) as? NSTableCellView
        ?? NSTableCellView.labelled(identifier: fallbackIdentifier)
      view.textField?.stringValue = message
      return view
    }

    /// Selects the rows of the source's selection.
    public func selectionDidChange() { syncSelection() }

    /// Shows the source's selection in the table, when the source keeps
    /// one.
    func syncSelection() {
      guard let bridge, let source = bridge.source, source.managesSelection else { return }
      let rows = IndexSet(source.selectedItemPaths.map { bridge.layout.row(of: $0) })
      guard rows != selectedRowIndexes else { return }
      bridge.isSyncingSelection = true
      defer { bridge.isSyncingSelection = false }
      allowsMultipleSelection = source.selectionMode == .multiple
      selectRowIndexes(rows, byExtendingSelection: false)
    }

    /// Asks every row's height again.
    public func heightsDidChange() {
      guard numberOfRows > 0 else { return }
      noteHeightOfRows(withIndexesChanged: IndexSet(integersIn: 0..<numberOfRows))
    }
  }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula

  extension ListController where Cell == NSView {
    /// A controller that shows `snapshot` in `tableView`, with each row's
    /// view in each column from `cellProvider` (the table, the column, the
    /// item's path and the item), and becomes the table's data source and
    /// delegate.
    ///
    /// ```swift
    /// list = ListController(tableView: tableView) { table, column, path, contact in
    ///   let view = table.dequeueCell(withReuseIdentifier: column.identifier.rawValue, for: path)
    ///   (view as? NSTableCellView)?.textField?.stringValue =
    ///     column.identifier.rawValue == "name" ? contact.name : contact.email
    ///   return view
    /// }
    /// ```
    public convenience init(
      tableView: NSTableView, snapshot: Snapshot<SectionModel, Item> = Snapshot(),
      cellProvider:
        @escaping @MainActor (
          _ tableView: NSTableView, _ column: NSTableColumn, _ path: ItemPath, _ item: Item
        ) -> NSView
    ) {
      self.init(host: tableView, snapshot: snapshot) { [weak tableView] host, path, item in
        guard let tableView else {
          return host.fallbackCell(for: path, message: "the table view is gone")
        }
        let column = tableView.columnBeingMade ?? tableView.tableColumns.first ?? NSTableColumn()
        return cellProvider(tableView, column, path, item)
      }
    }
  }
#endif
