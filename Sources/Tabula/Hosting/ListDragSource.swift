/// What a ``ListHost`` asks and tells of drags and drops: which rows a drag
/// takes, what a drop would do, the drop itself, from the list or from
/// outside.
///
/// One of the capabilities that make up a ``ListHostDataSource``. Every
/// requirement has a default: a data source without drags need not
/// implement any.
@MainActor
public protocol ListDragSource: AnyObject {
  /// The ids of the rows a drag that starts on the row at `path` takes,
  /// the row's own first (none: the row cannot be dragged): the host hands
  /// them back when the drag hovers and drops on the list.
  func dragItemIDs(startingAt path: ItemPath) -> [AnyHashable]

  /// Where the row with `id` (a dragged row, one whose swipe actions
  /// show) is now, if the host shows it.
  func path(ofDraggedItemWithID id: AnyHashable) -> ItemPath?

  /// What dropping the dragged rows `ids` at `destination` would do.
  func dropProposal(forMovingItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination)
    -> ListDropProposal

  /// The user dropped the dragged rows `ids` at `destination`: the data
  /// source moves them (with a batch the host animates) and says whether
  /// they moved.
  func performDrop(ofItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination) -> Bool

  /// What dropping `count` items from outside at `destination` would do.
  func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal

  /// The user dropped `payloads` from outside (UIKit: `NSItemProvider`s)
  /// at `path`: the data source shows placeholder rows there, and the
  /// items the app makes of them once loaded.
  func performExternalDrop(of payloads: [AnyObject], at path: ItemPath)

  /// What the row with `id` is, dragged out of the list (UIKit: an
  /// `NSItemProvider`), if the app describes it.
  func dragPayload(forItemWithID id: AnyHashable) -> AnyObject?
}

extension ListDragSource {
  /// None: rows are not dragged.
  public func dragItemIDs(startingAt path: ItemPath) -> [AnyHashable] { [] }

  /// None: rows are not dragged.
  public func path(ofDraggedItemWithID id: AnyHashable) -> ItemPath? { nil }

  /// ``ListDropProposal/Operation/cancel``.
  public func dropProposal(
    forMovingItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination
  ) -> ListDropProposal { ListDropProposal(.cancel) }

  /// ``ListDropProposal/Operation/cancel``.
  public func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal
  { ListDropProposal(.cancel) }

  /// Nothing moves.
  public func performDrop(ofItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination)
    -> Bool
  { false }

  /// Ignored.
  public func performExternalDrop(of payloads: [AnyObject], at path: ItemPath) {}

  /// None.
  public func dragPayload(forItemWithID id: AnyHashable) -> AnyObject? { nil }
}
