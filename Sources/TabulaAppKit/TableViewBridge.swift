// TabulaAppKit: NSTableView as a Tabula list host.
//
// Apple platforms only. This is thin glue: what changed and in which order
// AppKit takes it (`SequentialRowUpdate`), which row shows which item
// (`ListRowLayout`) and every other decision are made in the portable
// Tabula module and tested on Linux. The glue is type-checked for macOS by
// `.ci/apple`.
//
// Files:
// - TableViewBridge.swift: the table's data source and delegate, answered
//   from a ListHostDataSource, and the objects a table keeps;
// - NSTableView+ListHost.swift: the table's own calls (batches, cells).

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula

  /// The reuse identifier of the views that show section headers as group
  /// rows.
  let groupRowIdentifier = NSUserInterfaceItemIdentifier("Tabula.groupRow")
  /// The reuse identifier of the fallback cells.
  let fallbackIdentifier = NSUserInterfaceItemIdentifier("Tabula.fallback")

  /// An `NSTableView`'s data source and delegate for a ``ListHostDataSource``
  /// (a `ListController`): rows from the source's sections, each section a
  /// group row (its header) followed by its items when
  /// ``NSTableView/showsSectionsAsGroupRows`` is on.
  @MainActor
  final class TableViewBridge: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    /// The table served.
    weak var table: NSTableView?
    /// The source of rows and cells (the table holds it weakly, as UIKit
    /// holds its data source).
    weak var source: (any ListHostDataSource<NSView>)?
    /// The rows the table was last told of.
    var layout = ListRowLayout(itemCounts: [], groupRows: true)
    /// Whether sections show as group rows.
    var groupRows = true
    /// View classes registered for reuse identifiers.
    var viewClasses: [String: NSView.Type] = [:]
    /// The row whose view is being configured again in place, and its view:
    /// what `dequeueCell` returns for it.
    var reconfiguring: (row: Int, view: NSView)?
    /// Whether the table's selection is being set from the source's (its
    /// notification is then not a user's selection).
    var isSyncingSelection = false
    /// The column whose view is being made (`nil` between calls): what a
    /// cell provider that takes a column (the drop-in data source's) reads.
    var column: NSTableColumn?
    /// How inserted and removed rows animate.
    var rowAnimation: NSTableView.AnimationOptions = [.effectFade]
    /// Makes a group row's view (the table, the row, the section's index),
    /// in place of the plain title.
    var groupRowView: (@MainActor (NSTableView, Int, Int) -> NSView)?
    /// Makes a row's row view (the table and the row), if set.
    var rowView: (@MainActor (NSTableView, Int) -> NSTableRowView?)?
    /// The app's own data source (a drop-in data source, or the app's
    /// object): it hears the data-source calls the bridge does not answer
    /// (a click on a column header that re-sorts).
    weak var appDataSource: (any NSTableViewDataSource)?

    init(table: NSTableView) {
      self.table = table
    }

    // MARK: The app's delegate

    /// The app's own delegate, held weakly (as AppKit holds its delegate)
    /// where any thread may read it: Objective-C asks `responds(to:)` and
    /// `forwardingTarget(for:)` off the main actor's isolation.
    private nonisolated let appDelegateReference = LockedWeakReference()

    /// The app's delegate: it hears every delegate call the bridge does not
    /// answer, and after the bridge those it does (the selection); its
    /// answers to heights and to whether a row may be selected count.
    var appDelegate: (any NSTableViewDelegate)? {
      get { appDelegateReference.object as? any NSTableViewDelegate }
      set { appDelegateReference.object = newValue }
    }

    /// Whether a reclaim of the table's delegate slot waits for the next
    /// turn.
    private var reclaimScheduled = false

    /// The app set its own delegate in the table's slot: it becomes the
    /// one the bridge passes calls on to, and the bridge takes the slot
    /// back on the next turn (not from inside AppKit's call).
    func reclaimIfReplaced() {
      guard let table, table.delegate !== self else { return }
      if let app = table.delegate { appDelegate = app }
      guard !reclaimScheduled else { return }
      reclaimScheduled = true
      Task { @MainActor [weak self] in
        guard let self else { return }
        self.reclaimScheduled = false
        guard let table = self.table, table.delegate !== self else { return }
        if let app = table.delegate { self.appDelegate = app }
        table.delegate = self
        table.reloadData()
      }
    }

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector)
        || (appDelegateReference.object?.responds(to: aSelector) ?? false)
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
      if let app = appDelegateReference.object, app.responds(to: aSelector) { return app }
      return super.forwardingTarget(for: aSelector)
    }

    /// The rows of the source's sections now.
    func currentLayout() -> ListRowLayout {
      ListRowLayout(itemCounts: source?.itemCounts ?? [], groupRows: groupRows)
    }

    /// The item rows of `rows` (group rows left out), as paths.
    func paths(_ rows: IndexSet) -> [ItemPath] {
      rows.compactMap { row in
        guard row < layout.rowCount, case .item(let path) = layout[row] else { return nil }
        return path
      }
    }

    // MARK: Data source

    func numberOfRows(in tableView: NSTableView) -> Int {
      reclaimIfReplaced()
      layout = currentLayout()
      return layout.rowCount
    }

    func tableView(
      _ tableView: NSTableView, sortDescriptorsDidChange oldDescriptors: [NSSortDescriptor]
    ) {
      appDataSource?.tableView?(tableView, sortDescriptorsDidChange: oldDescriptors)
    }

    // MARK: Delegate

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
      -> NSView?
    {
      guard let source, row < layout.rowCount else { return nil }
      column = tableColumn
      defer { column = nil }
      switch layout[row] {
      case .group(let section):
        if let groupRowView { return groupRowView(tableView, row, section) }
        let view = tableView.groupRowView()
        view.textField?.stringValue = source.headerTitle(forSectionAt: section) ?? ""
        return view
      case .item(let path):
        return source.cell(for: tableView, at: path)
      }
    }

    func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      rowView?(tableView, row) ?? appDelegate?.tableView?(tableView, rowViewForRow: row)
    }

    /// Typing selects by the text the row's view shows (its text field),
    /// unless the app's delegate answers.
    func tableView(
      _ tableView: NSTableView, typeSelectStringFor tableColumn: NSTableColumn?, row: Int
    ) -> String? {
      if let app = appDelegate,
        app.responds(to: #selector(NSTableViewDelegate.tableView(_:typeSelectStringFor:row:)))
      {
        return app.tableView?(tableView, typeSelectStringFor: tableColumn, row: row)
      }
      guard row < layout.rowCount, case .item = layout[row] else { return nil }
      let column = tableColumn.map { tableView.column(withIdentifier: $0.identifier) } ?? 0
      let view = tableView.view(atColumn: max(column, 0), row: row, makeIfNecessary: false)
      return (view as? NSTableCellView)?.textField?.stringValue
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      guard row < layout.rowCount, case .group = layout[row] else { return false }
      return true
    }

    func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool {
      guard let source, row < layout.rowCount, case .item = layout[row] else { return false }
      return source.selectionMode != .none
        && appDelegate?.tableView?(tableView, shouldSelectRow: row) ?? true
    }

    func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat {
      if let height = appDelegate?.tableView?(tableView, heightOfRow: row) { return height }
      guard let source, row < layout.rowCount, case .item(let path) = layout[row] else {
        return tableView.rowHeight
      }
      let width = Double(tableView.bounds.width)
      return CGFloat(
        source.height(forItemAt: path, width: width)
          ?? source.estimatedHeight(forItemAt: path, width: width)
          ?? Double(tableView.rowHeight))
    }

    func tableViewSelectionDidChange(_ notification: Notification) {
      defer { appDelegate?.tableViewSelectionDidChange?(notification) }
      guard !isSyncingSelection, let source, let table else { return }
      let selected = Set(paths(table.selectedRowIndexes))
      for path in source.selectedItemPaths where !selected.contains(path) {
        source.didDeselectItem(at: path)
      }
      let before = Set(source.selectedItemPaths)
      for path in selected.sorted() where !before.contains(path) {
        source.didSelectItem(at: path)
      }
    }
  }

  extension NSTableView {
    /// A view for a group row: a table cell view with a text field,
    /// reused under its own identifier.
    func groupRowView() -> NSTableCellView {
      if let view = makeView(withIdentifier: groupRowIdentifier, owner: nil) as? NSTableCellView {
        return view
      }
      return NSTableCellView.labelled(identifier: groupRowIdentifier)
    }
  }

  extension NSTableCellView {
    /// A table cell view showing one line of text, under `identifier`.
    static func labelled(identifier: NSUserInterfaceItemIdentifier) -> NSTableCellView {
      let view = TableTextCell(frame: .zero)
      view.identifier = identifier
      return view
    }
  }

  /// A table cell view made in code with one text field (its `textField`),
  /// for tables without a nib: register it for a reuse identifier
  /// (`registerCell(TableTextCell.self, forReuseIdentifier:)`) and set the
  /// field's `stringValue` in the cell provider.
  open class TableTextCell: NSTableCellView {
    /// A cell with an empty text field.
    public override init(frame frameRect: NSRect) {
      super.init(frame: frameRect)
      let label = NSTextField(labelWithString: "")
      label.translatesAutoresizingMaskIntoConstraints = false
      label.lineBreakMode = .byTruncatingTail
      addSubview(label)
      textField = label
      NSLayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4),
        label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -4),
        label.centerYAnchor.constraint(equalTo: centerYAnchor),
      ])
    }

    /// Not made from a nib: use ``init(frame:)``.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
    }
  }

  /// A weak reference that any thread reads and writes.
  ///
  /// `@unchecked Sendable` is sound: its only stored state is `_object`,
  /// read and written only while `lock` is held, and the object it hands
  /// out is used only for `responds(to:)` or returned to the Objective-C
  /// runtime, which calls it on the thread that asked (AppKit's main
  /// thread).
  final class LockedWeakReference: @unchecked Sendable {
    private let lock = NSLock()
    private weak var _object: NSObjectProtocol?

    var object: NSObjectProtocol? {
      get {
        lock.lock()
        defer { lock.unlock() }
        return _object
      }
      set {
        lock.lock()
        defer { lock.unlock() }
        _object = newValue
      }
    }
  }

  /// The bridge a table keeps (AppKit holds its data source and delegate
  /// weakly), as an Objective-C associated object.
  @MainActor
  enum BridgeAssociation {
    /// The key's address is what Objective-C compares.
    private static let key = UnsafeRawPointer(
      UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    static func bridge(of table: NSTableView) -> TableViewBridge? {
      objc_getAssociatedObject(table, key) as? TableViewBridge
    }

    static func set(_ bridge: TableViewBridge?, on table: NSTableView) {
      objc_setAssociatedObject(table, key, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
#endif
