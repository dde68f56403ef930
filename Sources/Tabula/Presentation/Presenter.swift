/// Presents one model type in one kind of cell: makes and configures the
/// cell, updates it when a resource arrives, answers its height, and handles
/// its interactions.
///
/// ```swift
/// struct UserPresenter: Presenter {
///   func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user" }
///
///   func configure(_ cell: UITableViewCell, with user: User, context: PresentationContext) {
///     var content = cell.defaultContentConfiguration()
///     content.text = user.name
///     content.secondaryText = context.style == .byline ? user.byline : nil
///     cell.contentConfiguration = content
///   }
///
///   func wants(_ resource: ResourceUpdate, for user: User) -> Bool {
///     resource.is(User.avatar) && resource.subject == AnyHashable(user.id)
///   }
/// }
/// registry.register(UserPresenter(), for: User.self)
/// ```
///
/// Only ``reuseIdentifier(for:style:)`` and ``configure(_:with:context:)``
/// are required. By default a presenter wants no resource, refreshes a cell
/// for a resource by configuring it again, leaves the height to the host,
/// and forwards a selection to the handler registered for its model type
/// (``PresenterRegistry/handle(_:for:_:)``).
@MainActor
public protocol Presenter<Model, Cell> {
  /// The model type presented.
  associatedtype Model
  /// The cell type the host shows (`UITableViewCell`, a simulated cell...).
  associatedtype Cell

  /// The reuse identifier of the cell kind that shows `model` in `style`.
  /// Rows whose identifier changes are reloaded rather than reconfigured.
  func reuseIdentifier(for model: Model, style: PresentationStyle) -> String

  /// Fills `cell` to show `model`.
  func configure(_ cell: Cell, with model: Model, context: PresentationContext)

  /// The class of this presenter's cells, which the list registers under
  /// each of its ``reuseIdentifier(for:style:)``s the first time it
  /// dequeues one, so that an app never registers cells by hand.
  ///
  /// By default the host's plain cell class (`Cell.self`: a
  /// `UITableViewCell`, a `UICollectionViewCell`, a `SimulatedCell`):
  /// enough for presenters that set a content configuration. Return your
  /// subclass for a custom cell:
  ///
  /// ```swift
  /// var cellClass: UITableViewCell.Type? { ContactCell.self }
  /// ```
  ///
  /// A view that already has a registration under the identifier keeps it
  /// where the view can say so (a table view: a class, a nib or a
  /// storyboard prototype the app registered). A collection view cannot
  /// say: for cells the app registers itself there (a nib, a storyboard
  /// prototype), return `nil`, and the list never registers. With `nil`
  /// and no registration where the view can tell, the row shows the host's
  /// fallback cell and the missing registration is reported to
  /// ``TabulaLog``, naming the identifier, instead of UIKit's exception.
  var cellClass: Cell.Type? { get }

  /// Whether the row showing `model` must be updated for `resource`.
  func wants(_ resource: ResourceUpdate, for model: Model) -> Bool

  /// Brings a visible `cell` up to date with `resource`.
  func update(
    _ cell: Cell, with model: Model, for resource: ResourceUpdate, context: PresentationContext)

  /// The height of the row for a list `width` wide, or `nil` for the host's
  /// default. Answers are cached per item until its content, the width or
  /// the style changes.
  func height(for model: Model, width: Double, style: PresentationStyle) -> Double?

  /// Whether a row whose ``height(for:width:style:)`` is `nil` is measured:
  /// the cell is configured on the host's prototype cell for its kind and
  /// asked its ``SizableCell/fittingHeight(forWidth:)``. `false` by default
  /// (the host's default height).
  var measuresCells: Bool { get }

  /// A guess at the height of a row not measured yet (off screen), or `nil`
  /// for the running average of the rows this presenter measured.
  func estimatedHeight(for model: Model, width: Double, style: PresentationStyle) -> Double?

  /// The user selected the row.
  func didSelect(_ model: Model, context: PresentationContext)

  /// `cell` is about to appear showing `model`: start what runs while the
  /// row is on screen (a video, a timer, a subscription). Every call is
  /// matched by one ``didEndDisplaying(_:with:)`` for the same cell.
  func willDisplay(_ cell: Cell, with model: Model, context: PresentationContext)

  /// `cell`, which showed `model`, left the screen (scrolled off, deleted,
  /// reloaded): stop what ``willDisplay(_:with:context:)`` started.
  func didEndDisplaying(_ cell: Cell, with model: Model)

  /// The row of `model` is about to come on screen: start loading what it
  /// needs (an image).
  func prefetch(_ model: Model)

  /// The row of `model`, prefetched, will not come on screen after all.
  func cancelPrefetching(_ model: Model)

  /// Whether the user may move (reorder) the row of `model`. `false` by
  /// default: a list opts in per model type.
  func canMove(_ model: Model) -> Bool

  /// Whether the user may delete the row of `model` (a swipe, the delete
  /// key, a delete of the selection). `false` by default.
  func canDelete(_ model: Model) -> Bool

  /// The actions a swipe from the trailing edge shows for the row of
  /// `model`, in order. None by default.
  func trailingSwipeActions(for model: Model) -> [SwipeAction]

  /// The actions a swipe from the leading edge shows. None by default.
  func leadingSwipeActions(for model: Model) -> [SwipeAction]
}

extension Presenter {
  /// The host's plain cell class: `Cell.self`.
  public var cellClass: Cell.Type? { Cell.self }

  /// Wants no resource.
  public func wants(_ resource: ResourceUpdate, for model: Model) -> Bool { false }

  /// Configures the cell again.
  public func update(
    _ cell: Cell, with model: Model, for resource: ResourceUpdate, context: PresentationContext
  ) {
    configure(cell, with: model, context: context)
  }

  /// The host's default height.
  public func height(for model: Model, width: Double, style: PresentationStyle) -> Double? { nil }

  /// Not measured: the host's default height.
  public var measuresCells: Bool { false }

  /// No estimate: the running average of measured rows.
  public func estimatedHeight(for model: Model, width: Double, style: PresentationStyle)
    -> Double?
  { nil }

  /// Nothing to start.
  public func willDisplay(_ cell: Cell, with model: Model, context: PresentationContext) {}

  /// Nothing to stop.
  public func didEndDisplaying(_ cell: Cell, with model: Model) {}

  /// Nothing to prefetch.
  public func prefetch(_ model: Model) {}

  /// Nothing to cancel.
  public func cancelPrefetching(_ model: Model) {}

  /// `false`: rows do not move unless their presenter says so.
  public func canMove(_ model: Model) -> Bool { false }

  /// `false`: rows are not deleted unless their presenter says so.
  public func canDelete(_ model: Model) -> Bool { false }

  /// None.
  public func trailingSwipeActions(for model: Model) -> [SwipeAction] { [] }

  /// None.
  public func leadingSwipeActions(for model: Model) -> [SwipeAction] { [] }

  /// Sends ``PresenterAction/select`` to the handler for the model's type.
  public func didSelect(_ model: Model, context: PresentationContext) {
    context.send(.select, model)
  }
}
