/// The part of a list's content a view shows: how tall it is and where its
/// top is, in the unit of the view's `HeightIndex` (points for a simulated
/// UIKit view, lines for a terminal). The view scrolls by moving the top,
/// which stays within the content.
package struct ListHostViewport: Equatable, Sendable {
  /// How tall the viewport is.
  package var height: Double
  /// The top of the viewport, from the top of the content (UIKit's
  /// `contentOffset.y`).
  package var top = 0.0

  /// A viewport `height` tall, showing the top of the content.
  package init(height: Double) {
    self.height = height
  }

  /// Where the viewport ends: the first offset below it.
  package var bottom: Double { top + height }

  /// Moves the top to `offset`, within content `contentHeight` tall: not
  /// above the content's top, nor so low that the viewport shows past the
  /// content's end (at the top, when the content is shorter than the
  /// viewport).
  package mutating func scroll(to offset: Double, contentHeight: Double) {
    top = max(0, min(offset, contentHeight - height))
  }

  /// Whether something `length` tall at `start` shows, wholly or in part;
  /// something of no length shows where it is.
  package func shows(_ start: Double, length: Double) -> Bool {
    length > 0 ? start < bottom && start + length > top : start >= top && start < bottom
  }

  /// The rows of `index` the viewport shows, wholly or in part, in order;
  /// none while it has no height.
  ///
  /// - Complexity: O(v log n), v the rows returned.
  package func itemPaths(in index: HeightIndex) -> [ItemPath] {
    height > 0 ? index.itemPaths(in: top..<bottom) : []
  }
}
