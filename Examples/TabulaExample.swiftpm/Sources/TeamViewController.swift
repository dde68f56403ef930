import Foundation
import Tabula
import TabulaUIKit
import UIKit

// A screen written against Apple's diffable data source API
// (UITableViewDiffableDataSource, NSDiffableDataSourceSnapshot) and moved to
// Tabula by renaming those two types (TableViewDataSource,
// DiffableSnapshot): nothing else changed. See TabulaUIKit's article
// "Adopting Tabula by renaming two types".

/// The team's sections.
enum TeamGroup: Int, CaseIterable, Hashable, Sendable {
  case leads, engineers, designers

  var title: String {
    switch self {
    case .leads: "Leads"
    case .engineers: "Engineers"
    case .designers: "Designers"
    }
  }
}

/// A member of the team.
struct TeamMember: Hashable, Sendable {
  let id: UUID
  var name: String
  var group: TeamGroup
  var isAway = false
}

/// Apple-style: a data source subclass for titles, deletes and reordering.
final class TeamTableDataSource: TableViewDataSource<TeamGroup, UUID> {
  var onDelete: ((UUID) -> Void)?

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
    -> String?
  {
    sectionIdentifier(for: section)?.title
  }

  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }

  override func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete, let id = itemIdentifier(for: indexPath) else { return }
    var snapshot = snapshot()
    snapshot.deleteItems([id])
    apply(snapshot, animatingDifferences: true)
    onDelete?(id)
  }

  override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    true
  }
}

/// The team, in a table: tap a member to mark them away (the row is
/// reconfigured), Shuffle to reorder everyone (animated moves), Edit to
/// drag or delete.
final class TeamViewController: UIViewController, UITableViewDelegate {
  private let tableView = UITableView(frame: .zero, style: .insetGrouped)
  private var members: [UUID: TeamMember] = [:]
  private var order: [UUID] = []
  private lazy var dataSource = makeDataSource()

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(tableView)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "member")
    tableView.delegate = self
    navigationItem.leftBarButtonItem = editButtonItem
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Shuffle", style: .plain, target: self, action: #selector(shuffle))
    dataSource.defaultRowAnimation = .fade
    dataSource.onDelete = { [weak self] id in
      self?.members[id] = nil
      self?.order.removeAll { $0 == id }
    }
    let names: [(String, TeamGroup)] = [
      ("Ada", .leads), ("Grace", .leads), ("Alan", .engineers), ("Barbara", .engineers),
      ("Edsger", .engineers), ("Margaret", .engineers), ("Susan", .designers),
      ("Dieter", .designers), ("Jony", .designers),
    ]
    for (name, group) in names {
      let member = TeamMember(id: UUID(), name: name, group: group)
      members[member.id] = member
      order.append(member.id)
    }
    applySnapshot(animated: false)
  }

  override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    tableView.setEditing(editing, animated: animated)
  }

  private func makeDataSource() -> TeamTableDataSource {
    TeamTableDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
      let cell = tableView.dequeueReusableCell(withIdentifier: "member", for: indexPath)
      var content = cell.defaultContentConfiguration()
      let member = self?.members[id]
      content.text = member?.name
      content.secondaryText = member?.isAway == true ? "Away" : nil
      cell.contentConfiguration = content
      return cell
    }
  }

  private func applySnapshot(animated: Bool) {
    var snapshot = DiffableSnapshot<TeamGroup, UUID>()
    snapshot.appendSections(TeamGroup.allCases)
    for group in TeamGroup.allCases {
      snapshot.appendItems(order.filter { members[$0]?.group == group }, toSection: group)
    }
    dataSource.apply(snapshot, animatingDifferences: animated)
  }

  @objc private func shuffle() {
    order.shuffle()
    applySnapshot(animated: true)
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
    members[id]?.isAway.toggle()
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems([id])
    dataSource.apply(snapshot, animatingDifferences: true)
  }
}
