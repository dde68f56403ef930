/// Where a data source is in loading its content, and what each load does
/// to it.
///
/// ```
/// any ──beginLoad(keepingContent: false)──▶ loading ────┐
/// any ──beginLoad(keepingContent: true)───▶ refreshing ─┤
///                                                       ├─finishLoad(itemCount: 0)──▶ noContent
///                                                       ├─finishLoad(itemCount: n)──▶ loaded
///                                                       └─failLoad(message)─────────▶ error(message)
/// loaded | noContent | error ──finishLoadingMore(itemCount: n)──▶ loaded | noContent
/// noContent ──receiveItems(itemCount: n > 0)──▶ loaded
/// ```
///
/// While ``loading`` (nothing shown yet), a source shows a loading
/// placeholder; ``noContent`` and ``error(_:)`` without content show theirs;
/// ``refreshing`` keeps the current content on screen until the new content
/// arrives (``Snapshot/showing(_:in:placeholderSection:makePlaceholder:)``).
///
/// - The rule for a load that succeeded is written once,
///   ``init(loadedItemCount:)``: no items is ``noContent``, else ``loaded``.
///   Content set without a load (a static source, pushed content) follows
///   it too.
/// - ``error(_:)`` means the last load failed: a later load that succeeds
///   (a next page, say: ``finishLoadingMore(itemCount:)``) ends it; items
///   pushed without a load (``receiveItems(itemCount:)``) do not.
/// - While a first load or a refresh runs, only its own end changes the
///   state: further loads and pushed items wait for it.
@nonexhaustive
public enum LoadingState: Hashable, Sendable, CustomStringConvertible {
  /// Nothing was loaded yet, and no load is running.
  case initial
  /// The first load is running; there is no content to show.
  case loading
  /// Content is shown.
  case loaded
  /// The last load succeeded and found nothing.
  case noContent
  /// The last load failed with this message. Content loaded earlier, if any,
  /// is still shown.
  case error(String)
  /// A load is running while earlier content stays shown.
  case refreshing

  /// The state after a load that succeeded with `itemCount` items:
  /// ``noContent`` when there are none, else ``loaded``.
  ///
  /// ```swift
  /// var state: LoadingState { LoadingState(loadedItemCount: snapshot.numberOfItems) }
  /// ```
  ///
  /// - Complexity: O(1).
  public init(loadedItemCount itemCount: Int) {
    self = itemCount == 0 ? .noContent : .loaded
  }

  /// Whether a load is running.
  public var isLoading: Bool { self == .loading || self == .refreshing }

  /// A load starts, from any state: ``refreshing`` when content stays on
  /// screen meanwhile (a refresh), else ``loading``.
  ///
  /// - Complexity: O(1).
  public mutating func beginLoad(keepingContent: Bool) {
    self = keepingContent ? .refreshing : .loading
  }

  /// A load succeeded with `itemCount` items, or content was set without a
  /// load: ``init(loadedItemCount:)``, from any state.
  ///
  /// - Complexity: O(1).
  public mutating func finishLoad(itemCount: Int) {
    self = LoadingState(loadedItemCount: itemCount)
  }

  /// A load failed with `message`, from any state: ``error(_:)``. Content
  /// loaded earlier stays; the state says the last load failed.
  ///
  /// - Complexity: O(1).
  public mutating func failLoad(_ message: String) {
    self = .error(message)
  }

  /// A load that adds to the content (the next page of a feed) succeeded,
  /// and the source now holds `itemCount` items. After ``loaded``,
  /// ``noContent`` or ``error(_:)`` (the last load now succeeded): as
  /// ``finishLoad(itemCount:)``. Otherwise unchanged: before a first load
  /// there is nothing to add to, and while one runs its own end decides.
  ///
  /// - Complexity: O(1).
  public mutating func finishLoadingMore(itemCount: Int) {
    switch self {
    case .loaded, .noContent, .error: finishLoad(itemCount: itemCount)
    case .initial, .loading, .refreshing: break
    }
  }

  /// Items arrived without a load (pushed by the app), and the source now
  /// holds `itemCount` items: ``noContent`` becomes ``loaded`` once there
  /// are some. Every other state stays: an error still says the last load
  /// failed, and a running load decides for itself.
  ///
  /// - Complexity: O(1).
  public mutating func receiveItems(itemCount: Int) {
    if self == .noContent, itemCount > 0 { self = .loaded }
  }

  /// The state's name, and the error's message.
  public var description: String {
    switch self {
    case .initial: "initial"
    case .loading: "loading"
    case .loaded: "loaded"
    case .noContent: "no content"
    case .error(let message): "error: \(message)"
    case .refreshing: "refreshing"
    }
  }
}
