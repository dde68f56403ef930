/// What ``UserEdits`` needs of the list whose user edits it runs: the
/// boundary between the edit layer and the ``ListController``.
///
/// The list shows snapshots and knows what its presenters allow; the edit
/// layer decides what a move, drop, delete, swipe action or undo does,
/// writes it back through the source's capabilities and keeps the history.
/// Tests implement this with a snapshot and a source, no host.
@MainActor
protocol UserEditList<SectionModel, Item>: AnyObject, Sendable {
  associatedtype SectionModel: Diffable
  associatedtype Item: Diffable

  /// The list on screen.
  var shown: Snapshot<SectionModel, Item> { get }
  /// What the list will show once the updates on their way land (the
  /// data the edits are made on).
  var latest: Snapshot<SectionModel, Item> { get }
  /// Whether an update is on its way to the screen.
  var isUpdating: Bool { get }
  /// Shows `snapshot`, animated, after the updates on their way.
  func apply(edited snapshot: Snapshot<SectionModel, Item>)
  /// Takes in a move the host already shows: `snapshot` is on screen now,
  /// with no batch.
  func adoptShown(_ snapshot: Snapshot<SectionModel, Item>)
  /// The host's move callback returned: an update that waited for it may
  /// start.
  func hostMoveEnded()

  /// The source the list follows, with its capabilities (`nil`: the list
  /// owns its data).
  var connection: SourceConnection<SectionModel, Item>? { get }
  /// The rows selected, by path of the list on screen.
  var selectedItemPaths: [ItemPath] { get }
  /// What the presenter of `item` answers (`false` without one).
  func presenterAllows(_ edit: PresenterEdit, of item: Item) -> Bool
  /// The presenter's swipe actions of `item` on `edge` (none without one).
  func presenterSwipeActions(of item: Item, edge: SwipeEdge) -> [SwipeAction]

  /// The words the list uses.
  var strings: ListStrings { get }
  /// Whether the host announces changes to assistive technologies.
  var isAnnouncing: Bool { get }
  /// Announces `announcement`, if the host announces.
  func announce(_ announcement: ListAnnouncement)
}

/// An edit a presenter allows or refuses its rows.
enum PresenterEdit {
  case move
  case delete
}
