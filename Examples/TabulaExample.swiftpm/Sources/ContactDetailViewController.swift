import Tabula
import TabulaUIKit
import UIKit

/// One line of a contact's card: a label and its value.
struct ContactField: Diffable, Hashable {
  /// The label, unique on a card.
  var id: String
  var value: String
}

/// A contact's card: the smallest Tabula screen, a snapshot of fields shown
/// once in an inset-grouped table, with no data source code.
final class ContactDetailViewController: UIViewController {
  private let contact: Contact
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private let presenters = PresenterRegistry<UITableViewCell>()
  private lazy var controller = ListController<SectionInfo, ContactField, UITableViewCell>(
    host: tableView, presenters: presenters)

  init(contact: Contact) {
    self.contact = contact
    super.init(nibName: nil, bundle: nil)
    title = contact.name
    navigationItem.largeTitleDisplayMode = .never
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.allowsSelection = false
    view.addSubview(tableView)
    presenters.register(
      ContentPresenter<ContactField, UITableViewCell> { field, _ in
        var content = UIListContentConfiguration.valueCell()
        content.text = field.id
        content.secondaryText = field.value
        return content
      })
    let fields = [
      ContactField(id: "Name", value: contact.name),
      ContactField(id: "Email", value: contact.email),
      ContactField(id: "City", value: contact.city),
    ]
    // The labels are distinct, so the snapshot cannot fail; if it did, the
    // card would stay empty and the error be reported.
    do {
      controller.apply(
        try Snapshot(fields, in: SectionInfo(id: "card")), animatingDifferences: false)
    } catch {
      TabulaLog.report("the contact card cannot be shown: \(error)")
    }
  }
}
