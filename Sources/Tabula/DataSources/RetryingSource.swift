/// A source that can try a failed load again. A ``ListController``
/// connected to it retries when the user taps an error row it shows (an
/// ``ErrorPlaceholder`` or a ``PageErrorPlaceholder``), so that an app
/// writes no handler for it; a ``ComposedSource`` retries the child whose
/// section the row is in.
@MainActor
public protocol RetryingSource: AnyObject {
  /// Tries the failed load again.
  func retry()

  /// Tries again the failed load whose error row shows in the section at
  /// `section` of this source's snapshot. By default ``retry()``.
  func retry(sectionAt section: Int)
}

extension RetryingSource {
  /// ``retry()``: a source of one section needs no more.
  public func retry(sectionAt section: Int) { retry() }
}

extension PagedSource: RetryingSource {}

extension LoadingSource: RetryingSource {
  /// Loads again (``load()``).
  public func retry() { load() }
}

extension ComposedSource: RetryingSource {
  /// Retries the child whose section the error row is in, if it retries.
  public func retry(sectionAt section: Int) {
    for index in children.indices where sectionRange(ofChildAt: index).contains(section) {
      (children[index] as? any RetryingSource)?.retry(
        sectionAt: section - sectionRange(ofChildAt: index).lowerBound)
      return
    }
  }

  /// Retries every child that retries.
  public func retry() {
    for child in children { (child as? any RetryingSource)?.retry() }
  }
}
