/// Which rows are selected, by item id, and how many may be: the selection
/// a ``ListController`` keeps, so that it survives every update (a moved row
/// stays selected, a deleted one leaves).
///
/// A value whose transitions say whether they changed the selection (the
/// controller tells ``ListController/selectionDidChange`` then):
///
/// ```
///  mode .none ──select──▶ (nothing)      mode .single ──select(b)──▶ [b] (a dropped)
///  mode .multiple ──select(b)──▶ [a, b]  ──deselect(a)──▶ [b]
///  any ──mode set to fewer rows than selected──▶ []
///  any ──keep(where:) after an update──▶ the ids still shown, in order
///  any ──set([a, x]) (x not in the list)──▶ [a], x awaited
///  awaited x ──adoptAwaited after an update that brings x──▶ [a, x]
///  awaited ──any other change (a tap, select, deselect...)──▶ none awaited
/// ```
struct SelectionState<ID: Hashable & Sendable>: Sendable, Equatable {
  /// How many rows may be selected.
  private(set) var mode = SelectionMode.none
  /// The selected ids, in the order they were selected.
  private(set) var ids: [ID] = []
  /// The same ids, for O(1) membership.
  private(set) var set: Set<ID> = []
  /// Whether the list is in editing mode, where a tap toggles a row's
  /// selection in ``SelectionMode/multiple``.
  var isEditing = false
  /// Ids a whole selection was set to (a SwiftUI binding's) that the list
  /// does not have yet: each is selected when its row arrives, until the
  /// selection is changed otherwise.
  private(set) var awaited: Set<ID> = []

  /// Whether `id` is selected.
  func contains(_ id: ID) -> Bool { set.contains(id) }

  /// Sets the mode; a mode that allows fewer rows than are selected
  /// deselects all. Returns whether the selection changed.
  mutating func setMode(_ newMode: SelectionMode) -> Bool {
    mode = newMode
    if newMode == .none { awaited = [] }
    if newMode == .none || (newMode == .single && ids.count > 1) { return deselectAll() }
    return false
  }

  /// Selects `id` (in ``SelectionMode/single``, instead of the one selected
  /// before), if the mode allows and the list shows it (`shown`).
  mutating func select(_ id: ID, shown: Bool) -> Bool {
    awaited = []
    guard mode != .none, shown, !set.contains(id) else { return false }
    replace(with: mode == .single ? [id] : ids + [id])
    return true
  }

  /// Deselects `id`.
  mutating func deselect(_ id: ID) -> Bool {
    awaited.remove(id)
    guard set.contains(id) else { return false }
    replace(with: ids.filter { $0 != id })
    return true
  }

  /// Selects `id` if it was not selected, else deselects it.
  mutating func toggle(_ id: ID, shown: Bool) -> Bool {
    set.contains(id) ? deselect(id) : select(id, shown: shown)
  }

  /// Selects every id of `all` (``SelectionMode/multiple`` only).
  mutating func selectAll(_ all: [ID]) -> Bool {
    guard mode == .multiple else { return false }
    awaited = []
    replace(with: all)
    return true
  }

  /// Deselects every id.
  mutating func deselectAll() -> Bool {
    awaited = []
    guard !ids.isEmpty else { return false }
    replace(with: [])
    return true
  }

  /// The selection a tap on `id` makes: ``SelectionMode/single`` selects
  /// it; ``SelectionMode/multiple`` toggles it in editing mode only (outside
  /// it a tap opens the row); ``SelectionMode/none`` selects nothing.
  mutating func tap(_ id: ID) -> Bool {
    awaited = []
    return switch mode {
    case .none: false
    case .single: select(id, shown: true)
    case .multiple: isEditing ? toggle(id, shown: true) : false
    }
  }

  /// Makes the selection exactly `ids`: those `shown` says the list has
  /// now are selected (in ``SelectionMode/single``, one of them), the
  /// others awaited. Returns whether the selected ids changed.
  mutating func set(_ ids: Set<ID>, shown: (ID) -> Bool) -> Bool {
    guard mode != .none else { return deselectAll() }
    let present = ids.filter(shown)
    let kept = self.ids.filter(present.contains)
    var selected = kept + present.subtracting(kept)
    if mode == .single { selected = Array(selected.prefix(1)) }
    awaited = mode == .single && !selected.isEmpty ? [] : ids.subtracting(present)
    guard selected != self.ids else { return false }
    replace(with: selected)
    return true
  }

  /// Selects the awaited ids `shown` says the list has now. Returns
  /// whether the selection changed.
  mutating func adoptAwaited(shown: (ID) -> Bool) -> Bool {
    guard !awaited.isEmpty else { return false }
    let arrived = awaited.filter(shown)
    guard !arrived.isEmpty else { return false }
    awaited.subtract(arrived)
    var selected = ids + arrived.filter { !set.contains($0) }
    if mode == .single {
      selected = Array(selected.prefix(1))
      awaited = []
    }
    guard selected != ids else { return false }
    replace(with: selected)
    return true
  }

  /// Keeps the ids for which `shown` holds (after an update, the rows the
  /// list still shows), in order.
  mutating func keep(where shown: (ID) -> Bool) -> Bool {
    guard !ids.isEmpty else { return false }
    let kept = ids.filter(shown)
    guard kept.count != ids.count else { return false }
    replace(with: kept)
    return true
  }

  private mutating func replace(with newIDs: [ID]) {
    ids = newIDs
    set = Set(newIDs)
  }
}
