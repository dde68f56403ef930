/// Where a data source is in loading its content.
///
/// ```
/// initial ──load──▶ loading ──▶ loaded | noContent | error
/// loaded/noContent/error ──load or refresh──▶ refreshing ──▶ loaded | noContent | error
/// ```
///
/// While ``loading`` (nothing shown yet), a source shows a loading
/// placeholder; ``noContent`` and ``error(_:)`` without content show theirs;
/// ``refreshing`` keeps the current content on screen until the new content
/// arrives.
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

  /// Whether a load is running.
  public var isLoading: Bool { self == .loading || self == .refreshing }

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
