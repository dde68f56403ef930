import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// A live, sectioned list over an SQLite query: it fetches the rows, groups
/// them into sections, and publishes a new snapshot whenever the database,
/// the filter or the order changes. It is a `SnapshotSource`, so a
/// `ListController` shows it with animations, and an
/// `AsyncSequence` of snapshots for any other consumer.
///
/// ```swift
/// let contacts = FetchedList<Contact, Contact>(
///   database,
///   request: FetchedRequest(table: "contact", orderedBy: [.ascending("name", caseInsensitive: true)]),
///   sectionedBy: .column("initial"))
/// controller.connect(to: contacts)
/// try contacts.setFilter("name LIKE \(LikePattern.containing(text))")   // the filtered list animates in
/// ```
///
/// ## Always equal to a fresh query
///
/// After every commit, once the list is idle (``waitUntilIdle()``), its
/// rows are those a fresh query of its request returns, in the same order.
/// SQLite's update hook, which reports changed rows, misses some changes;
/// the list notices each from what GRDB reports of every statement (see
/// the table below) and reads more where the hook is silent. Only changes
/// made through another connection to the file (another process) are not
/// seen until the next commit through this one, or ``refresh()``.
///
/// ## What a change costs
///
/// For a ``FetchedRequest`` over a table, the list registers a GRDB
/// transaction observer and collects the rowids each commit changes. After
/// the commit it fetches only those rows, with the request's filter
/// (`WHERE rowid IN (…) AND filter`), and edits its last snapshot: the
/// changed rows' items leave, and the rows that still match go back in
/// their sections at the places binary search finds, with the order keys
/// compared as SQLite compares them (an index of the rows it shows, by
/// rowid and by item id, holds their keys). A large snapshot keeps its
/// items in storage its versions share, so a change to k rows of an n-row
/// list costs one indexed query for those rows and O(k log² n + s) to edit
/// for s sections (plus O(n) when, in first-appearance order, sections
/// change places), and the list controller diffs only what the two
/// versions do not share. More changed rows than it edits in one by one
/// (1,024; 32 while the list is small and its snapshot flat, copied per
/// edit) are read in full instead, off the main actor. So a one-row change
/// in a large list costs a small fraction of reading the table again
/// (BENCHMARKS.md, `fetched.update`, has the figures).
///
/// | what the commit did | what the list reads |
/// | --- | --- |
/// | inserted, updated or deleted rows of the table | those rows (everything when more than 1,024, or 32 in a small list) |
/// | an INSERT into a table with a UNIQUE index, or an UPDATE of a UNIQUE column (a `REPLACE` conflict can delete rows unannounced) | those rows, then `SELECT count(*)` with the filter; everything if the count disagrees |
/// | an UPDATE of the rowid (SQLite reports only the new one) | everything |
/// | wrote another table the request reads (a subquery in the filter, a view) | everything |
/// | wrote a `WITHOUT ROWID` table or the tables under a view, or the filter has a subquery | everything |
/// | changed the schema, or called `Database.notifyChanges(in:)` | everything |
/// | wrote a table the request reads, for an SQL request | everything |
/// | wrote nothing the request reads | nothing |
///
/// The list also reads everything when the request changes (the new filter
/// or order animates as an ordinary diff).
///
/// ## States and errors
///
/// Until the first fetch ends the list is `LoadingState.loading`
/// (a loading placeholder, when items can hold one). A database error (bad
/// SQL, a missing table, a failed read) or content it cannot decode (a
/// record that fails to decode, a missing or NULL `tabula_rowid` or a
/// missing `tabula_section` in an SQL request, duplicate item ids) makes
/// the state `LoadingState.error(_:)` with a message naming the
/// problem; content fetched before stays shown, and what the failed read
/// should have covered is read at the next commit, request change or
/// ``refresh()``. An empty result is `LoadingState.noContent`.
/// ``willApply`` edits every snapshot before it is published: add a "no
/// results" row, mix in rows that are not in the database.
///
/// The list reads on GRDB's reader, never blocking the main actor, builds
/// the snapshot of a full read off the main actor, and edits its snapshot
/// with changed rows on it (O(k log² n), k ≤ 1,024).
@MainActor
public final class FetchedList<Record: FetchableRecord & Sendable, Item: Diffable>: WritableSource {
  /// Sections are `SectionInfo`s: the section key is the id, and the
  /// sectioning's title function makes the title.
  public typealias SectionModel = SectionInfo

  /// What the list shows now: its content after ``willApply``, or
  /// placeholders for its state.
  public private(set) var snapshot = Snapshot<SectionInfo, Item>()
  /// Where the list is in loading.
  public internal(set) var state = LoadingState.loading
  /// The last content fetched, before ``willApply``; `nil` until the first
  /// fetch succeeds.
  public internal(set) var content: Snapshot<SectionInfo, Item>?
  /// The request the list shows.
  public private(set) var request: FetchedRequest
  /// The section placeholders appear in.
  public let placeholderSection: SectionInfo

  /// Edits each snapshot before it is published (and shown).
  public var willApply: (@MainActor (Snapshot<SectionInfo, Item>) -> Snapshot<SectionInfo, Item>)? {
    didSet { publish() }
  }

  /// How many times the list read its whole request (including reads after
  /// a failed consistency check): the cost of keeping up, for tests and
  /// tuning.
  public var fullFetchCount: Int { counts.fullFetches }
  /// How many times it read only changed rows.
  public var incrementalFetchCount: Int { counts.incrementalFetches }
  /// How many incremental reads were checked with a count, because the
  /// commit could have removed rows unannounced.
  public var consistencyCheckCount: Int { counts.consistencyChecks }
  /// Rows written back by user edits, in total.
  public var rowsWrittenByEdits: Int { counts.rowsWrittenByEdits }

  /// Keeping up with the database: commits, reads, idleness.
  let query: LiveQuery
  /// Observers and streams of ``snapshot``.
  private let publication = SnapshotPublication<Snapshot<SectionInfo, Item>>()
  /// What the list counts (the public counters above).
  var counts = FetchedCounts()
  let sectioning: FetchedSectioning<Record>
  /// Writing user edits back: settings, editor, rows kept for undo, saves.
  var edits = FetchedEditState<Item.ID>()
  /// The rows ``content`` shows, by rowid and by item id, and the table and
  /// order they were read for.
  var index = FetchedRowIndex<Item.ID>()
  var rowsRequest: (table: String?, ordering: [FetchedOrdering])
  /// Sections a user's delete or move changed in the content directly, whose
  /// first rows may have changed: the echo of the edit, read with the new
  /// ranks, puts them in order (before it, the rows' keys may be stale).
  var unsettled: Set<String> = []
  let makeItem: @Sendable (Record) -> Item
  private let makePlaceholder: (@Sendable (any Diffable) -> Item)?
  let build: FetchedBuild<Record, Item>

  /// A list of `request`'s rows from `database`, grouped by `sectioning`, each
  /// row made into an item by `makeItem`. It starts fetching and observing
  /// at once, without waiting for the database.
  ///
  /// - Parameters:
  ///   - database: The database to read and observe: a GRDB
  ///     `DatabaseQueue` or `DatabasePool`.
  ///   - request: The rows to show, in their order.
  ///   - sectioning: How rows are grouped into sections.
  ///   - placeholderSection: The section the placeholders are shown in.
  ///   - makeItem: Makes the item of a row's record.
  ///   - makePlaceholder: Makes placeholder items (loading, no results,
  ///     error); `nil` shows none.
  @inlinable
  public convenience init(
    _ database: some DatabaseWriter,
    request: FetchedRequest,
    sectionedBy sectioning: FetchedSectioning<Record>,
    placeholderSection: SectionInfo = SectionInfo(id: "placeholder"),
    makeItem: @escaping @Sendable (Record) -> Item,
    makePlaceholder: (@Sendable (any Diffable) -> Item)?
  ) {
    self.init(
      database: database, request: request, sectioning: sectioning,
      placeholderSection: placeholderSection, makeItem: makeItem,
      makePlaceholder: makePlaceholder, build: FetchedBuild())
  }

  @usableFromInline
  init(
    database: some DatabaseWriter,
    request: FetchedRequest,
    sectioning: FetchedSectioning<Record>,
    placeholderSection: SectionInfo,
    makeItem: @escaping @Sendable (Record) -> Item,
    makePlaceholder: (@Sendable (any Diffable) -> Item)?,
    build: FetchedBuild<Record, Item>
  ) {
    self.query = LiveQuery(database, table: request.table)
    self.request = request
    self.sectioning = sectioning
    self.placeholderSection = placeholderSection
    self.makeItem = makeItem
    self.makePlaceholder = makePlaceholder
    self.build = build
    self.rowsRequest = (request.table, request.ordering)
    query.startRead = { [weak self] fetch in self?.read(fetch) }
    publish()
    query.next()
  }

  /// Shows another request: a new filter, a new order, another table. The
  /// list reads it in full, and a connected list animates the difference.
  public func setRequest(_ request: FetchedRequest) {
    let old = self.request
    self.request = request
    requestChangedForEditing(from: old)
    if content != nil {
      state = .refreshing
      publish()
    }
    query.requestChanged(table: request.table)
  }

  /// Shows the same table with another filter (`nil`: every row).
  ///
  /// - Throws: ``FetchedRequestError/notATableRequest(_:)`` when the request
  ///   is SQL; the list is unchanged then.
  public func setFilter(_ filter: SQL?) throws(FetchedRequestError) {
    setRequest(try request.filtered(by: filter))
  }

  /// Shows the same rows in another order.
  ///
  /// - Throws: ``FetchedRequestError/notATableRequest(_:)`` when the request
  ///   is SQL; the list is unchanged then.
  public func setOrdering(_ ordering: [FetchedOrdering]) throws(FetchedRequestError) {
    setRequest(try request.ordered(by: ordering))
  }

  /// Reads the request again in full (after an error, or a change made by
  /// another process).
  public func refresh() {
    setRequest(request)
  }

  /// Whether every commit announced so far is reflected in ``snapshot`` and
  /// no read runs or waits.
  public var isIdle: Bool { query.isIdle }

  /// Returns once every commit announced so far is reflected in
  /// ``snapshot`` (or the read it needed failed: see ``state``).
  public func waitUntilIdle() async {
    await query.waitUntilIdle()
  }

  /// The snapshots the list publishes: the current one, then each new one.
  /// A consumer slower than the list gets only the newest (snapshots are
  /// complete states, so skipped ones are never needed); the sequence ends
  /// when the list is deallocated.
  public var snapshots: AsyncStream<Snapshot<SectionInfo, Item>> {
    publication.stream(startingWith: snapshot)
  }

  /// Calls `observer` after every change of ``snapshot`` or ``state``.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    publication.observe(observer)
  }

  /// Makes ``snapshot`` from the content and the state, and tells observers.
  func publish() {
    var display = Snapshot.showing(
      content, in: state, placeholderSection: placeholderSection, makePlaceholder: makePlaceholder)
    if let willApply { display = willApply(display) }
    snapshot = display
    publication.publish(display)
  }
}

extension FetchedList where Item == Record, Record: Diffable {
  /// A list whose items are the records themselves, without placeholders.
  @inlinable
  public convenience init(
    _ database: some DatabaseWriter, request: FetchedRequest,
    sectionedBy sectioning: FetchedSectioning<Record>
  ) {
    self.init(
      database, request: request, sectionedBy: sectioning, makeItem: { $0 },
      makePlaceholder: nil)
  }
}

extension FetchedList where Item == AnyItem, Record: Diffable {
  /// A list of records wrapped as `AnyItem`s, so that ``willApply``
  /// can mix in other rows, with Tabula's placeholders in
  /// `placeholderSection`.
  @inlinable
  public convenience init(
    _ database: some DatabaseWriter, request: FetchedRequest,
    sectionedBy sectioning: FetchedSectioning<Record>,
    placeholderSection: SectionInfo
  ) {
    self.init(
      database, request: request, sectionedBy: sectioning,
      placeholderSection: placeholderSection, makeItem: { AnyItem($0) },
      makePlaceholder: { AnyItem($0) })
  }
}
