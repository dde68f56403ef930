// The common screens of the TabulaUIKit article "Common screens"
// (CommonScreens.md), each written twice: with Tabula, and with plain UIKit
// (Apple's diffable data sources), doing the same; the SwiftUI screen is in
// TabulaSwiftUI/CommonScreens+SwiftUI.swift. .ci/apple type-checks both
// for iOS 16; CommonScreensLineCountTests counts the lines between each
// "screen:" mark and its "end of screen" mark (code lines, comments and
// blank lines left out) and checks the article's table. The screens moved
// by renaming (books, places) are written once in `BeforeRenaming`, on
// Apple's types, and once in `AfterRenaming`, with Tabula's names: the test
// checks that the two differ in those names and nothing else.

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

  enum Shelf: CaseIterable, Hashable, Sendable {
    case reading, finished

    var title: String { self == .reading ? "Reading" : "Finished" }
  }

  struct Book: Hashable, Identifiable, Sendable {
    let id: UUID
    var title: String
    var shelf: Shelf
  }

  /// A place of a travel guide's sidebar, with the places inside it.
  struct Place: Hashable, Identifiable, Sendable {
    let id: UUID
    var name: String
    var places: [Place] = []
  }

  /// The screens as written for Apple's diffable data sources.
  enum BeforeRenaming {}

  /// The same screens, Apple's type names replaced by Tabula's.
  enum AfterRenaming {}

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
    var contacts: [Contact] = [] { didSet { if isViewLoaded { show() } } }
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

    var contacts: [Contact] = [] { didSet { if isViewLoaded { show() } } }
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

  // MARK: Moving by renaming: Apple's types, then Tabula's names

  extension BeforeRenaming {
    // screen: books (UIKit)
    final class ShelfDataSource: UITableViewDiffableDataSource<Shelf, UUID> {
      override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
        -> String?
      {
        sectionIdentifier(for: section)?.title
      }
    }

    final class BooksViewController: UITableViewController {
      var books: [Book] = []
      private lazy var dataSource = ShelfDataSource(tableView: tableView) {
        [weak self] tableView, indexPath, id in
        let cell = tableView.dequeueReusableCell(withIdentifier: "book", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = self?.books.first { $0.id == id }?.title
        cell.contentConfiguration = content
        return cell
      }

      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "book")
        show(animated: false)
      }

      override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let id = dataSource.itemIdentifier(for: indexPath),
          let index = books.firstIndex(where: { $0.id == id })
        else { return }
        books[index].shelf = books[index].shelf == .reading ? .finished : .reading
        show(animated: true)
      }

      private func show(animated: Bool) {
        var snapshot = NSDiffableDataSourceSnapshot<Shelf, UUID>()
        snapshot.appendSections(Shelf.allCases)
        for shelf in Shelf.allCases {
          snapshot.appendItems(books.filter { $0.shelf == shelf }.map(\.id), toSection: shelf)
        }
        dataSource.apply(snapshot, animatingDifferences: animated)
      }
    }
    // end of screen

    // screen: places (UIKit)
    final class PlacesViewController: UIViewController {
      enum Section: Hashable, Sendable { case main }

      var places: [Place] = [] { didSet { if isViewLoaded { show() } } }
      private var opened: Set<UUID> = []
      private var collectionView: UICollectionView!
      private var dataSource: UICollectionViewDiffableDataSource<Section, Place>!

      override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .sidebar))
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Place> {
          cell, _, place in
          var content = cell.defaultContentConfiguration()
          content.text = place.name
          cell.contentConfiguration = content
          cell.accessories = place.places.isEmpty ? [] : [.outlineDisclosure()]
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
          collectionView, indexPath, place in
          collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: place)
        }
        dataSource.sectionSnapshotHandlers.willExpandItem = { [weak self] place in
          self?.opened.insert(place.id)
        }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { [weak self] place in
          self?.opened.remove(place.id)
        }
        navigationItem.rightBarButtonItem = UIBarButtonItem(
          title: "Collapse All", style: .plain, target: self, action: #selector(collapseAll))
        show()
      }

      private func show() {
        var outline = NSDiffableDataSourceSectionSnapshot<Place>()
        func append(_ places: [Place], to parent: Place?) {
          outline.append(places, to: parent)
          for place in places { append(place.places, to: place) }
        }
        append(places, to: nil)
        outline.expand(outline.items.filter { opened.contains($0.id) })
        dataSource.apply(outline, to: .main, animatingDifferences: true)
      }

      @objc private func collapseAll() {
        var outline = dataSource.snapshot(for: .main)
        outline.collapse(outline.items)
        opened.removeAll()
        dataSource.apply(outline, to: .main, animatingDifferences: true)
      }
    }
    // end of screen
  }

  extension AfterRenaming {
    // screen: books (Tabula)
    final class ShelfDataSource: TableViewDataSource<Shelf, UUID> {
      override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
        -> String?
      {
        sectionIdentifier(for: section)?.title
      }
    }

    final class BooksViewController: UITableViewController {
      var books: [Book] = []
      private lazy var dataSource = ShelfDataSource(tableView: tableView) {
        [weak self] tableView, indexPath, id in
        let cell = tableView.dequeueReusableCell(withIdentifier: "book", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = self?.books.first { $0.id == id }?.title
        cell.contentConfiguration = content
        return cell
      }

      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "book")
        show(animated: false)
      }

      override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let id = dataSource.itemIdentifier(for: indexPath),
          let index = books.firstIndex(where: { $0.id == id })
        else { return }
        books[index].shelf = books[index].shelf == .reading ? .finished : .reading
        show(animated: true)
      }

      private func show(animated: Bool) {
        var snapshot = DiffableSnapshot<Shelf, UUID>()
        snapshot.appendSections(Shelf.allCases)
        for shelf in Shelf.allCases {
          snapshot.appendItems(books.filter { $0.shelf == shelf }.map(\.id), toSection: shelf)
        }
        dataSource.apply(snapshot, animatingDifferences: animated)
      }
    }
    // end of screen

    // screen: places (Tabula)
    final class PlacesViewController: UIViewController {
      enum Section: Hashable, Sendable { case main }

      var places: [Place] = [] { didSet { if isViewLoaded { show() } } }
      private var opened: Set<UUID> = []
      private var collectionView: UICollectionView!
      private var dataSource: CollectionViewDataSource<Section, Place>!

      override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .sidebar))
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Place> {
          cell, _, place in
          var content = cell.defaultContentConfiguration()
          content.text = place.name
          cell.contentConfiguration = content
          cell.accessories = place.places.isEmpty ? [] : [.outlineDisclosure()]
        }
        dataSource = CollectionViewDataSource(collectionView: collectionView) {
          collectionView, indexPath, place in
          collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: place)
        }
        dataSource.sectionSnapshotHandlers.willExpandItem = { [weak self] place in
          self?.opened.insert(place.id)
        }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { [weak self] place in
          self?.opened.remove(place.id)
        }
        navigationItem.rightBarButtonItem = UIBarButtonItem(
          title: "Collapse All", style: .plain, target: self, action: #selector(collapseAll))
        show()
      }

      private func show() {
        var outline = DiffableSectionSnapshot<Place>()
        func append(_ places: [Place], to parent: Place?) {
          outline.append(places, to: parent)
          for place in places { append(place.places, to: place) }
        }
        append(places, to: nil)
        outline.expand(outline.items.filter { opened.contains($0.id) })
        dataSource.apply(outline, to: .main, animatingDifferences: true)
      }

      @objc private func collapseAll() {
        var outline = dataSource.snapshot(for: .main)
        outline.collapse(outline.items)
        opened.removeAll()
        dataSource.apply(outline, to: .main, animatingDifferences: true)
      }
    }
    // end of screen
  }
#endif
