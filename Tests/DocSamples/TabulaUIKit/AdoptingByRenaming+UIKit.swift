// The Apple-only samples of TabulaUIKit's migration article
// (AdoptingByRenaming.md); type-checked for iOS by .ci/apple.
#if canImport(UIKit)
  import Foundation
  import Tabula
  import TabulaUIKit
  import UIKit

  final class TeamDataSource: TableViewDataSource<TeamSection, UUID> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
      -> String?
    {
      sectionIdentifier(for: section)?.title
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      true
    }
  }

  @MainActor
  func showTeam(_ members: [Member], in dataSource: TeamDataSource) {
    var snapshot = DiffableSnapshot<TeamSection, UUID>()
    snapshot.appendSections([.leads, .members])
    snapshot.appendItems(members.filter(\.isLead).map(\.id), toSection: .leads)
    snapshot.appendItems(members.filter { !$0.isLead }.map(\.id), toSection: .members)
    dataSource.apply(snapshot, animatingDifferences: true)
  }
#endif
