import Foundation

/// How long the randomized and exhaustive tests run.
///
/// `swift test` runs the short tier: every test, at sizes that still find
/// the bugs the suite has found (the seeds that found them are kept).
/// `.ci/run` runs the long tier, the full lengths, with
/// `TABULA_LONG_TESTS=1`:
///
///     TABULA_LONG_TESTS=1 swift test
package enum TestLength {
  /// Whether the long tier runs (`TABULA_LONG_TESTS=1`).
  package static let isLong = ProcessInfo.processInfo.environment["TABULA_LONG_TESTS"] == "1"

  /// `short` in the short tier, `long` in the long one; a number in the
  /// environment variable `variable`, when given and set, wins over both.
  package static func count(short: Int, long: Int, variable: String? = nil) -> Int {
    if let variable, let value = ProcessInfo.processInfo.environment[variable].flatMap(Int.init) {
      return value
    }
    return isLong ? long : short
  }

  /// The seeds `0..<short` in the short tier, `0..<long` in the long one.
  package static func seeds(short: Int, long: Int) -> Range<UInt64> {
    0..<UInt64(isLong ? long : short)
  }
}
