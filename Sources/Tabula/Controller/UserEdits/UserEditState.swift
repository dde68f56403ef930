/// What a list keeps for the edits its user makes (in ``UserEdits``): the app's
/// rules (which rows move or delete, where they land, how steps are
/// named), the history, the epochs that tell a transaction a row moved
/// under it, the saves still running, the rows a running swipe action
/// hides, and the hooks that hear of failures.
///
/// ``UserEdits`` holds it and its methods (moves, drops, deletes, undo,
/// swipe actions) read and change it; the rules that need no list are
/// here, tested on their own.
@MainActor
struct UserEditState<SectionModel: Diffable, Item: Diffable> {
  typealias Placement = UserEdit<SectionModel, Item>.Placement

  /// The app's rules: which rows move or delete, where they land, how
  /// steps are named.
  var rules = UserEditRules<SectionModel, Item>()
  /// The app's hooks: what hears of edits and failures, and makes drops'
  /// rows.
  var hooks = UserEditHooks<SectionModel, Item>()

  // MARK: State

  /// The edits that can be undone and redone.
  var history = EditHistory<SectionModel, Item>()
  /// Counts the user moves adopted: a transaction staged before the last
  /// one (``stagedEpoch`` behind it) is staged again.
  var epoch = 0
  /// Ids the user deleted whose rows a transaction has yet to remove: not
  /// announced as removed by someone else (``ListAnnouncement/removed(count:)``).
  var deletedByUser: Set<Item.ID> = []
  /// The ``epoch`` the running transaction was staged at.
  var stagedEpoch = 0
  /// How deep the controller is in a host's move callback (UIKit's
  /// `moveRowAt`): no batch reaches the host before it returns.
  var hostMoveDepth = 0
  /// Follows the saving of the edits written so far, in order.
  var lastWrite: Task<Void, Never>?
  /// A source that cannot write, reported once.
  let readOnlySource = ReportOnce<Bool>()
  /// A ``moveTarget`` that sends rows outside the list, reported once.
  let strayMoveTarget = ReportOnce<Bool>()
  /// Rows a running swipe action hides, and where they were (if the list
  /// showed them when it started).
  private(set) var hidden: [Item.ID: Placement?] = [:]

  /// Whether a transaction was staged before the last user move.
  var isStagedBehind: Bool { stagedEpoch != epoch }

  /// Whether anything hears reorders one move at a time.
  var hearsReorders: Bool {
    hooks.willUserMoveItem != nil || hooks.didUserMoveItem != nil
      || hooks.willUserReorder != nil || hooks.didUserReorder != nil
  }

  /// Hides the row with `id` while its swipe action runs; `placement` is
  /// where it was.
  mutating func hide(_ id: Item.ID, placement: Placement?) { hidden[id] = .some(placement) }

  /// Shows the row with `id` again; returns where it was.
  @discardableResult
  mutating func unhide(_ id: Item.ID) -> Placement? { hidden.removeValue(forKey: id) ?? nil }

  /// Whether no row is hidden, and no drop placeholder shows: the
  /// source's snapshot is shown as it is.
  var hidesNothing: Bool { hidden.isEmpty && drops.isEmpty }

  /// Drops from outside whose items load: each drop's placeholder rows, by
  /// where they go.
  private(set) var drops: [Int: [Placement]] = [:]
  /// Numbers the drops.
  private var dropCount = 0
  /// Counts the placeholder rows made for drops from outside: each gets
  /// its own number (see ``makePlaceholders(_:)``).
  private var placeholderCount = 0
  /// Placeholders the source's snapshot cannot take, reported once each.
  let hiddenPlaceholders = ReportOnce<Item.ID>()

  /// `count` placeholder rows of ``dropPlaceholder`` for a drop from
  /// outside, each made of a number no other placeholder of the list got.
  mutating func makePlaceholders(_ count: Int, _ make: @MainActor (Int) -> Item) -> [Item] {
    let first = placeholderCount
    placeholderCount += count
    return (first..<first + count).map(make)
  }

  /// The ids of the placeholder rows of the drops still loading.
  var placeholderIDs: Set<Item.ID> {
    Set(drops.values.lazy.flatMap { $0 }.map(\.item.id))
  }

  /// Shows placeholder rows at `placements` (a drop's, in order); returns
  /// the drop's number.
  mutating func addDrop(_ placements: [Placement]) -> Int {
    dropCount += 1
    drops[dropCount] = placements
    return dropCount
  }

  /// Takes the drop's placeholders away.
  mutating func removeDrop(_ drop: Int) { drops[drop] = nil }

  /// `snapshot` without the rows hidden while their swipe actions run, and
  /// with the placeholder rows of drops still loading, each by its
  /// neighbours (where the source's rows put it now; a placeholder whose
  /// section is gone goes with it).
  func visible(_ snapshot: Snapshot<SectionModel, Item>) -> Snapshot<SectionModel, Item> {
    var visible = snapshot
    let present = hidden.keys.filter { snapshot.contains(itemWithID: $0) }
    if !present.isEmpty {
      // Every id is in the snapshot: deleting them cannot fail.
      _trapping { () throws(SnapshotError) in try visible.deleteItems(present) }
    }
    for drop in drops.keys.sorted() {
      for placement in drops[drop]! {
        do {
          try visible.apply(.insert(items: [placement]))
        } catch {
          // Its section went, or the source took its id since the drop.
          hiddenPlaceholders.note(
            placement.item.id,
            "the drop's placeholder \(String(reflecting: placement.item.id)) is not shown: \(error)"
          )
        }
      }
    }
    return visible
  }

  /// The name of an undo step: the app's `editName`'s, else `strings`'
  /// ("Move Item", "Delete 3 Items").
  @MainActor
  func name(_ verb: String, _ items: [Item], strings: ListStrings) -> String {
    if let editName = rules.editName { return editName(verb, items) }
    return strings.undoName(verb, items.count)
  }

  /// The user's move of the row now at `destination` of `moved` (the list
  /// on screen after the move, made from `shown`) as an edit of `latest`,
  /// the snapshot the data has: between the nearest of its neighbours on
  /// screen that `latest` has in that section. `nil` when `latest` has no
  /// such row or section (the transaction on its way removes it).
  static func move(
    at destination: ItemPath, of moved: Snapshot<SectionModel, Item>,
    shown: Snapshot<SectionModel, Item>, onto latest: Snapshot<SectionModel, Item>
  ) -> UserEdit<SectionModel, Item>? {
    var placement = moved.placement(at: destination)
    if latest._isIdentical(to: shown) {
      return .move(to: placement, base: shown, result: moved)
    }
    guard latest.contains(itemWithID: placement.item.id),
      let section = latest.sectionIndex(of: placement.section)
    else { return nil }
    func inSection(_ id: Item.ID) -> Bool { latest.sectionIndex(ofItem: id) == section }
    // The neighbours by path, not by copying the section: O(log n) each in
    // shared storage.
    let count = moved.numberOfItems(inSectionAt: destination.section)
    func id(at item: Int) -> Item.ID {
      moved[ItemPath(section: destination.section, item: item)].id
    }
    placement.before = ((destination.item + 1)..<count).lazy.map(id(at:)).first(where: inSection)
    placement.after = (0..<destination.item).reversed().lazy.map(id(at:)).first(where: inSection)
    placement.index = nil
    var result = latest
    guard (try? result.apply(.move(to: placement))) != nil else {
      return nil
    }
    return .move(to: placement, base: latest, result: result)
  }
}

/// A reorder the user made: the data before and after, and the moves that
/// make one from the other, one after another (as UIKit's `moveRowAt`
/// calls give them).
struct UserReorder<SectionModel: Diffable, Item: Diffable> {
  /// The data before the reorder (the latest snapshot applied).
  var initial: Snapshot<SectionModel, Item>
  /// The data after it.
  var final: Snapshot<SectionModel, Item>
  /// The moves, in order: each path read in the data the moves before it
  /// left.
  var moves: [Snapshot<SectionModel, Item>.SequentialMove]
}
