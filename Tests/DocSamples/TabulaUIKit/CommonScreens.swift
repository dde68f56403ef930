// The common screens of the TabulaUIKit article "Common screens"
// (CommonScreens.md), each written twice: with Tabula, and with plain UIKit
// (Apple's diffable data sources), doing the same. .ci/apple type-checks both
// for iOS 16; CommonScreensLineCountTests counts the lines between each
// "screen:" mark and its "end of screen" mark (code lines, comments and
// blank lines left out) and checks the article's table.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  // MARK: What both versions share: the models and the server

  struct Contact: Hashable, Identifiable, Sendable {
    let id: UUID
    var name: String
    var initial: String { String(name.prefix(1)).uppercased() }
  }

  struct Picture: Hashable, Identifiable, Sendable {
    let id: Int
    var imageName: String
    var caption: String
  }

  enum PictureService {
    /// A page of pictures; empty past the last page.
    static func pictures(page: Int) async throws -> [Picture] {
      page >= 5
        ? []
        : (0..<30).map {
          Picture(id: page * 30 + $0, imageName: "photo\($0 % 9)", caption: "#\($0)")
        }
    }
  }

  // screen: contacts (Tabula)
  extension Contact: Diffable {}

  final class ContactsViewController: UITableViewController, UISearchResultsUpdating {
    var contacts: [Contact] = [] { didSet { show() } }
    private var query = ""
    private lazy var list = ListController(tableView, for: Contact.self) { cell, contact in
      var content = cell.defaultContentConfiguration()
      content.text = contact.name
      cell.contentConfiguration = content
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      let search = UISearchController(searchResultsController: nil)
      search.searchResultsUpdater = self
      navigationItem.searchController = search
      list.emptyState = .message("No contacts found", symbolName: "magnifyingglass")
      list.commitDelete = { [weak self] deleted, _ in
        self?.contacts.removeAll { contact in deleted.contains { $0.id == contact.id } }
      }
      show()
    }

    func updateSearchResults(for searchController: UISearchController) {
      query = searchController.searchBar.text ?? ""
      show()
    }

    private func show() {
      let found = contacts.filter {
        query.isEmpty || $0.name.localizedCaseInsensitiveContains(query)
      }
      list.apply(found.sorted { $0.name < $1.name }, groupedBy: \.initial, sectionOrder: .ascending)
    }
  }
  // end of screen

  // screen: contacts (UIKit)
  final class PlainContactsViewController: UITableViewController, UISearchResultsUpdating {
    private final class DataSource: UITableViewDiffableDataSource<String, UUID> {
      var onDelete: ((UUID) -> Void)?

      override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
        -> String?
      {
        sectionIdentifier(for: section)
      }

      override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        true
      }

      override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
      ) {
        guard editingStyle == .delete, let id = itemIdentifier(for: indexPath) else { return }
        onDelete?(id)
      }
    }

    var contacts: [Contact] = [] { didSet { show() } }
    private var query = ""
    private let noResults = UILabel()
    private lazy var dataSource = DataSource(tableView: tableView) {
      [weak self] tableView, indexPath, id in
      let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = self?.contacts.first { $0.id == id }?.name
      cell.contentConfiguration = content
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
      let search = UISearchController(searchResultsController: nil)
      search.searchResultsUpdater = self
      navigationItem.searchController = search
      noResults.text = "No contacts found"
      noResults.textAlignment = .center
      noResults.textColor = .secondaryLabel
      dataSource.onDelete = { [weak self] id in self?.contacts.removeAll { $0.id == id } }
      show()
    }

    func updateSearchResults(for searchController: UISearchController) {
      query = searchController.searchBar.text ?? ""
      show()
    }

    private func show() {
      let found = contacts.filter {
        query.isEmpty || $0.name.localizedCaseInsensitiveContains(query)
      }
      var snapshot = NSDiffableDataSourceSnapshot<String, UUID>()
      let groups = Dictionary(grouping: found.sorted { $0.name < $1.name }, by: \.initial)
      for (initial, group) in groups.sorted(by: { $0.key < $1.key }) {
        snapshot.appendSections([initial])
        snapshot.appendItems(group.map(\.id), toSection: initial)
      }
      dataSource.apply(snapshot, animatingDifferences: true)
      tableView.backgroundView = found.isEmpty ? noResults : nil
    }
  }
  // end of screen

  // screen: photos (Tabula)
  extension Picture: Diffable {}

  final class PicturesViewController: UIViewController {
    private let collectionView = UICollectionView(
      frame: .zero,
      collectionViewLayout: .tabula(default: .grid(columns: 3, itemHeight: .estimated(120))))
    private let presenters = PresenterRegistry<UICollectionViewCell>()
    private lazy var list = ListController<SectionInfo, AnyItem, UICollectionViewCell>(
      host: collectionView, presenters: presenters)
    private let photos = PagedSource<SectionInfo, AnyItem, Int>(section: "Photos") { page in
      let batch = try await PictureService.pictures(page: page ?? 0)
      return .init(items: batch.map(AnyItem.init), next: batch.isEmpty ? nil : (page ?? 0) + 1)
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.frame = view.bounds
      collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(collectionView)
      presenters.register(Picture.self) { photo, _ in
        var content = UIListContentConfiguration.cell()
        content.image = UIImage(named: photo.imageName)
        content.text = photo.caption
        return content
      }
      presenters.registerPlaceholders()
      list.connect(to: photos)
      collectionView.attachRefreshControl { [weak self] in
        self?.photos.refresh()
        await self?.photos.waitUntilIdle()
      }
      photos.load()
    }
  }
  // end of screen

  // screen: photos (UIKit)
  final class PlainPicturesViewController: UIViewController, UICollectionViewDelegate {
    private enum Row: Hashable {
      case photo(Picture)
      case loading
      case failed(String)
      case end
    }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Row>!
    private var photos: [Picture] = []
    private var nextPage: Int? = 0
    private var isLoading = false
    private var failure: String?

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
      collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      collectionView.delegate = self
      view.addSubview(collectionView)
      let photoCell = UICollectionView.CellRegistration<UICollectionViewListCell, Picture> {
        cell, _, photo in
        var content = UIListContentConfiguration.cell()
        content.image = UIImage(named: photo.imageName)
        content.text = photo.caption
        cell.contentConfiguration = content
      }
      let statusCell = UICollectionView.CellRegistration<UICollectionViewListCell, Row> {
        cell, _, row in
        var content = UIListContentConfiguration.cell()
        switch row {
        case .loading: content.text = "Loading…"
        case .failed(let message): content.text = "Couldn’t load: \(message). Tap to try again."
        case .end: content.text = "You’re all caught up."
        case .photo: break
        }
        content.textProperties.color = .secondaryLabel
        cell.contentConfiguration = content
      }
      dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
        collectionView, indexPath, row in
        if case .photo(let photo) = row {
          return collectionView.dequeueConfiguredReusableCell(
            using: photoCell, for: indexPath, item: photo)
        }
        return collectionView.dequeueConfiguredReusableCell(
          using: statusCell, for: indexPath, item: row)
      }
      let refresh = UIRefreshControl()
      refresh.addTarget(self, action: #selector(refreshPulled), for: .valueChanged)
      collectionView.refreshControl = refresh
      loadPage()
    }

    private func makeLayout() -> UICollectionViewLayout {
      UICollectionViewCompositionalLayout { section, _ in
        let item = NSCollectionLayoutItem(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(section == 0 ? 1 / 3 : 1),
            heightDimension: .estimated(120)))
        let group = NSCollectionLayoutGroup.horizontal(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(120)),
          subitems: [item])
        return NSCollectionLayoutSection(group: group)
      }
    }

    private func loadPage(replacing: Bool = false) {
      guard !isLoading, let page = replacing ? 0 : nextPage else { return }
      isLoading = true
      failure = nil
      show()
      Task {
        do {
          let batch = try await PictureService.pictures(page: page)
          let known = Set(photos.map(\.id))
          photos = replacing ? batch : photos + batch.filter { !known.contains($0.id) }
          nextPage = batch.isEmpty ? nil : page + 1
        } catch {
          failure = error.localizedDescription
        }
        isLoading = false
        collectionView.refreshControl?.endRefreshing()
        show()
      }
    }

    private func show() {
      var snapshot = NSDiffableDataSourceSnapshot<Int, Row>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems(photos.map(Row.photo), toSection: 0)
      if isLoading {
        snapshot.appendItems([.loading], toSection: 1)
      } else if let failure {
        snapshot.appendItems([.failed(failure)], toSection: 1)
      } else if nextPage == nil {
        snapshot.appendItems([.end], toSection: 1)
      }
      dataSource.apply(snapshot, animatingDifferences: true)
    }

    @objc private func refreshPulled() { loadPage(replacing: true) }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      if indexPath.section == 0, indexPath.item >= photos.count - 6 { loadPage() }
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      if case .failed = dataSource.itemIdentifier(for: indexPath) { loadPage() }
    }
  }
// end of screen
#endif
