import GRDB
import Tabula
import TabulaGRDB
import TabulaUIKit
import UIKit

/// The address book: the `contact` table in a table view, live. Sections by
/// initial come from a `FetchedList`; the search field filters it in SQL;
/// rows can be swiped away, dragged within their letter and deleted by
/// selection in editing mode, each edit written back to SQLite and undoable
/// (the Undo and Redo buttons, shake to undo). "Sync" changes the table as
/// another writer would, and the list animates what changed.
final class ContactsViewController: UIViewController, UISearchResultsUpdating {
  private let database: DatabaseQueue
  private let tableView = UITableView(frame: .zero, style: .plain)
  private let presenters = PresenterRegistry<UITableViewCell>()
  /// The live list: contacts by initial, then in the user's order.
  private let contacts: FetchedList<Contact, AnyItem>
  private lazy var controller = ListController<SectionInfo, AnyItem, UITableViewCell>(
    host: tableView, presenters: presenters)
  /// The screen's own undo manager: the responder chain finds it (shake to
  /// undo), and the buttons use it, so both stay in step with it.
  private let edits = UndoManager()
  private var filter = ""
  private var syncRound = 0

  private lazy var undoItem = barButton("arrow.uturn.backward", #selector(undoEdit))
  private lazy var redoItem = barButton("arrow.uturn.forward", #selector(redoEdit))
  private lazy var syncItem = UIBarButtonItem(
    title: "Sync", style: .plain, target: self, action: #selector(simulateSync))
  private lazy var selectAllItem = UIBarButtonItem(
    title: "Select All", style: .plain, target: self, action: #selector(toggleSelectAll))
  private lazy var deleteItem = UIBarButtonItem(
    title: "Delete", style: .plain, target: self, action: #selector(deleteSelection))

  init(database: DatabaseQueue) {
    self.database = database
    contacts = FetchedList(
      database,
      request: FetchedRequest(
        table: "contact", orderedBy: [.ascending("initial"), .ascending("position")]),
      sectionedBy: .column("initial", order: .ascending),
      placeholderSection: SectionInfo(id: "contacts"))
    super.init(nibName: nil, bundle: nil)
    do {
      // Items are AnyItems (placeholders share the list): the row's id is
      // the contact's.
      try contacts.enableEditing(rankColumn: "position") { $0.value(for: Contact.self) }
    } catch {
      TabulaLog.report("the contacts cannot be edited: \(error)")
    }
  }

  required init?(coder: NSCoder) { nil }

  override var undoManager: UndoManager? { edits }

  override var canBecomeFirstResponder: Bool { true }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.allowsMultipleSelectionDuringEditing = true
    view.addSubview(tableView)
    presenters.register(ContactRow<UITableViewCell>())
    presenters.registerPlaceholders(noResults: "No contacts match.")
    // The section is the name's initial: a drag stays within its letter.
    controller.movePolicy = .withinSection
    controller.selectionMode = .multiple
    controller.didSelect = { [weak self] item, path in self?.didSelect(item, at: path) }
    controller.selectionDidChange = { [weak self] in self?.selectionChanged() }
    controller.didFailToWrite = { [weak self] error, _ in
      self?.showNotice("Couldn’t save the change: \(error)")
    }
    // Before binding: bindUndoManager keeps this closure and calls it too.
    controller.historyDidChange = { [weak self] in self?.updateUndoButtons() }
    controller.bindUndoManager(edits)
    controller.connect(to: contacts)

    let search = UISearchController(searchResultsController: nil)
    search.searchResultsUpdater = self
    search.obscuresBackgroundDuringPresentation = false
    search.searchBar.placeholder = "Filter by name"
    navigationItem.searchController = search
    navigationItem.hidesSearchBarWhenScrolling = false
    navigationItem.leftBarButtonItem = syncItem
    navigationItem.rightBarButtonItems = [editButtonItem, redoItem, undoItem]
    toolbarItems = [selectAllItem, .flexibleSpace(), deleteItem]
    updateUndoButtons()
    selectionChanged()
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    becomeFirstResponder()  // shake to undo asks the first responder's undo manager
  }

  // MARK: Filtering

  /// Each keystroke sets the list's filter: the list reads the filtered
  /// rows and animates the difference (and shows "No contacts match" when
  /// none does). The text is matched literally (`%` and `_` are not
  /// wildcards).
  func updateSearchResults(for searchController: UISearchController) {
    let text = searchController.searchBar.text?.trimmingCharacters(in: .whitespaces) ?? ""
    guard text != filter else { return }
    filter = text
    do {
      try contacts.setFilter(text.isEmpty ? nil : "name LIKE \(LikePattern.containing(text))")
    } catch {
      TabulaLog.report("the contacts cannot be filtered: \(error)")
    }
  }

  // MARK: Editing, selection and undo

  override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    tableView.setEditing(editing, animated: animated)
    controller.isEditing = editing
    if !editing { controller.deselectAll() }
    navigationController?.setToolbarHidden(!editing, animated: animated)
    syncItem.isEnabled = !editing
  }

  private func didSelect(_ item: AnyItem, at path: ItemPath) {
    // In editing mode a tap toggles the row's selection, which the
    // controller keeps by id; outside it, a tap opens the contact.
    guard !isEditing else { return }
    tableView.deselectRow(at: path.indexPath, animated: true)
    if let contact = item.base(as: Contact.self) {
      navigationController?.pushViewController(
        ContactDetailViewController(contact: contact), animated: true)
    } else if item.base is ErrorPlaceholder {
      contacts.refresh()
    }
  }

  private func selectionChanged() {
    // Selections made in code (Select All) show in the table too.
    tableView.syncSelection()
    let count = controller.selectedIDs.count
    deleteItem.title = count == 0 ? "Delete" : "Delete (\(count))"
    deleteItem.isEnabled = count > 0
    let allSelected = count > 0 && count == controller.snapshot.numberOfItems
    selectAllItem.title = allSelected ? "Deselect All" : "Select All"
  }

  @objc private func toggleSelectAll() {
    if controller.selectedIDs.count == controller.snapshot.numberOfItems {
      controller.deselectAll()
    } else {
      controller.selectAll()
    }
  }

  /// One user edit, one undo step ("Delete 3 Contacts"), written back.
  @objc private func deleteSelection() {
    controller.userDeleteSelectedItems()
  }

  // Undo goes through the undo manager, never `controller.undo()` directly,
  // so that the manager's stack stays the history's.
  @objc private func undoEdit() { edits.undo() }

  @objc private func redoEdit() { edits.redo() }

  private func updateUndoButtons() {
    let history = controller.history
    undoItem.isEnabled = history.canUndo
    undoItem.accessibilityLabel = history.undoName.map { "Undo \($0)" } ?? "Undo"
    redoItem.isEnabled = history.canRedo
    redoItem.accessibilityLabel = history.redoName.map { "Redo \($0)" } ?? "Redo"
  }

  // MARK: Another writer

  /// Changes the table as a server sync would, outside the list: the list
  /// sees the commit and animates only what changed.
  @objc private func simulateSync() {
    syncRound += 1
    let round = syncRound
    Task {
      do {
        showNotice(try await ContactsDatabase.simulateSync(database, round: round))
      } catch {
        showNotice("Sync failed: \(error)")
      }
    }
  }

  private func barButton(_ symbol: String, _ action: Selector) -> UIBarButtonItem {
    UIBarButtonItem(
      image: UIImage(systemName: symbol), style: .plain, target: self, action: action)
  }
}
