/// Where the items of a list come from: a source produces a snapshot, keeps
/// a loading state, and tells its observers when either changes.
///
/// Tabula's sources: ``StaticDataSource`` (arrays), ``LoadingDataSource``
/// (asynchronous loads with loading, no-content and error placeholders, and
/// refresh), ``ComposedDataSource`` (children, each contributing sections)
/// and ``SegmentedDataSource`` (one child at a time). A ``ListController``
/// shows a source with ``ListController/connect(to:animated:)``, animating
/// every change.
@MainActor
public protocol DataSource<SectionModel, Item>: AnyObject {
  /// The section model type.
  associatedtype SectionModel: Diffable
  /// The item type.
  associatedtype Item: Diffable

  /// What the source shows now: its content, or placeholders for its state.
  var snapshot: Snapshot<SectionModel, Item> { get }

  /// Where the source is in loading its content.
  var state: LoadingState { get }

  /// Calls `observer` after every change of ``snapshot`` or ``state``, until
  /// the returned token is cancelled or released.
  func observe(_ observer: @escaping @MainActor () -> Void) -> Observation
}

/// A registration made by ``DataSource/observe(_:)``: it ends when cancelled
/// or released.
@MainActor
public final class Observation {
  private var onCancel: (() -> Void)?

  /// An observation that calls `onCancel` when it ends.
  public init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Ends the observation.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit {
    cancel()
  }
}

/// The observers of one data source: what a ``DataSource`` implementation
/// keeps to answer ``DataSource/observe(_:)`` and to announce changes.
///
/// ```swift
/// private let observers = ObserverList()
///
/// public func observe(_ observer: @escaping @MainActor () -> Void) -> Observation {
///   observers.add(observer)
/// }
/// ```
///
/// An observer may cancel any observation, its own included, while it is
/// being notified: the notification goes on with the others, and an
/// observation cancelled before its turn is not called.
@MainActor
public final class ObserverList {
  private var observers: [Int: @MainActor () -> Void] = [:]
  private var next = 0

  /// An empty list.
  public init() {}

  /// Adds an observer, until the returned token is cancelled or released.
  public func add(_ observer: @escaping @MainActor () -> Void) -> Observation {
    next += 1
    let key = next
    observers[key] = observer
    return Observation { [weak self] in self?.remove(key) }
  }

  /// Removes the observer with `key`.
  private func remove(_ key: Int) { observers[key] = nil }

  /// How many observers there are.
  var count: Int { observers.count }

  /// Calls every observer, in the order they were added.
  public func notify() {
    for key in observers.keys.sorted() {
      // Looked up at its turn: an observer an earlier one cancelled is skipped.
      observers[key]?()
    }
  }
}
