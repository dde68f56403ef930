/// The user edits a list can undo and redo, newest last, each with the name
/// an Undo menu shows ("Move Contact", "Delete 3 Contacts").
///
/// A value: ``ListController`` keeps one (``ListController/history``),
/// records each user edit as a step, and undoes and redoes them, written
/// back like the edit itself. The UIKit glue mirrors it into the responder
/// chain's undo manager.
public struct EditHistory<SectionModel: Diffable, Item: Diffable>: Sendable {
  /// One undoable edit: what redoes it and what undoes it.
  public struct Step: Sendable {
    /// The name an Undo or Redo menu item shows.
    public let name: String
    /// The edit that does it again.
    public let redo: UserEdit<SectionModel, Item>
    /// The edit that takes it back.
    public let undo: UserEdit<SectionModel, Item>
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
    undoSteps.append(step)
    redoSteps = []
    trim()
  }

  mutating func popUndo() -> Step? { undoSteps.popLast() }
  mutating func popRedo() -> Step? { redoSteps.popLast() }
  mutating func pushRedo(_ step: Step) { redoSteps.append(step) }
  mutating func pushUndo(_ step: Step) {
    undoSteps.append(step)
    trim()
  }

  /// Forgets every step.
  public mutating func removeAll() {
    undoSteps = []
    redoSteps = []
  }

  private mutating func trim() {
    if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
  }
}
