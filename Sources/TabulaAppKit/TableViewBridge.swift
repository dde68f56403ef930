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

    init(table: NSTableView) {
      self.table = table
    }

    /// The rows of the source's sections now.
    func currentLayout() -> ListRowLayout {
      guard let source else { return ListRowLayout(itemCounts: [], groupRows: groupRows) }
      return ListRowLayout(
        itemCounts: (0..<source.numberOfSections).map { source.numberOfItems(inSectionAt: $0) },
        groupRows: groupRows)
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
      layout = currentLayout()
      return layout.rowCount
    }

    // MARK: Delegate

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
      -> NSView?
    {
      guard let source, row < layout.rowCount else { return nil }
      switch layout[row] {
      case .group(let section):
        let view = tableView.groupRowView()
        view.textField?.stringValue = source.headerTitle(forSectionAt: section) ?? ""
        return view
      case .item(let path):
        return source.cell(for: tableView, at: path)
      }
    }

    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      guard row < layout.rowCount, case .group = layout[row] else { return false }
      return true
    }

    func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool {
      guard let source, row < layout.rowCount, case .item = layout[row] else { return false }
      return source.selectionMode != .none
    }

    func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat {
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
      let view = NSTableCellView()
      view.identifier = identifier
      let label = NSTextField(labelWithString: "")
      label.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(label)
      view.textField = label
      NSLayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4),
        label.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4),
        label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
      ])
      return view
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
