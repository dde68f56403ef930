/// Where the heights of a ``ListController``'s rows come from and are kept:
/// the cache (keyed by what answered each height: a presenter and style, or
/// the ``ListController/heightProvider``'s version), the provider, and the
/// report of invalid heights, once per model type.
@MainActor
struct RowHeights<Item: Diffable> {
  /// What answered a height: it stays valid while that does not change.
  enum Source: Hashable {
    /// A presenter (by its registry id) in a style.
    case presenter(id: Int, style: PresentationStyle?)
    /// The height provider, as it was at this version.
    case provider(version: Int)
  }

  /// The heights answered, and the averages per presenter id.
  var cache = HeightCache<Item, Source, Int>()
  /// Answers heights when there are no presenters.
  var provider: (@MainActor (_ item: Item, _ path: ItemPath, _ width: Double) -> Double?)? {
    didSet { providerVersion += 1 }
  }
  /// Increases when the provider or the presenters change: the provider's
  /// answers cached before are stale (presenters' answers are keyed by
  /// presenter and style instead).
  var providerVersion = 0
  /// Model types whose invalid heights were reported.
  let invalid = ReportOnce<ObjectIdentifier>()
}
