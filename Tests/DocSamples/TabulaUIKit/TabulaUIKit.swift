// The sample of TabulaUIKit's overview (TabulaUIKit.md). UIKit exists only
// on Apple platforms, so this file is compiled there only; on Linux, the
// same presenters and controller run against simulated views in
// Tabula/Presenters.swift.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  struct UserRowPresenter: Presenter {
    func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user" }

    func configure(_ cell: UITableViewCell, with user: User, context: PresentationContext) {
      var content = cell.defaultContentConfiguration()
      content.text = user.name
      content.secondaryText = context.style == .byline ? user.byline : nil
      cell.contentConfiguration = content
    }
  }

  final class UsersViewController: UIViewController {
    private let tableView = UITableView()
    private let presenters = PresenterRegistry<UITableViewCell>()
    private lazy var controller = ListController<SectionInfo, AnyItem, UITableViewCell>(
      host: tableView, presenters: presenters)

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.frame = view.bounds
      tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(tableView)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "user")
      presenters.register(UserRowPresenter())
    }

    func show(_ users: [User]) throws(SnapshotError) {
      controller.apply(try Snapshot(users.map(AnyItem.init), in: SectionInfo(id: "users")))
    }
  }
#endif
