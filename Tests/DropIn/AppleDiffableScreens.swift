// Ordinary diffable-data-source code, written against Apple's documented
// API (UITableViewDiffableDataSource, UICollectionViewDiffableDataSource,
// NSDiffableDataSourceSnapshot, NSDiffableDataSourceSectionSnapshot and the
// transactions). .ci/apple type-checks it twice for iOS: as it is, against
// UIKit, and with those type names replaced by Tabula's
// (TableViewDataSource, CollectionViewDataSource, DiffableSnapshot,
// DiffableSectionSnapshot, DiffableDataSourceTransaction,
// DiffableDataSourceSectionTransaction) and nothing else changed. The
// screens set their own delegates, prefetch data sources and drag and drop
// delegates, before and after making the data source, as apps do. It is in
// no SwiftPM target.
#if canImport(UIKit)
  import Foundation
  import Tabula
  import TabulaUIKit
  import UIKit

  // MARK: A table of contacts: sections as an enum, UUID identifiers

  enum ContactSection: Int, CaseIterable, Hashable, Sendable {
    case favourites, everyone

    var title: String { self == .favourites ? "Favourites" : "Everyone" }
  }

  struct Contact: Hashable, Sendable {
    let id: UUID
    var name: String
    var isFavourite: Bool
  }

  /// A data source subclass overriding the table's editing methods, as
  /// apps do to get reordering, swipe to delete and titles.
  final class ContactsDataSource: UITableViewDiffableDataSource<ContactSection, UUID> {
    var onMove: ((UUID, IndexPath) -> Void)?
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
      indexPath.section == ContactSection.everyone.rawValue
    }

    override func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      guard let id = itemIdentifier(for: destinationIndexPath) else { return }
      onMove?(id, destinationIndexPath)
    }
  }

  final class ContactsViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private var contacts: [UUID: Contact] = [:]
    private lazy var dataSource = makeDataSource()

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.frame = view.bounds
      view.addSubview(tableView)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
      navigationItem.rightBarButtonItem = editButtonItem
      dataSource.defaultRowAnimation = .fade
      dataSource.onDelete = { [weak self] id in self?.contacts[id] = nil }
      show(
        [
          Contact(id: UUID(), name: "Ada", isFavourite: true),
          Contact(id: UUID(), name: "Grace", isFavourite: false),
        ], animated: false)
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
      super.setEditing(editing, animated: animated)
      tableView.setEditing(editing, animated: animated)
    }

    private func makeDataSource() -> ContactsDataSource {
      ContactsDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = self?.contacts[id]?.name
        cell.contentConfiguration = content
        return cell
      }
    }

    func show(_ list: [Contact], animated: Bool) {
      for contact in list { contacts[contact.id] = contact }
      var snapshot = NSDiffableDataSourceSnapshot<ContactSection, UUID>()
      snapshot.appendSections(ContactSection.allCases)
      snapshot.appendItems(list.filter(\.isFavourite).map(\.id), toSection: .favourites)
      snapshot.appendItems(list.map(\.id), toSection: .everyone)
      dataSource.apply(snapshot, animatingDifferences: animated)
    }

    /// A contact renamed: its row is reconfigured in place.
    func rename(_ id: UUID, to name: String) {
      contacts[id]?.name = name
      var snapshot = dataSource.snapshot()
      snapshot.reconfigureItems([id])
      dataSource.apply(snapshot, animatingDifferences: true)
    }

    /// A refresh from the server: everything anew, without animation.
    func replaceAll(with list: [Contact]) async {
      contacts = [:]
      for contact in list { contacts[contact.id] = contact }
      var snapshot = NSDiffableDataSourceSnapshot<ContactSection, UUID>()
      snapshot.appendSections([.everyone])
      snapshot.appendItems(list.map(\.id))
      await dataSource.applySnapshotUsingReloadData(snapshot)
    }
  }

  // MARK: A photo grid: Int sections, struct identifiers, registrations

  struct PhotoID: Hashable, Sendable {
    let album: Int
    let index: Int
  }

  final class AlbumsViewController: UIViewController {
    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, PhotoID>!
    private var favourites: Set<PhotoID> = []

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
      view.addSubview(collectionView)
      configureDataSource()
      loadAlbums(count: 3)
    }

    private func makeLayout() -> UICollectionViewLayout {
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1 / 3), heightDimension: .fractionalHeight(1)))
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1 / 3)),
        subitems: [item])
      let section = NSCollectionLayoutSection(group: group)
      section.boundarySupplementaryItems = [
        NSCollectionLayoutBoundarySupplementaryItem(
          layoutSize: NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
          elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
      ]
      return UICollectionViewCompositionalLayout(section: section)
    }

    private func configureDataSource() {
      let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, PhotoID> {
        [weak self] cell, _, id in
        var content = cell.defaultContentConfiguration()
        content.text = "Photo \(id.index)"
        content.secondaryText = self?.favourites.contains(id) == true ? "★" : nil
        cell.contentConfiguration = content
      }
      dataSource = UICollectionViewDiffableDataSource<Int, PhotoID>(
        collectionView: collectionView
      ) { collectionView, indexPath, id in
        collectionView.dequeueConfiguredReusableCell(
          using: cellRegistration, for: indexPath, item: id)
      }
      let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: UICollectionView.elementKindSectionHeader
      ) { header, _, indexPath in
        var content = UIListContentConfiguration.groupedHeader()
        content.text = "Album \(indexPath.section + 1)"
        header.contentConfiguration = content
      }
      dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
        collectionView.dequeueConfiguredReusableSupplementary(
          using: headerRegistration, for: indexPath)
      }
      dataSource.reorderingHandlers.canReorderItem = { _ in true }
      dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
        self?.saveOrder(transaction.finalSnapshot.itemIdentifiers)
      }
    }

    func loadAlbums(count: Int) {
      var snapshot = NSDiffableDataSourceSnapshot<Int, PhotoID>()
      for album in 0..<count {
        snapshot.appendSections([album])
        snapshot.appendItems((0..<9).map { PhotoID(album: album, index: $0) }, toSection: album)
      }
      dataSource.apply(snapshot, animatingDifferences: false) { [weak self] in
        self?.collectionView.flashScrollIndicators()
      }
    }

    /// A photo starred: reconfigured; an album moved first; one reloaded.
    func toggleFavourite(_ id: PhotoID) {
      if favourites.insert(id).inserted == false { favourites.remove(id) }
      var snapshot = dataSource.snapshot()
      snapshot.reconfigureItems([id])
      if let first = snapshot.sectionIdentifiers.first, first != id.album {
        snapshot.moveSection(id.album, beforeSection: first)
      }
      snapshot.reloadSections([id.album])
      dataSource.apply(snapshot)
    }

    /// The photos of an album, counted and removed.
    func clear(album: Int) -> Int {
      var snapshot = dataSource.snapshot()
      let count = snapshot.numberOfItems(inSection: album)
      snapshot.deleteItems(snapshot.itemIdentifiers(inSection: album))
      if let index = snapshot.indexOfSection(album), index > 0 {
        snapshot.insertItems(
          [PhotoID(album: album, index: 0)],
          beforeItem: snapshot.itemIdentifiers.first ?? PhotoID(album: 0, index: 0))
      }
      dataSource.apply(snapshot)
      return count
    }

    private func saveOrder(_ order: [PhotoID]) {
      UserDefaults.standard.set(order.map { "\($0.album)-\($0.index)" }, forKey: "order")
    }
  }

  // MARK: A table whose controller is its delegate, set after the data source

  final class TeamViewController: UITableViewController, UITableViewDataSourcePrefetching {
    private var away: Set<Int> = []
    private lazy var dataSource = UITableViewDiffableDataSource<Int, Int>(tableView: tableView) {
      [weak self] tableView, indexPath, id in
      let cell = tableView.dequeueReusableCell(withIdentifier: "member", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = "Member \(id)"
      content.secondaryText = self?.away.contains(id) == true ? "Away" : nil
      cell.contentConfiguration = content
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "member")
      tableView.rowHeight = 56
      var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems(Array(1...20))
      dataSource.apply(snapshot, animatingDifferences: false)
      // After the data source, as a UITableViewController has them anyway.
      tableView.delegate = self
      tableView.prefetchDataSource = self
    }

    /// A tap toggles "Away".
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
      if away.insert(id).inserted == false { away.remove(id) }
      var snapshot = dataSource.snapshot()
      snapshot.reconfigureItems([id])
      dataSource.apply(snapshot)
      tableView.deselectRow(at: indexPath, animated: true)
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath)
      -> CGFloat
    {
      indexPath.row == 0 ? 80 : UITableView.automaticDimension
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      _ = indexPaths.compactMap(dataSource.itemIdentifier(for:))
    }

    /// Apple's contract: once apply returns, the new row has its index path.
    func add(_ id: Int) {
      var snapshot = dataSource.snapshot()
      snapshot.appendItems([id])
      dataSource.apply(snapshot)
      if let indexPath = dataSource.indexPath(for: id) {
        tableView.scrollToRow(at: indexPath, at: .bottom, animated: true)
      }
    }
  }

  // MARK: An outline: section snapshots, handlers, drag and drop of its own

  struct OutlineItem: Hashable, Sendable {
    let id = UUID()
    let title: String
    var subitems: [OutlineItem] = []
  }

  final class OutlineViewController: UIViewController, UICollectionViewDelegate,
    UICollectionViewDragDelegate, UICollectionViewDropDelegate
  {
    enum Section: Hashable, Sendable { case main }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, OutlineItem>!
    private var expansions: [String] = []

    private let menu = [
      OutlineItem(
        title: "Compositional Layout",
        subitems: [
          OutlineItem(title: "Getting Started"),
          OutlineItem(title: "Advanced", subitems: [OutlineItem(title: "Nested Groups")]),
        ]),
      OutlineItem(title: "Diffable Data Source", subitems: [OutlineItem(title: "Mountains")]),
    ]

    override func viewDidLoad() {
      super.viewDidLoad()
      let configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
      collectionView = UICollectionView(
        frame: view.bounds,
        collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
      view.addSubview(collectionView)
      configureDataSource()
      collectionView.delegate = self
      collectionView.dragDelegate = self
      collectionView.dropDelegate = self
      collectionView.dragInteractionEnabled = true
      dataSource.apply(initialSnapshot(), to: .main, animatingDifferences: false)
    }

    private func configureDataSource() {
      let container = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineItem> {
        cell, _, item in
        var content = cell.defaultContentConfiguration()
        content.text = item.title
        content.textProperties.font = .preferredFont(forTextStyle: .headline)
        cell.contentConfiguration = content
        cell.accessories = [.outlineDisclosure(options: .init(style: .header))]
      }
      let leaf = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineItem> {
        cell, _, item in
        var content = cell.defaultContentConfiguration()
        content.text = item.title
        cell.contentConfiguration = content
        cell.accessories = []
      }
      dataSource = UICollectionViewDiffableDataSource<Section, OutlineItem>(
        collectionView: collectionView
      ) { collectionView, indexPath, item in
        item.subitems.isEmpty
          ? collectionView.dequeueConfiguredReusableCell(using: leaf, for: indexPath, item: item)
          : collectionView.dequeueConfiguredReusableCell(
            using: container, for: indexPath, item: item)
      }
      var handlers = UICollectionViewDiffableDataSource<Section, OutlineItem>
        .SectionSnapshotHandlers<OutlineItem>()
      handlers.willExpandItem = { [weak self] item in self?.expansions.append(item.title) }
      handlers.shouldCollapseItem = { item in item.title != "Compositional Layout" }
      handlers.snapshotForExpandingParent = { parent, children in
        guard children.items.isEmpty else { return children }
        var loaded = NSDiffableDataSourceSectionSnapshot<OutlineItem>()
        loaded.append(parent.subitems)
        return loaded
      }
      dataSource.sectionSnapshotHandlers = handlers
      dataSource.reorderingHandlers.canReorderItem = { item in item.subitems.isEmpty }
      dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
        for sectionTransaction in transaction.sectionTransactions {
          self?.save(sectionTransaction)
        }
      }
    }

    /// Built as Apple's sample builds it: each level appended under its
    /// parent, breadth first.
    private func initialSnapshot() -> NSDiffableDataSourceSectionSnapshot<OutlineItem> {
      var snapshot = NSDiffableDataSourceSectionSnapshot<OutlineItem>()
      func addItems(_ items: [OutlineItem], to parent: OutlineItem?) {
        snapshot.append(items, to: parent)
        for item in items where !item.subitems.isEmpty {
          addItems(item.subitems, to: item)
        }
      }
      addItems(menu, to: nil)
      snapshot.expand(menu)
      return snapshot
    }

    private func save(
      _ transaction: NSDiffableDataSourceSectionTransaction<Section, OutlineItem>
    ) {
      let titles = transaction.finalSnapshot.items.map(\.title)
      let moved = transaction.difference.count
      UserDefaults.standard.set(titles, forKey: "outline-\(moved)")
    }

    /// Collapses every parent but the one holding `item`, as a sidebar does.
    func focus(on item: OutlineItem) {
      var snapshot = dataSource.snapshot(for: .main)
      let keep = snapshot.parent(of: item)
      let others = snapshot.items.filter { $0 != keep && snapshot.isExpanded($0) }
      snapshot.collapse(others)
      if let keep, !snapshot.isVisible(keep) { snapshot.expand([keep]) }
      let depth = snapshot.level(of: item)
      let under = keep.map { snapshot.snapshot(of: $0, includingParent: true).items } ?? []
      dataSource.apply(snapshot, to: .main, animatingDifferences: depth + under.count > 0)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
      let section = dataSource.snapshot(for: .main)
      if section.rootItems.contains(item) == false, section.visibleItems.contains(item) {
        focus(on: item)
      }
      collectionView.deselectItem(at: indexPath, animated: true)
    }

    func collectionView(
      _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession,
      at indexPath: IndexPath
    ) -> [UIDragItem] {
      guard let item = dataSource.itemIdentifier(for: indexPath) else { return [] }
      return [UIDragItem(itemProvider: NSItemProvider(object: item.title as NSString))]
    }

    func collectionView(
      _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
      withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal {
      UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView,
      performDropWith coordinator: UICollectionViewDropCoordinator
    ) {
      guard let destination = coordinator.destinationIndexPath,
        let target = dataSource.itemIdentifier(for: destination)
      else { return }
      var snapshot = dataSource.snapshot(for: .main)
      for dropped in coordinator.items {
        guard let source = dropped.sourceIndexPath,
          let item = dataSource.itemIdentifier(for: source), item != target
        else { continue }
        let moved = snapshot.snapshot(of: item, includingParent: true)
        snapshot.delete([item])
        snapshot.insert(moved, before: target)
      }
      dataSource.apply(snapshot, to: .main)
    }
  }
#endif
