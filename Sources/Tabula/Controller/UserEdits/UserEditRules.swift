/// The app's rules for the edits a ``ListController``'s user makes: which
/// rows move or delete (over the presenters' answers), where they may land,
/// how undo steps are named, whether editing controls show and which key
/// does what. Each is the controller's public property of the same name.
@MainActor
struct UserEditRules<SectionModel: Diffable, Item: Diffable> {
  /// Whether the user may move a row (overrides the presenters').
  var canMove: (@MainActor (_ item: Item, _ path: ItemPath) -> Bool)?
  /// Whether the user may delete a row (overrides the presenters').
  var canDelete: (@MainActor (_ item: Item, _ path: ItemPath) -> Bool)?
  /// Where rows may be dropped.
  var movePolicy = MovePolicy.anywhere
  /// Redirects a drop.
  var moveTarget: (@MainActor (_ item: Item, _ from: ItemPath, _ proposed: ItemPath) -> ItemPath)?
  /// Whether rows may be dropped at a destination.
  var canDrop: (@MainActor (_ items: [Item], _ destination: ListDropDestination) -> Bool)?
  /// Names undo steps.
  var editName: (@MainActor (_ verb: String, _ items: [Item]) -> String)?
  /// Whether rows the user may move or delete show their editing controls
  /// on hosts whose cells need them added.
  var showsEditingControls = true
  /// Which key does what.
  var keyMap = ListKeyMap.standard
}
