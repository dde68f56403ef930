// What a presenter answers besides making cells, erased in four small
// values, one per concern: resources, sizing, the events a host reports
// about a row, and user edits. A self-presenting model or a presenter that
// says nothing about a concern gets that part's defaults.

extension PresenterEntry {
  /// Resources that arrive for a row on screen (``ResourceUpdate``).
  @MainActor
  @usableFromInline
  struct Resources {
    /// Whether the presenter wants a resource for a model.
    @usableFromInline let wants: (ResourceUpdate, Any) -> Bool
    /// Updates a cell on screen with a resource.
    @usableFromInline let update: (Cell, Any, ResourceUpdate, PresentationContext) -> Void

    @inlinable
    init<P: Presenter>(_ presenter: P) where P.Cell == Cell {
      wants = { presenter.wants($0, for: cast($1, to: P.Model.self)) }
      update = { presenter.update($0, with: cast($1, to: P.Model.self), for: $2, context: $3) }
    }

    init(
      wants: @escaping (ResourceUpdate, Any) -> Bool,
      update: @escaping (Cell, Any, ResourceUpdate, PresentationContext) -> Void
    ) {
      self.wants = wants
      self.update = update
    }
  }

  /// Row heights: answered, estimated, or measured on a prototype cell.
  @MainActor
  @usableFromInline
  struct Sizing {
    @usableFromInline let height: (Any, Double, PresentationStyle) -> Double?
    @usableFromInline let estimatedHeight: (Any, Double, PresentationStyle) -> Double?
    /// Whether rows with no height answer are measured on a prototype cell.
    @usableFromInline let measuresCells: Bool

    @inlinable
    init<P: Presenter>(_ presenter: P) where P.Cell == Cell {
      height = { presenter.height(for: cast($0, to: P.Model.self), width: $1, style: $2) }
      estimatedHeight = {
        presenter.estimatedHeight(for: cast($0, to: P.Model.self), width: $1, style: $2)
      }
      measuresCells = presenter.measuresCells
    }

    init(
      height: @escaping (Any, Double, PresentationStyle) -> Double?,
      estimatedHeight: @escaping (Any, Double, PresentationStyle) -> Double? = { _, _, _ in nil },
      measuresCells: Bool = false
    ) {
      self.height = height
      self.estimatedHeight = estimatedHeight
      self.measuresCells = measuresCells
    }
  }

  /// What a host reports about a row: a selection, and the cell lifecycle
  /// (will display, did end displaying, prefetch, cancel).
  @MainActor
  @usableFromInline
  struct Events {
    @usableFromInline let didSelect: (Any, PresentationContext) -> Void
    @usableFromInline let willDisplay: (Cell, Any, PresentationContext) -> Void
    @usableFromInline let didEndDisplaying: (Cell, Any) -> Void
    @usableFromInline let prefetch: (Any) -> Void
    @usableFromInline let cancelPrefetching: (Any) -> Void

    @inlinable
    init<P: Presenter>(_ presenter: P) where P.Cell == Cell {
      didSelect = { presenter.didSelect(cast($0, to: P.Model.self), context: $1) }
      willDisplay = { presenter.willDisplay($0, with: cast($1, to: P.Model.self), context: $2) }
      didEndDisplaying = { presenter.didEndDisplaying($0, with: cast($1, to: P.Model.self)) }
      prefetch = { presenter.prefetch(cast($0, to: P.Model.self)) }
      cancelPrefetching = { presenter.cancelPrefetching(cast($0, to: P.Model.self)) }
    }

    init(
      didSelect: @escaping (Any, PresentationContext) -> Void,
      willDisplay: @escaping (Cell, Any, PresentationContext) -> Void = { _, _, _ in },
      didEndDisplaying: @escaping (Cell, Any) -> Void = { _, _ in },
      prefetch: @escaping (Any) -> Void = { _ in },
      cancelPrefetching: @escaping (Any) -> Void = { _ in }
    ) {
      self.didSelect = didSelect
      self.willDisplay = willDisplay
      self.didEndDisplaying = didEndDisplaying
      self.prefetch = prefetch
      self.cancelPrefetching = cancelPrefetching
    }
  }

  /// What the user may do to a row: move it, delete it, swipe it.
  @MainActor
  @usableFromInline
  struct Editing {
    @usableFromInline let canMove: (Any) -> Bool
    @usableFromInline let canDelete: (Any) -> Bool
    @usableFromInline let swipeActions: (Any, SwipeEdge) -> [SwipeAction]

    @inlinable
    init<P: Presenter>(_ presenter: P) where P.Cell == Cell {
      canMove = { presenter.canMove(cast($0, to: P.Model.self)) }
      canDelete = { presenter.canDelete(cast($0, to: P.Model.self)) }
      swipeActions = { model, edge in
        let model = cast(model, to: P.Model.self)
        return edge == .trailing
          ? presenter.trailingSwipeActions(for: model) : presenter.leadingSwipeActions(for: model)
      }
    }

    /// Nothing: no moves, no deletes, no swipe actions.
    init() {
      canMove = { _ in false }
      canDelete = { _ in false }
      swipeActions = { _, _ in [] }
    }
  }
}
