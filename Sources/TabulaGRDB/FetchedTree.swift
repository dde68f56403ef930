import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// A live outline over a table that stores a tree as an adjacency list:
/// the roots, and the children of every expanded node, read from SQLite and
/// shown as `OutlineRow`s; expanding, collapsing and every commit
/// that touches the table animate.
///
/// ```swift
/// let threads = FetchedTree<Message, Message>(
///   database,
///   request: FetchedTreeRequest(
///     table: "message", parentColumn: "replyTo", orderedBy: [.ascending("postedAt")]))
/// controller.connect(to: threads)
/// try threads.expand(message.id)   // its replies are read, and animate in
/// ```
///
/// ## What is read
///
/// Only what is visible: the roots, then level by level the children of the
/// expanded nodes (`WHERE parent IN (…)`, with whether each row has
/// children, for its disclosure marker). The rows of collapsed subtrees are
/// not read until they are expanded. Collapsing needs no read. A commit that
/// writes the table reads the visible part again (O(v) rows for v visible
/// ones), and the list controller animates the difference: inserted and
/// deleted rows, moved subtrees (a parent change) as moves, updated rows.
/// An index on the parent column keeps each level one indexed lookup.
///
/// The expansion state is kept by id, so a node stays expanded when its row
/// changes or moves under another parent. Nodes not reachable from a root
/// (a parent id that no row has, a cycle) are not shown.
///
/// Ids should be unique. When they are not, a read that would read the
/// children of one id twice stops instead (each id's children are read at
/// most once, so a read always ends): a cycle through a repeated id (a root
/// "a" whose child "b" is the parent of another "a") makes ``state`` an
/// error naming it as `Tree` does (`"a" → "b" → "a"`,
/// `TreeError.cycles(_:)`), and two expanded rows sharing an id an error
/// naming both places (`TreeError.duplicateIDs(_:)`). Fixing the rows
/// mends the tree at the next commit.
///
/// Reads run on GRDB's reader, never blocking the main actor; their
/// scheduling is the same state machine as ``FetchedList``'s.
@MainActor
public final class FetchedTree<Record: FetchableRecord & Sendable, Item: Diffable>:
  ChangeReportingSource, OutlineControlling
{
  /// One section, ``section``.
  public typealias SectionModel = SectionInfo

  /// The visible rows.
  public private(set) var snapshot = Snapshot<SectionInfo, OutlineRow<Item>>()
  /// Where the tree is in loading.
  public private(set) var state = LoadingState.loading
  /// The nodes read so far (the visible part) with their expansion state.
  public internal(set) var outline = Outline<Item>()
  /// The request.
  public let request: FetchedTreeRequest
  /// The section the rows are in.
  public let section: SectionInfo
  /// How many times the visible part was read.
  public private(set) var readCount = 0
  /// How ``snapshot`` was made from the one before, when the last change
  /// was a toggle shown without a read (a collapse, or an expansion whose
  /// children were read); `nil` after a read.
  public private(set) var lastChange: SnapshotChange<SectionInfo, OutlineRow<Item>>?

  private let makeItem: @Sendable (Record) -> Item
  /// Keeping up with the database: commits, reads, idleness.
  let query: LiveQuery
  /// Writing user moves back, once enabled (FetchedTree+Editing.swift).
  var editor: FetchedEditor<Item.ID>?
  /// The last save of a user edit: the next one waits for it.
  var lastSave: Task<Void, any Error>?
  /// Rows a user edit put in the tree without their children having been
  /// read; the next read that is shown reads them.
  var unreadChildren: Set<Item.ID> = []
  /// Rows written by user edits.
  public internal(set) var rowsWrittenByEdits = 0
  /// Observers and streams of ``snapshot``.
  private let publication = SnapshotPublication<Snapshot<SectionInfo, OutlineRow<Item>>>()
  /// Nodes whose whole subtree is to be expanded as it is read.
  private var expandingSubtrees: Set<Item.ID> = []
  /// Nodes collapsed while a subtree is being expanded whole: no read
  /// expands them again, not even one that started before the collapse.
  /// Emptied once no subtree is being expanded whole.
  private var keptCollapsed: Set<Item.ID> = []

  /// The tree of `request` in `database`, each row made an item by
  /// `makeItem`, every node collapsed. It starts reading and observing at
  /// once, without waiting for the database.
  public init(
    _ database: some DatabaseWriter, request: FetchedTreeRequest,
    section: SectionInfo = SectionInfo(id: "tree"),
    makeItem: @escaping @Sendable (Record) -> Item
  ) {
    self.query = LiveQuery(database, table: request.table)
    self.request = request
    self.section = section
    self.makeItem = makeItem
    query.startRead = { [weak self] fetch in self?.read(fetch) }
    query.next()
  }

  // MARK: Expanding and collapsing

  /// Shows the children of `id`: at once if they were read, else once the
  /// read of them ends. A read already running, made before the expansion,
  /// is never shown without them: the tree reads again.
  ///
  /// - Throws: `TreeError/unknownIDs(_:)` for a node that is not
  ///   shown; nothing changes then.
  public func expand(_ id: Item.ID) throws(TreeError) {
    let unloaded = outline.unloadedIDs.contains(id)
    try toggle(id) { (outline) throws(TreeError) in try outline.expand(id) }
    keptCollapsed.remove(id)
    if unloaded { readAgain() }
  }

  /// Hides the children of `id`.
  ///
  /// - Throws: `TreeError/unknownIDs(_:)`; nothing changes then.
  public func collapse(_ id: Item.ID) throws(TreeError) {
    try toggle(id) { (outline) throws(TreeError) in try outline.collapse(id) }
    expandingSubtrees.remove(id)
    keptCollapsed.insert(id)
  }

  /// Expands `id` and every node under it, reading level by level what was
  /// not read yet. What was read shows at once; a node under `id` collapsed
  /// after this call stays collapsed, whatever reads come.
  ///
  /// - Throws: `TreeError/unknownIDs(_:)`; nothing changes then.
  public func expandSubtree(_ id: Item.ID) throws(TreeError) {
    // What was read shows at once, as a toggle does; the rest is read.
    try toggle(id) { (outline) throws(TreeError) in try outline.expandSubtree(id) }
    expandingSubtrees.insert(id)
    keptCollapsed = keptCollapsed.filter { !outline.tree.isInSubtree($0, of: id) }
    readAgain()
  }

  /// Collapses every node.
  public func collapseAll() {
    outline.collapseAll()
    expandingSubtrees = []
    keptCollapsed = []
    publish()
  }

  /// Reads the visible part again (after an error, or a change made by
  /// another process).
  public func refresh() {
    readAgain()
  }

  /// Whether every commit announced so far is shown and no read runs or
  /// waits.
  public var isIdle: Bool { query.isIdle }

  /// Returns once every commit and expansion so far is shown (or the read
  /// failed: see ``state``).
  public func waitUntilIdle() async {
    await query.waitUntilIdle()
  }

  /// The snapshots the tree publishes: the current one, then each new one
  /// (a read, or a toggle shown without one). A consumer slower than the
  /// tree gets only the newest; the sequence ends when the tree is
  /// deallocated.
  public var snapshots: AsyncStream<Snapshot<SectionInfo, OutlineRow<Item>>> {
    publication.stream(startingWith: snapshot)
  }

  /// Calls `observer` after every change of ``snapshot`` or ``state``.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    publication.observe(observer)
  }

  // MARK: Reading

  /// Applies an expansion or collapse whose rows are known (read before):
  /// the snapshot changes where the node is, reporting exactly that change.
  private func toggle(
    _ id: Item.ID, _ change: (inout Outline<Item>) throws(TreeError) -> Void
  ) throws(TreeError) {
    guard let (next, change) = try outline.toggling(id, shown: snapshot, change) else { return }
    snapshot = next
    lastChange = change
    publication.publish(next)
  }

  /// Reads the visible part again, as a new generation: a read already
  /// running was made for the old expansion and is not applied.
  func readAgain() {
    query.requestChanged(table: request.table)
  }

  /// Reads the visible part (the query started the read: see
  /// ``LiveQuery``), then shows it.
  private func read(_ fetch: FetchSchedule.Fetch) {
    readCount += 1
    let reader = FetchedTreeReader(
      request: request, makeItem: makeItem, generation: fetch.generation,
      expanded: outline.expandedIDs, expandingSubtrees: expandingSubtrees,
      keptCollapsed: keptCollapsed)
    let query = query
    Task {
      let result: Result<FetchedTreeRead<Item>, any Error>
      do {
        result = .success(try await query.read { db in try reader.read(db) })
      } catch {
        result = .failure(error)
      }
      self.finish(fetch, result)
    }
  }

  private func finish(
    _ fetch: FetchSchedule.Fetch, _ result: Result<FetchedTreeRead<Item>, any Error>
  ) {
    let outcome: FetchSchedule.Outcome = if case .success = result { .applied } else { .failed }
    if query.finished(fetch, outcome) {
      switch result {
      case .success(let read) where !read.unloaded.isDisjoint(with: outline.expandedIDs):
        // A node was expanded while this read ran, made for it collapsed:
        // it has children the read did not read. Applying it would show
        // that node expanded and empty, and nothing would read them: read
        // again, for the expansion as it is now, and keep what is shown.
        readAgain()
        return
      case .success(let read):
        query.adopt(read.plan)
        // What the read expanded under subtrees expanded whole, unless
        // collapsed since it started (the subtree's root, or the node).
        let expanding = read.expanded.filter {
          expandingSubtrees.contains($0.root) && !keptCollapsed.contains($0.id)
        }
        // Those subtrees are expanded as far as they go: a node under one
        // that is collapsed later stays so, whatever commits come.
        expandingSubtrees.subtract(read.expandedSubtrees)
        if expandingSubtrees.isEmpty { keptCollapsed = [] }
        outline.replaceTree(
          read.tree, unloadedIDs: read.unloaded, expanding: expanding.map(\.id))
        unreadChildren = []
        state = read.tree.isEmpty ? .noContent : .loaded
        publish()
      case .failure(let error):
        state = .error(String(describing: error))
        publish()
      }
    }
    query.next()
  }

  /// Makes ``snapshot`` from the outline, and tells observers.
  func publish() {
    lastChange = nil
    do {
      snapshot = try outline.snapshot(in: section)
    } catch {
      state = .error(error.description)
    }
    publication.publish(snapshot)
  }
}

extension FetchedTree where Item == Record, Record: Diffable {
  /// The tree of `request`, whose items are the records themselves.
  public convenience init(
    _ database: some DatabaseWriter, request: FetchedTreeRequest,
    section: SectionInfo = SectionInfo(id: "tree")
  ) {
    self.init(database, request: request, section: section, makeItem: { $0 })
  }
}
