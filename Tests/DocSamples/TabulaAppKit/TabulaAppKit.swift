// The samples of TabulaAppKit's guide (TabulaAppKit.md). AppKit exists only
// on the Mac, so this file is compiled there only and type-checked for
// macOS 13 by .ci/apple on Linux.

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula
  import TabulaAppKit

  /// A friend, as the guide's table shows one.
  struct Friend: Diffable, Equatable {
    let id: Int
    var name: String
  }

  /// A contact, as the guide's sortable table shows one.
  struct Contact: Diffable, Equatable {
    let id: Int
    var name: String
    var email: String
  }

  final class FriendsViewController: NSViewController {
    @IBOutlet var tableView: NSTableView!
    private var list: ListController<SectionInfo, Friend, NSView>!

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.registerCell(TableTextCell.self, forReuseIdentifier: "friend")
      list = ListController(host: tableView) { table, path, friend in
        let view = table.dequeueCell(withReuseIdentifier: "friend", for: path)
        (view as? NSTableCellView)?.textField?.stringValue = friend.name
        return view
      }
      list.selectionMode = .single
    }
  }

  // MARK: A sortable table of several columns

  @MainActor
  final class ContactsTable: NSObject, NSTableViewDataSource {
    private let tableView: NSTableView
    private let contacts: [Contact]
    private var list: ListController<SectionInfo, Contact, NSView>!

    init(tableView: NSTableView, contacts: [Contact]) {
      self.tableView = tableView
      self.contacts = contacts
      super.init()
      for key in ["name", "email"] {
        let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier(key))
        column.title = key.capitalized
        column.sortDescriptorPrototype = NSSortDescriptor(key: key, ascending: true)
        tableView.addTableColumn(column)
        tableView.registerCell(TableTextCell.self, forReuseIdentifier: key)
      }
      tableView.showsSectionsAsGroupRows = false
      list = ListController(tableView: tableView) { table, column, path, contact in
        let key = column.identifier.rawValue
        let view = table.dequeueCell(withReuseIdentifier: key, for: path)
        (view as? NSTableCellView)?.textField?.stringValue =
          key == "email" ? contact.email : contact.name
        return view
      }
      tableView.forwardingDataSource = self
      show()
    }

    func tableView(
      _ tableView: NSTableView, sortDescriptorsDidChange oldDescriptors: [NSSortDescriptor]
    ) {
      show()
    }

    private func show() {
      let order = tableView.sortDescriptors.first
      let sorted = contacts.sorted { first, second in
        let (a, b) = order?.key == "email" ? (first.email, second.email) : (first.name, second.name)
        return order?.ascending == false ? a > b : a < b
      }
      do {
        list.apply(try Snapshot(sorted, in: SectionInfo(id: "contacts")))
      } catch {
        assertionFailure("contacts have unique ids: \(error)")
      }
    }
  }
#endif
