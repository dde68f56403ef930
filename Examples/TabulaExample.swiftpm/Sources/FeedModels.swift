import Tabula

// The feed's models: three kinds of entry that share one list through
// `AnyItem` (each kind has its own presenter), the tiles of the highlights
// grid, and the grid's section model, whose type chooses its layout.

/// A text post.
struct Post: Diffable, Hashable {
  let id: Int
  var author: String
  var text: String
  var likes: Int
}

/// A photo post; its image arrives after the row shows (``ImageStore``).
struct Photo: Diffable, Hashable {
  let id: Int
  var author: String
  var caption: String
  /// The colour the image is drawn in.
  var hue: Double

  /// The key of its image in the ``ImageStore``.
  var imageKey: String { "photo-\(id)" }
}

/// A sponsored entry.
struct Ad: Diffable, Hashable {
  let id: Int
  var headline: String
  var sponsor: String
}

/// A tile of the highlights grid.
struct Highlight: Diffable, Hashable {
  let id: Int
  var title: String
  var hue: Double
  var symbol: String

  /// The key of its image in the ``ImageStore``.
  var imageKey: String { "highlight-\(id)" }
}

/// The section of highlights: laid out as a grid, because its section
/// presenter (``HighlightsHeader``) says so for this type.
struct HighlightsSection: Diffable, Hashable {
  let id: String
  var title: String
}

extension PresentationStyle {
  /// Posts as one line, without likes.
  static let compact: PresentationStyle = "compact"
}

/// Why the simulated server failed.
enum FeedError: Error, CustomStringConvertible {
  /// The network switch of the screen is off.
  case offline
  /// A refresh failed with the feed's message.
  case refreshFailed(String)

  var description: String {
    switch self {
    case .offline: "the network is offline"
    case .refreshFailed(let message): message
    }
  }
}
