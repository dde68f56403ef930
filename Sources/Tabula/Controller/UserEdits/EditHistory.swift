/// The user edits a list can undo and redo, newest last, each with the name
/// an Undo menu shows ("Move Item", "Delete 3 Items").
///
/// A value: ``ListController`` keeps one (``ListController/history``),
/// records each user edit as a step, and undoes and redoes them, written
/// back like the edit itself. The UIKit glue mirrors it into the responder
/// chain's undo manager.
///
/// The history also says when no step refers to an item any more, so that
/// a source can let go of what it kept to put the item back (the values of
/// a deleted database row): a source keeps such data for as long as the
/// history does, bounded by ``limit``.
public struct EditHistory<SectionModel: Diffable, Item: Diffable>: Sendable {
  /// One undoable edit: what redoes it and what undoes it.
  public struct Step: Sendable {
    /// The name an Undo or Redo menu item shows.
    public let name: String
    /// The edits that do it again, in order (one, but for a drag of
    /// several rows: one per row).
    public let redoEdits: [UserEdit<SectionModel, Item>]
    /// The edits that take it back, in order.
    public let undoEdits: [UserEdit<SectionModel, Item>]
    /// Which recorded step this is (``EditHistory/recordedCount`` when it
    /// was recorded).
    public internal(set) var serial = 0

    /// The edit that does it again (of a step of several, the first: see
    /// ``redoEdits``).
    public var redo: UserEdit<SectionModel, Item> { redoEdits[0] }
    /// The edit that takes it back (of a step of several, the first: see
    /// ``undoEdits``).
    public var undo: UserEdit<SectionModel, Item> { undoEdits[0] }

    init(name: String, redo: UserEdit<SectionModel, Item>, undo: UserEdit<SectionModel, Item>) {
      self.init(name: name, redo: [redo], undo: [undo])
    }

    init(
      name: String, redo: [UserEdit<SectionModel, Item>], undo: [UserEdit<SectionModel, Item>]
    ) {
      precondition(!redo.isEmpty && !undo.isEmpty, "an undo step needs edits both ways")
      self.name = name
      self.redoEdits = redo
      self.undoEdits = undo
    }

    /// The items this step may insert again (an undone delete, a redone
    /// undo of one): what a source keeps data for.
    var insertedIDs: [Item.ID] {
      var ids: [Item.ID] = []
      for edit in redoEdits + undoEdits {
        if case .insert(let placements) = edit { ids += placements.map(\.item.id) }
      }
      return ids
    }
  }

  /// The steps that can be undone, oldest first.
  public private(set) var undoSteps: [Step] = []
  /// The steps undone that can be redone, the next to redo last.
  public private(set) var redoSteps: [Step] = []
  /// How many steps were ever recorded (undos and redos aside): an undo
  /// manager mirroring the history registers each new one.
  public private(set) var recordedCount = 0
  /// How many steps are kept (the oldest go first): 100 by default.
  public var limit = 100 {
    didSet { trim() }
  }
  /// How many steps held (or in flight) may insert each item again.
  private var references: [Item.ID: Int] = [:]
  /// Items no step refers to any more, not yet taken by ``takeReleased()``.
  private var released: Set<Item.ID> = []

  /// An empty history.
  public init() {}

  /// Whether there is a step to undo.
  public var canUndo: Bool { !undoSteps.isEmpty }
  /// Whether there is a step to redo.
  public var canRedo: Bool { !redoSteps.isEmpty }
  /// The name of the step ``ListController/undo()`` takes back, if any.
  public var undoName: String? { undoSteps.last?.name }
  /// The name of the step ``ListController/redo()`` does again, if any.
  public var redoName: String? { redoSteps.last?.name }

  /// Records a new step; the steps undone before it can no longer be
  /// redone.
  mutating func record(_ step: Step) {
    recordedCount += 1
    var step = step
    step.serial = recordedCount
    for id in step.insertedIDs { references[id, default: 0] += 1 }
    undoSteps.append(step)
    let dropped = redoSteps
    redoSteps = []
    for step in dropped { release(step) }
    trim()
  }

  /// Takes the step to undo out of the history: push it on the redo side
  /// (``pushRedo(_:)``) once it went through, or ``discard(_:)`` it.
  mutating func popUndo() -> Step? { undoSteps.popLast() }
  /// Takes the step to redo out of the history: push it on the undo side
  /// (``pushUndo(_:)``) once it went through, or ``discard(_:)`` it.
  mutating func popRedo() -> Step? { redoSteps.popLast() }
  mutating func pushRedo(_ step: Step) { redoSteps.append(step) }
  mutating func pushUndo(_ step: Step) {
    undoSteps.append(step)
    trim()
  }

  /// Lets go of a step taken out that did not go through.
  mutating func discard(_ step: Step) { release(step) }

  /// Removes the step recorded as `serial` (its edit failed to be written),
  /// wherever it is; `false` if the history no longer holds it.
  mutating func remove(serial: Int) -> Bool {
    if let index = undoSteps.firstIndex(where: { $0.serial == serial }) {
      release(undoSteps.remove(at: index))
      return true
    }
    if let index = redoSteps.firstIndex(where: { $0.serial == serial }) {
      release(redoSteps.remove(at: index))
      return true
    }
    return false
  }

  /// Forgets every step.
  public mutating func removeAll() {
    let dropped = undoSteps + redoSteps
    undoSteps = []
    redoSteps = []
    for step in dropped { release(step) }
  }

  /// The items that no step refers to any more since the last call.
  mutating func takeReleased() -> Set<Item.ID> {
    defer { released = [] }
    // An item released and then referred to again by a newer step stays.
    return released.filter { references[$0] == nil }
  }

  private mutating func trim() {
    guard undoSteps.count > limit else { return }
    let dropped = undoSteps.prefix(undoSteps.count - limit)
    undoSteps.removeFirst(dropped.count)
    for step in dropped { release(step) }
  }

  private mutating func release(_ step: Step) {
    for id in step.insertedIDs {
      let count = references[id, default: 0] - 1
      if count > 0 {
        references[id] = count
      } else {
        references[id] = nil
        released.insert(id)
      }
    }
  }
}
