import Tabula

/// The rows a ``TerminalListView`` highlights after a batch: why each is
/// highlighted and until when, for how long a highlight lasts
/// (``TerminalListView/highlightDuration``) and the clock that tells the
/// time (``TerminalListView/clock``), both forwarded here. The view keeps
/// only the highlights of rows on screen.
@MainActor
struct TerminalHighlights {
  /// Why a row is highlighted.
  enum Kind {
    case inserted, updated
  }

  /// The highlighted rows, by path: why, and until when (in seconds of
  /// ``clock``).
  var byPath: [ItemPath: (kind: Kind, until: Double)] = [:]
  /// How long inserted and updated rows stay highlighted, in seconds.
  var duration = 0.8
  /// The current time in seconds.
  var clock: @MainActor () -> Double = { monotonicSeconds() }

  /// Drops the highlights that expired at `now`.
  mutating func dropExpired(at now: Double) {
    byPath = byPath.filter { $0.value.until > now }
  }

  /// Moves the highlights with their rows through a batch (`newPath`: where
  /// a row went, `nil` if it left, and its highlight with it).
  mutating func follow(_ newPath: (ItemPath) -> ItemPath?) {
    var moved: [ItemPath: (kind: Kind, until: Double)] = [:]
    for (path, highlight) in byPath {
      if let target = newPath(path) { moved[target] = highlight }
    }
    byPath = moved
  }
}
