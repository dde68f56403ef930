// README.md's first example: a UIKit screen. UIKit exists only on Apple
// platforms, so this file is compiled there only and type-checked for iOS 16
// by .ci/apple on Linux; the same presenter-and-controller flow runs against
// simulated views in TabulaTesting/TestingAScreen.swift.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  struct Person: Diffable, Equatable {
    let id: Int
    var name: String
    var initial: String { String(name.prefix(1)) }
  }

  /// How a person's row looks, in a table or a collection view.
  struct PersonRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
    func contentConfiguration(for person: Person, context: PresentationContext)
      -> any UIContentConfiguration
    {
      var content = UIListContentConfiguration.cell()
      content.text = person.name
      return content
    }
  }

  final class PeopleViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private let presenters = PresenterRegistry<UITableViewCell>()
    private lazy var list = ListController<SectionInfo, Person, UITableViewCell>(
      host: tableView, presenters: presenters)

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.frame = view.bounds
      tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(tableView)
      presenters.register(PersonRow<UITableViewCell>())
    }

    /// Shows `people` in sections by initial; the table animates what changed.
    func show(_ people: [Person]) throws(SnapshotError) {
      list.apply(try Snapshot(grouping: people, by: \.initial, sectionOrder: .ascending))
    }
  }
#endif
