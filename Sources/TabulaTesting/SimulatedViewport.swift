/// The window a ``SimulatedListView`` shows of its content: how tall it is
/// and where its top is. The view's ``SimulatedListView/viewportHeight`` and
/// ``SimulatedListView/contentOffset`` forward here and lay the view out when
/// set; the view scrolls itself (keeping a row in place) by setting the
/// offset here, without a layout.
struct SimulatedViewport {
  /// The viewport's height in points.
  var height: Int
  /// The top of the viewport, in points from the top of the content.
  var contentOffset = 0.0

  /// The offsets the viewport shows.
  var range: Range<Double> { contentOffset..<(contentOffset + Double(height)) }
}
