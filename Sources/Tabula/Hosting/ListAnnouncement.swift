/// What a list tells users who do not see it change (VoiceOver speaks it,
/// a terminal shows it in its status line): a load that finished or
/// failed, and rows that went away without the user removing them.
public enum ListAnnouncement: Hashable, Sendable, CustomStringConvertible {
  /// The source finished loading, with this many items.
  case loaded(itemCount: Int)
  /// The source finished loading with nothing to show.
  case empty
  /// The source failed to load, with its message.
  case failed(String)
  /// An update removed this many rows the user did not delete (another
  /// writer, a refresh).
  case removed(count: Int)
  /// Items dropped on the list from outside could not be added.
  case dropFailed(count: Int, message: String)

  /// The words said: "Loaded 20 items", "Nothing to show", "Couldn't
  /// load: offline", "2 items removed".
  public var description: String {
    switch self {
    case .loaded(let count): "Loaded \(count) \(count == 1 ? "item" : "items")"
    case .empty: "Nothing to show"
    case .failed(let message): "Couldn’t load: \(message)"
    case .removed(let count): "\(count) \(count == 1 ? "item" : "items") removed"
    case .dropFailed(let count, let message):
      "Couldn’t add \(count) \(count == 1 ? "item" : "items"): \(message)"
    }
  }
}
