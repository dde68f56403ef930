/// What hears of the edits a ``ListController``'s user makes and of their
/// failures, and what makes the rows of drops: each is the controller's
/// public property of the same name, or an adapter's (the drop-in data
/// sources hear whole reorders).
@MainActor
struct UserEditHooks<SectionModel: Diffable, Item: Diffable> {
  /// Hears a change of the history.
  var historyDidChange: (@MainActor () -> Void)?
  /// Hears an edit the source could not write.
  var didFailToWrite:
    (@MainActor (_ error: any Error, _ edit: UserEdit<SectionModel, Item>) -> Void)?
  /// Hears a swipe action that failed.
  var didFailSwipeAction: (@MainActor (_ error: any Error, _ title: String) -> Void)?
  /// Hears every user move the list kept.
  var didUserMoveItem: (@MainActor (_ item: Item, _ from: ItemPath, _ to: ItemPath) -> Void)?
  /// Hears every user move the list keeps, before it lands.
  var willUserMoveItem: (@MainActor (_ item: Item, _ from: ItemPath, _ to: ItemPath) -> Void)?
  /// Makes the placeholder rows of drops from outside.
  var dropPlaceholder: (@MainActor (_ number: Int) -> Item)?
  /// Makes items of what was dropped from outside (UIKit's item
  /// providers): what a host's drop loads.
  var loadDroppedItems: (@MainActor (_ payloads: [AnyObject]) async throws -> [Item])?
  /// Describes a row dragged out of the list (UIKit: an item provider).
  var dragPayload: (@MainActor (_ item: Item) -> AnyObject?)?
  /// Hears a drop from outside whose items failed to load.
  var didFailToLoadDrop: (@MainActor (_ error: any Error, _ count: Int) -> Void)?
  /// Takes the user's deletes over, when set.
  var handleUserDelete: (@MainActor (_ items: [Item], _ paths: [ItemPath]) -> Void)?
  /// Hears a whole reorder before it lands: what the list's adapters (the
  /// drop-in data sources) turn into Apple's transactions.
  var willUserReorder: (@MainActor (UserReorder<SectionModel, Item>) -> Void)?
  /// Hears a whole reorder once it landed.
  var didUserReorder: (@MainActor (UserReorder<SectionModel, Item>) -> Void)?
}
