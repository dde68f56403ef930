/// Whether a list keeps what the user reads in place through a batch
/// update: the setting a host reads from its data source
/// (``ListContentSource/scrollAnchoring``) before each batch.
///
/// ```swift
/// controller.scrollAnchoring = .none   // as Apple's diffable data sources
/// ```
public enum ScrollAnchoring: Sendable {
  /// The content offset stays as it is, as with Apple's diffable data
  /// sources: rows inserted above the viewport push what the user reads
  /// down.
  case none

  /// The first visible row (or, when the batch removes it, its nearest
  /// surviving neighbour) keeps its place on screen: rows inserted above
  /// the viewport, a page loaded before, move nothing the user reads.
  /// Except while the list rests at its top: then rows inserted at the top
  /// (after a pull to refresh, say) come into view.
  case firstVisibleRow

  /// Whether a batch keeps the first visible row in place, for a list whose
  /// content offset is `contentOffset` and whose content starts at `top`
  /// (UIKit: minus the top content inset; the list rests at its top when
  /// the offset is there or above it, pulled down).
  ///
  /// ```swift
  /// ScrollAnchoring.firstVisibleRow.anchors(contentOffset: 0, top: 0)     // false: at the top
  /// ScrollAnchoring.firstVisibleRow.anchors(contentOffset: 240, top: 0)   // true
  /// ```
  public func anchors(contentOffset: Double, top: Double) -> Bool {
    switch self {
    case .none: false
    case .firstVisibleRow: contentOffset > top
    }
  }
}
