import Tabula

let presentCases = [
  BenchCase(
    name: "present.scroll",
    summary: "lookup + configure for each of 100,000 mixed rows vs a hand-written switch",
    run: presentScroll)
]

struct BenchUser: Diffable, Equatable {
  let id: Int
  var name: String
}

struct BenchPost: Diffable, Equatable {
  let id: Int
  var text: String
  var likes: Int
}

struct BenchAd: Diffable, Equatable {
  let id: Int
  var headline: String
}

/// A cell of the benchmark host.
@MainActor
final class BenchCell {
  let reuseIdentifier: String
  var text = ""
  var detail = ""
  init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
}

/// A host that hands out one cell per reuse identifier: the cost of cell
/// creation is not what this case measures.
@MainActor
final class BenchHost: ListHost {
  weak var hostDataSource: (any ListHostDataSource<BenchCell>)?
  private var cells: [String: BenchCell] = [:]
  /// The rows inserted or deleted by the batches performed.
  private(set) var rowsChanged = 0
  /// How many batches were performed.
  private(set) var batchCount = 0
  func reloadData() {}
  func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    updateData()
    rowsChanged += batch.itemInserts.count + batch.itemDeletes.count
    batchCount += 1
    completion()
  }
  var visibleItemPaths: [ItemPath] { [] }
  func visibleCell(at path: ItemPath) -> BenchCell? { nil }
  func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath) -> BenchCell {
    if let cell = cells[reuseIdentifier] { return cell }
    let cell = BenchCell(reuseIdentifier: reuseIdentifier)
    cells[reuseIdentifier] = cell
    return cell
  }
  func fallbackCell(for path: ItemPath, message: String) -> BenchCell {
    let cell = dequeueCell(withReuseIdentifier: "fallback", for: path)
    cell.text = message
    return cell
  }
}

struct BenchUserPresenter: Presenter {
  func reuseIdentifier(for model: BenchUser, style: PresentationStyle) -> String { "user" }
  func configure(_ cell: BenchCell, with user: BenchUser, context: PresentationContext) {
    cell.text = user.name
    cell.detail = ""
  }
}

struct BenchPostPresenter: Presenter {
  func reuseIdentifier(for model: BenchPost, style: PresentationStyle) -> String { "post" }
  func configure(_ cell: BenchCell, with post: BenchPost, context: PresentationContext) {
    cell.text = post.text
    cell.detail = post.likes > 0 ? "liked" : ""
  }
}

struct BenchAdPresenter: Presenter {
  func reuseIdentifier(for model: BenchAd, style: PresentationStyle) -> String { "ad" }
  func configure(_ cell: BenchCell, with ad: BenchAd, context: PresentationContext) {
    cell.text = ad.headline
    cell.detail = "sponsored"
  }
}

@MainActor
func presentScroll(runs: Int) -> [BenchResult] {
  let count = 100_000
  var random = BenchRandom(seed: 8)
  var items: [AnyItem] = []
  items.reserveCapacity(count)
  for id in 0..<count {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<5: items.append(AnyItem(BenchUser(id: id, name: "User \(id % 100)")))
    case 5..<9: items.append(AnyItem(BenchPost(id: id, text: "Post \(id % 100)", likes: id % 3)))
    default: items.append(AnyItem(BenchAd(id: id, headline: "Ad \(id % 100)")))
    }
  }
  let snapshot = try! Snapshot(items, in: SectionInfo(id: "feed"))
  let paths = (0..<count).map { ItemPath(section: 0, item: $0) }
  let host = BenchHost()
  let presenters = PresenterRegistry<BenchCell>()
  presenters.register(BenchUserPresenter())
  presenters.register(BenchPostPresenter())
  presenters.register(BenchAdPresenter())
  let controller = ListController(host: host, snapshot: snapshot, presenters: presenters)

  /// Every row's cell, as `host` asks: through its data source, the
  /// controller's events (which the controller keeps while it lives).
  func scroll(_ host: BenchHost) -> Int {
    var characters = 0
    let source = host.hostDataSource!
    for path in paths { characters &+= source.cell(for: host, at: path).text.utf8.count }
    return characters
  }
  let (tabula, handWritten) = measurePair(runs: runs) {
    scroll(host)
  } _: {
    var characters = 0
    for path in paths {
      let item = snapshot[path]
      let cell: BenchCell
      switch item.base {
      case let user as BenchUser:
        cell = host.dequeueCell(withReuseIdentifier: "user", for: path)
        cell.text = user.name
        cell.detail = ""
      case let post as BenchPost:
        cell = host.dequeueCell(withReuseIdentifier: "post", for: path)
        cell.text = post.text
        cell.detail = post.likes > 0 ? "liked" : ""
      case let ad as BenchAd:
        cell = host.dequeueCell(withReuseIdentifier: "ad", for: path)
        cell.text = ad.headline
        cell.detail = "sponsored"
      default:
        fatalError("unknown model type")
      }
      characters &+= cell.text.utf8.count
    }
    return characters
  }
  withExtendedLifetime(controller) {}
  // The same rows in the storage an edited large list has (shared between
  // versions), scrolled in order as a host asks.
  let sharedHost = BenchHost()
  let sharedController = ListController(
    host: sharedHost, snapshot: snapshot.withSharedStorage(), presenters: presenters)
  let shared = measure(runs: runs) { scroll(sharedHost) }
  withExtendedLifetime(sharedController) {}
  return [
    BenchResult(
      name: "present.scroll", n: count, milliseconds: tabula, baseline: "switch",
      baselineMilliseconds: handWritten,
      extra: [
        ("ns_per_row", tabula * 1e6 / Double(count)),
        ("shared_ns_per_row", shared * 1e6 / Double(count)),
      ])
  ]
}
