// Ordinary Mac diffable-data-source code, written against Apple's
// documented AppKit API (NSTableViewDiffableDataSource,
// NSDiffableDataSourceSnapshot). .ci/apple type-checks it twice for
// macOS: as it is, against AppKit, and with those type names replaced by
// Tabula's (TableViewDataSource, DiffableSnapshot) and nothing else
// changed. It is in no SwiftPM target.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula
  import TabulaAppKit

  // MARK: A table of contacts in two columns, sections as group rows

  enum ContactGroup: Hashable, Sendable {
    case favourites
    case everyone

    var title: String { self == .favourites ? "Favourites" : "Everyone" }
  }

  struct Contact: Hashable, Sendable {
    let id: UUID
    var name: String
    var email: String
    var isFavourite: Bool
  }

  final class ContactsViewController: NSViewController {
    private let tableView = NSTableView()
    private var contacts: [UUID: Contact] = [:]
    private var dataSource: NSTableViewDiffableDataSource<ContactGroup, UUID>!

    override func loadView() {
      let scrollView = NSScrollView()
      scrollView.documentView = tableView
      view = scrollView
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      for identifier in ["name", "email"] {
        let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier(identifier))
        column.title = identifier.capitalized
        tableView.addTableColumn(column)
      }
      dataSource = NSTableViewDiffableDataSource<ContactGroup, UUID>(tableView: tableView) {
        [weak self] tableView, tableColumn, row, id in
        let cell =
          tableView.makeView(withIdentifier: tableColumn.identifier, owner: self)
          as? NSTableCellView ?? NSTableCellView()
        let contact = self?.contacts[id]
        cell.textField?.stringValue =
          tableColumn.identifier.rawValue == "name" ? contact?.name ?? "" : contact?.email ?? ""
        return cell
      }
      dataSource.sectionHeaderViewProvider = { tableView, row, group in
        let header = NSTextField(labelWithString: group.title)
        header.font = .boldSystemFont(ofSize: NSFont.smallSystemFontSize)
        return header
      }
      dataSource.rowViewProvider = { tableView, row, identifier in
        NSTableRowView()
      }
      dataSource.defaultRowAnimation = [.slideDown]
      // The app's own delegate, set after the data source, as apps do.
      tableView.delegate = self
    }

    func show(_ list: [Contact], animated: Bool) {
      contacts = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
      var snapshot = NSDiffableDataSourceSnapshot<ContactGroup, UUID>()
      snapshot.appendSections([.favourites, .everyone])
      snapshot.appendItems(list.filter(\.isFavourite).map(\.id), toSection: .favourites)
      snapshot.appendItems(list.filter { !$0.isFavourite }.map(\.id), toSection: .everyone)
      dataSource.apply(snapshot, animatingDifferences: animated) {
        self.tableView.scrollRowToVisible(0)
      }
    }

    func rename(_ id: UUID, to name: String) {
      contacts[id]?.name = name
      var snapshot = dataSource.snapshot()
      snapshot.reloadItems([id])
      dataSource.apply(snapshot, animatingDifferences: false)
    }

    func delete(row: Int) {
      guard let id = dataSource.itemIdentifier(forRow: row) else { return }
      var snapshot = dataSource.snapshot()
      snapshot.deleteItems([id])
      dataSource.apply(snapshot, animatingDifferences: true)
    }

    func reveal(_ id: UUID) {
      if let row = dataSource.row(forItemIdentifier: id) {
        tableView.scrollRowToVisible(row)
        tableView.selectRowIndexes(IndexSet(integer: row), byExtendingSelection: false)
      }
    }

    func group(ofRow row: Int) -> ContactGroup? { dataSource.sectionIdentifier(forRow: row) }

    func headerRow(of group: ContactGroup) -> Int? { dataSource.row(forSectionIdentifier: group) }
  }

  extension ContactsViewController: NSTableViewDelegate {
    func tableViewSelectionDidChange(_ notification: Notification) {
      let row = tableView.selectedRow
      guard row >= 0, let id = dataSource.itemIdentifier(forRow: row) else { return }
      view.window?.title = contacts[id]?.name ?? ""
    }
  }
#endif
