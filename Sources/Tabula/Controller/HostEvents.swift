/// What a host asks of and tells a ``ListController``: the object a
/// controller makes the host's ``ListHost/hostDataSource``. It answers
/// counts, cells, titles, section views and heights from the snapshot on
/// screen and passes on the host's events (a row appears, the user taps,
/// moves, deletes, swipes), so that these callbacks are not the
/// controller's public API.
///
/// The controller holds it; the host holds it weakly, as UIKit holds a data
/// source; it holds the controller unowned and the host weakly (the
/// controller's link to its host).
@MainActor
final class HostEvents<SectionModel: Diffable, Item: Diffable, Cell>: ListHostDataSource,
  ControllerEvents
{
  unowned let controller: ListController<SectionModel, Item, Cell>
  /// The host, held weakly, as a diffable data source holds its view.
  weak var host: (any ListHost<Cell>)?

  init(_ controller: ListController<SectionModel, Item, Cell>, host: any ListHost<Cell>) {
    self.controller = controller
    self.host = host
  }

  // MARK: What the host shows

  var numberOfSections: Int { controller._snapshot.numberOfSections }

  func numberOfItems(inSectionAt section: Int) -> Int {
    controller._snapshot.numberOfItems(inSectionAt: section)
  }

  func cell(for host: any ListHost<Cell>, at path: ItemPath) -> Cell {
    // One load of the unowned reference (each is a checked retain).
    let controller = controller
    return controller._specialised.makeCell(controller, host, path)
  }

  func headerTitle(forSectionAt section: Int) -> String? {
    controller.headerTitle(forSectionAt: section)
  }

  func footerTitle(forSectionAt section: Int) -> String? {
    controller.footerTitle(forSectionAt: section)
  }

  func sectionViewReuseIdentifier(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> String?
  {
    controller.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section)
  }

  func configureSectionView<View>(
    _ view: View, ofKind kind: SectionViewKind, inSectionAt section: Int
  ) {
    controller.configureSectionView(view, ofKind: kind, inSectionAt: section)
  }

  func sectionViewHeight(ofKind kind: SectionViewKind, inSectionAt section: Int, width: Double)
    -> Double?
  {
    controller.sectionViewHeight(ofKind: kind, inSectionAt: section, width: width)
  }

  func sectionLayout(forSectionAt section: Int) -> SectionLayout? {
    controller.sectionLayout(forSectionAt: section)
  }

  func height(forItemAt path: ItemPath, width: Double) -> Double? {
    controller.height(forItemAt: path, width: width)
  }

  func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double? {
    controller.estimatedHeight(forItemAt: path, width: width)
  }

  // MARK: The cell lifecycle

  func willDisplay(_ cell: Cell, forItemAt path: ItemPath) {
    controller.willDisplay(cell, forItemAt: path)
  }

  func didEndDisplaying(_ cell: Cell, forItemAt path: ItemPath) {
    controller.didEndDisplaying(cell, forItemAt: path)
  }

  func prefetchItems(at paths: [ItemPath]) { controller.prefetchItems(at: paths) }

  func cancelPrefetchingItems(at paths: [ItemPath]) {
    controller.cancelPrefetchingItems(at: paths)
  }

  // MARK: Taps and selection

  func didSelectItem(at path: ItemPath) { controller.didSelectItem(at: path) }

  func didSelectHeader(inSectionAt section: Int) {
    controller.didSelectHeader(inSectionAt: section)
  }

  func respondsToHeaderSelection(inSectionAt section: Int) -> Bool {
    controller.didSelectHeader != nil
  }

  var scrollAnchoring: ScrollAnchoring { controller.scrollAnchoring }

  var managesSelection: Bool { controller.selectionMode != .none }

  var selectionMode: SelectionMode { controller.selectionMode }

  func editingControls(forItemAt path: ItemPath) -> EditingControls {
    controller.editingControls(forItemAt: path)
  }

  func isItemSelected(at path: ItemPath) -> Bool { controller.isItemSelected(at: path) }

  var selectedItemPaths: [ItemPath] { controller.selectedItemPaths }

  func didDeselectItem(at path: ItemPath) { controller.didDeselectItem(at: path) }

  func userToggleSelection(at path: ItemPath) { controller.userToggleSelection(at: path) }

  // MARK: User edits

  func canMoveItem(at path: ItemPath) -> Bool { controller.canMoveItem(at: path) }

  func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    controller.userEdits.targetPath(forMovingItemAt: source, to: proposed)
  }

  func userMovedItem(from source: ItemPath, to destination: ItemPath) {
    controller.userEdits.userMovedItem(from: source, to: destination)
  }

  func canDeleteItem(at path: ItemPath) -> Bool { controller.canDeleteItem(at: path) }

  func dragItemIDs(startingAt path: ItemPath) -> [AnyHashable] {
    controller.dragItemIDs(startingAt: path).map(AnyHashable.init)
  }

  func path(ofDraggedItemWithID id: AnyHashable) -> ItemPath? {
    (id.base as? Item.ID).flatMap { controller.shownPath(of: $0) }
  }

  func itemID(at path: ItemPath) -> AnyHashable? {
    controller.snapshot.item(at: path).map { AnyHashable($0.id) }
  }

  func dropProposal(forMovingItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination)
    -> ListDropProposal
  {
    controller.dropProposal(forMovingItemsWithIDs: Self.ids(ids), to: destination)
  }

  func performDrop(ofItemsWithIDs ids: [AnyHashable], to destination: ListDropDestination) -> Bool {
    controller.userMoveItems(withIDs: Self.ids(ids), to: destination)
  }

  func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal
  {
    guard controller.userEdits.state.hooks.loadDroppedItems != nil else {
      return ListDropProposal(.cancel)
    }
    return controller.dropProposal(forExternalItemCount: count, at: destination)
  }

  func performExternalDrop(of payloads: [AnyObject], at path: ItemPath) {
    guard let load = controller.userEdits.state.hooks.loadDroppedItems,
      controller.dropProposal(forExternalItemCount: payloads.count, at: .insert(at: path))
        .operation == .copy
    else { return }
    controller.insertDroppedItems(count: payloads.count, at: path) { try await load(payloads) }
  }

  func dragPayload(forItemWithID id: AnyHashable) -> AnyObject? {
    guard let id = id.base as? Item.ID, let path = controller._snapshot.path(of: id) else {
      return nil
    }
    return controller.userEdits.state.hooks.dragPayload?(controller._snapshot[path])
  }

  /// The list's ids among `ids` (a host hands back what it was given).
  private static func ids(_ ids: [AnyHashable]) -> [Item.ID] {
    ids.compactMap { $0.base as? Item.ID }
  }

  func userDeleteItems(at paths: [ItemPath]) { controller.userEdits.userDeleteItems(at: paths) }

  func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction] {
    controller.userEdits.swipeActions(forItemAt: path, edge: edge)
  }

  func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath) {
    controller.userEdits.performSwipeAction(action, forItemAt: path)
  }

  func undoUserEdit() { controller.undo() }

  func redoUserEdit() { controller.redo() }

  func accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction] {
    controller.accessibilityActions(forItemAt: path)
  }

  func accessibilityValue(forItemAt path: ItemPath) -> String? {
    controller.accessibilityValue(forItemAt: path)
  }

  var strings: ListStrings { controller.strings }

  func performAccessibilityAction(_ action: RowAccessibilityAction, forItemAt path: ItemPath)
    -> Bool
  {
    controller.performAccessibilityAction(action, forItemAt: path)
  }

  var keyMap: ListKeyMap { controller.keyMap }

  func textSizeDidChange() { controller.invalidateHeights() }

  func handleKey(_ key: ListKey, focusedAt focused: ItemPath?, pageSize: Int) -> ListKeyResult {
    controller.handleKey(key, focusedAt: focused, pageSize: pageSize)
  }
}

/// What a ``ListController`` is to its host, whatever its types: how a
/// second controller on the same view tells there is one already.
protocol ControllerEvents: AnyObject {}
