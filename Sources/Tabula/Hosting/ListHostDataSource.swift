/// What a ``ListHost`` asks of its data: counts, cells, titles, heights, and
/// what to do with a selection. ``ListController`` is the usual one.
@MainActor
public protocol ListHostDataSource<Cell>: AnyObject {
  /// The kind of cell the host shows.
  associatedtype Cell

  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of items in a section.
  func numberOfItems(inSectionAt section: Int) -> Int

  /// The configured cell for the item at `path`, dequeued from `host`.
  func cell(for host: any ListHost<Cell>, at path: ItemPath) -> Cell

  /// The header title of a section, if any.
  func headerTitle(forSectionAt section: Int) -> String?

  /// The footer title of a section, if any.
  func footerTitle(forSectionAt section: Int) -> String?

  /// The reuse identifier of the view of `kind` the section at `section`
  /// shows (see ``SectionPresenter``), or `nil` when it shows none: the host
  /// then shows the section's title, if it has one.
  ///
  /// A host asks it when the section comes on screen and again when the
  /// section is updated: the same identifier means the view on screen is
  /// configured again in place (``configureSectionView(_:ofKind:inSectionAt:)``),
  /// another one (or `nil`) that it is replaced.
  func sectionViewReuseIdentifier(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> String?

  /// Configures `view`, which the host dequeued under the section's
  /// ``sectionViewReuseIdentifier(ofKind:inSectionAt:)`` (or shows already),
  /// to show the section at `section`.
  func configureSectionView<View>(
    _ view: View, ofKind kind: SectionViewKind, inSectionAt section: Int)

  /// The height of the section's view of `kind` for a list `width` wide, or
  /// `nil` for the host's default.
  func sectionViewHeight(ofKind kind: SectionViewKind, inSectionAt section: Int, width: Double)
    -> Double?

  /// How the section at `section` lays out its items, for a host whose
  /// layout asks (a collection view with Tabula's compositional layout), or
  /// `nil` for the layout's default.
  func sectionLayout(forSectionAt section: Int) -> SectionLayout?

  /// The height of the item at `path` for a list `width` wide, or `nil` for
  /// the host's default.
  func height(forItemAt path: ItemPath, width: Double) -> Double?

  /// A cheap guess at the height of the item at `path` (a row off screen,
  /// not measured yet), or `nil` for the host's default.
  func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double?

  /// `cell` is about to appear for the item at `path` (in the data the host
  /// shows). Hosts call it once per cell that comes on screen, and later
  /// ``didEndDisplaying(_:forItemAt:)`` once for the same cell.
  func willDisplay(_ cell: Cell, forItemAt path: ItemPath)

  /// `cell` left the screen; `path` is where its row was in the data the
  /// host showed (the row may be deleted by now).
  func didEndDisplaying(_ cell: Cell, forItemAt path: ItemPath)

  /// The items at `paths` are about to come on screen.
  func prefetchItems(at paths: [ItemPath])

  /// The items at `paths`, prefetched, will not come on screen after all.
  func cancelPrefetchingItems(at paths: [ItemPath])

  /// The user selected the item at `path`.
  func didSelectItem(at path: ItemPath)

  /// Whether the user may pick up the item at `path` to move it (UIKit's
  /// `canMoveRowAt`).
  func canMoveItem(at path: ItemPath) -> Bool

  /// Where an item the user drags from `source` lands when dropped at
  /// `proposed` (UIKit's `targetIndexPathForMoveFromRowAt`): `proposed`, a
  /// redirected path, or `source` to keep it in place.
  func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath

  /// The user moved the item at `source` to `destination` (a path after the
  /// move, as `moveRow(at:to:)` means it), and the host shows it there
  /// already (UIKit's `moveRowAt`): the data source adopts the move without
  /// a batch.
  func userMovedItem(from source: ItemPath, to destination: ItemPath)

  /// The swipe actions of the item at `path` on `edge`, in order.
  func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction]

  /// The user chose `action` on the item at `path`.
  func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath)

  /// The id of the item at `path` of the list as the host shows it: what a
  /// host keeps to find a row again later (the row whose swipe actions
  /// show), after updates moved it.
  func itemID(at path: ItemPath) -> AnyHashable?

  /// Whether the data source keeps the selection (the host then mirrors it;
  /// otherwise the host's own selection is left alone).
  var managesSelection: Bool { get }

  /// The controls the row at `path` shows in editing mode, on a host whose
  /// cells need them added (see ``EditingControls``).
  func editingControls(forItemAt path: ItemPath) -> EditingControls

  /// How many rows may be selected, which the host's own selection allows
  /// (UIKit's `allowsMultipleSelection` and
  /// `allowsMultipleSelectionDuringEditing` for ``SelectionMode/multiple``).
  var selectionMode: SelectionMode { get }

  /// Whether the item at `path` is selected (the host marks it).
  func isItemSelected(at path: ItemPath) -> Bool

  /// The paths of the selected items, in list order.
  var selectedItemPaths: [ItemPath] { get }

  /// The host deselected the item at `path` (UIKit's `didDeselectRowAt`: a
  /// tap on a selected row in multiple selection).
  func didDeselectItem(at path: ItemPath)

  /// The user toggled the selection of the item at `path` (the terminal's
  /// space key; UIKit reports taps through ``didSelectItem(at:)``).
  func userToggleSelection(at path: ItemPath)

  /// The user asked to take back the last edit (the terminal's `z`).
  func undoUserEdit()

  /// The user asked to do the last undone edit again (the terminal's `Z`).
  func redoUserEdit()

  /// The actions assistive technologies offer on the row at `path`
  /// (``RowAccessibilityAction``): moves the data source allows, an
  /// outline folder's opening or closing.
  func accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction]

  /// The user picked `action`, one of the row's
  /// ``accessibilityActions(forItemAt:)``, on the row at `path`; returns
  /// whether it was done.
  func performAccessibilityAction(_ action: RowAccessibilityAction, forItemAt path: ItemPath)
    -> Bool

  /// What VoiceOver says of the state of the row at `path` beyond its
  /// content (an outline folder: "expanded", "collapsed"), if anything.
  func accessibilityValue(forItemAt path: ItemPath) -> String?

  /// The words the host shows or speaks of its own (an outline
  /// disclosure's label, the terminal's prompts, key command titles).
  var strings: ListStrings { get }

  /// The user's text size changed (Dynamic Type): the data source drops
  /// the heights it answered, and tells the host
  /// (``ListHost/heightsDidChange()``).
  func textSizeDidChange()

  /// Which key does what (``ListKeyMap``): a host asks before it hands a
  /// key over, to leave focus keys to a focus system of its own.
  var keyMap: ListKeyMap { get }

  /// The user pressed `key` while the row at `focused` had the focus (or no
  /// row had it): the data source does what its key map binds the key to
  /// (``ListKeyMap``), and says whether the host moves its focus. A list
  /// `pageSize` rows high pages by that many.
  func handleKey(_ key: ListKey, focusedAt focused: ItemPath?, pageSize: Int) -> ListKeyResult

  /// Whether the user may delete the item at `path` (UIKit: the editing
  /// style `.delete`, a swipe to delete).
  func canDeleteItem(at path: ItemPath) -> Bool

  /// The user asked to delete the items at `paths` (UIKit's commit of the
  /// `.delete` editing style): the data source deletes them, with a batch
  /// the host animates. The host has not removed them itself.
  func userDeleteItems(at paths: [ItemPath])

  /// The user selected the header of the section at `section` (to collapse
  /// or expand it, say).
  func didSelectHeader(inSectionAt section: Int)

  /// Whether the data source hears taps on the header of the section at
  /// `section` (``didSelectHeader(inSectionAt:)``): a host makes only those
  /// headers tappable.
  func respondsToHeaderSelection(inSectionAt section: Int) -> Bool

  /// Whether the host keeps the first visible row in place through a batch
  /// update, read before each one.
  var scrollAnchoring: ScrollAnchoring { get }

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

extension ListHostDataSource {
  /// Performs `action`, one of the swipe actions offered earlier for the
  /// row with `id` (``itemID(at:)``), on that row where it shows now (the
  /// list may have changed while the actions showed, as UIKit keeps them
  /// open). Returns `false`, doing nothing, when the row is gone.
  @discardableResult
  public func performSwipeAction(_ action: SwipeAction, forItemWithID id: AnyHashable) -> Bool {
    guard let path = path(ofDraggedItemWithID: id) else { return false }
    performSwipeAction(action, forItemAt: path)
    return true
  }
}

extension ListHostDataSource {
  /// None: rows are not dragged.
  public func dragItemIDs(startingAt path: ItemPath) -> [AnyHashable] { [] }

  /// None: rows are not dragged.
  public func path(ofDraggedItemWithID id: AnyHashable) -> ItemPath? { nil }

  /// None: rows are not found again by id.
  public func itemID(at path: ItemPath) -> AnyHashable? { nil }

  /// ``ListDropProposal/Operation/cancel``.
  public func dropProposal(
    forMovingItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination
  ) -> ListDropProposal { ListDropProposal(.cancel) }

  /// Nothing moves.
  public func performDrop(ofItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination)
    -> Bool
  { false }

  /// ``ListDropProposal/Operation/cancel``.
  public func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal
  { ListDropProposal(.cancel) }

  /// Ignored.
  public func performExternalDrop(of payloads: [AnyObject], at path: ItemPath) {}

  /// None.
  public func dragPayload(forItemWithID id: AnyHashable) -> AnyObject? { nil }
}

extension ListHostDataSource {
  /// Ignores the tap: a data source without sections that respond to their
  /// header need not implement it.
  public func didSelectHeader(inSectionAt section: Int) {}

  /// `false`: headers are not tapped.
  public func respondsToHeaderSelection(inSectionAt section: Int) -> Bool { false }

  /// ``ScrollAnchoring/firstVisibleRow``.
  public var scrollAnchoring: ScrollAnchoring { .firstVisibleRow }

  /// No section views: sections show their titles.
  public func sectionViewReuseIdentifier(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> String?
  { nil }

  /// Nothing to configure: there are no section views.
  public func configureSectionView<View>(
    _ view: View, ofKind kind: SectionViewKind, inSectionAt section: Int
  ) {}

  /// `nil`: the layout's default.
  public func sectionLayout(forSectionAt section: Int) -> SectionLayout? { nil }

  /// The host's default.
  public func sectionViewHeight(
    ofKind kind: SectionViewKind, inSectionAt section: Int, width: Double
  ) -> Double? { nil }

  /// Rows do not move.
  public func canMoveItem(at path: ItemPath) -> Bool { false }

  /// `proposed`.
  public func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    proposed
  }

  /// Ignored: a data source whose rows cannot move never hears of a move.
  public func userMovedItem(from source: ItemPath, to destination: ItemPath) {}

  /// None.
  public func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction] { [] }

  /// Ignored: there are no swipe actions.
  public func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath) {}

  /// `false`: the host's own selection is the app's.
  public var managesSelection: Bool { false }

  /// ``SelectionMode/none``: the host's own selection is the app's.
  public var selectionMode: SelectionMode { .none }

  /// None: the app adds the controls its cells show.
  public func editingControls(forItemAt path: ItemPath) -> EditingControls { [] }

  /// Nothing is selected.
  public func isItemSelected(at path: ItemPath) -> Bool { false }

  /// Nothing is selected.
  public var selectedItemPaths: [ItemPath] { [] }

  /// Ignored.
  public func userToggleSelection(at path: ItemPath) {}

  /// Ignored.
  public func didDeselectItem(at path: ItemPath) {}

  /// Ignored: no history.
  public func undoUserEdit() {}

  /// Ignored: no history.
  public func redoUserEdit() {}

  /// None.
  public func accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction] { [] }

  /// Not done.
  public func performAccessibilityAction(
    _ action: RowAccessibilityAction, forItemAt path: ItemPath
  ) -> Bool { false }

  /// ``ListKeyMap/standard``.
  public var keyMap: ListKeyMap { .standard }

  /// None.
  public func accessibilityValue(forItemAt path: ItemPath) -> String? { nil }

  /// English.
  public var strings: ListStrings { ListStrings() }

  /// Nothing: the data source keeps no heights.
  public func textSizeDidChange() {}

  /// Ignored: the key is not the list's.
  public func handleKey(_ key: ListKey, focusedAt focused: ItemPath?, pageSize: Int)
    -> ListKeyResult
  { .ignored }

  /// Rows are not deleted.
  public func canDeleteItem(at path: ItemPath) -> Bool { false }

  /// Ignored: a data source whose rows cannot be deleted never hears of it.
  public func userDeleteItems(at paths: [ItemPath]) {}

  /// No estimate: the host's default.
  public func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double? { nil }

  /// Ignored.
  public func willDisplay(_ cell: Cell, forItemAt path: ItemPath) {}

  /// Ignored.
  public func didEndDisplaying(_ cell: Cell, forItemAt path: ItemPath) {}

  /// Ignored.
  public func prefetchItems(at paths: [ItemPath]) {}

  /// Ignored.
  public func cancelPrefetchingItems(at paths: [ItemPath]) {}
}
