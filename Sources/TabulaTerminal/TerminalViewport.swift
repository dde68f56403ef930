/// The screen a ``TerminalListView`` draws on: its width in columns, its
/// height in lines (``viewHeight``, and ``height``, what the rows take of
/// it), and the first line of the list it shows. The view's public
/// properties of the same names forward here; the view keeps the first line
/// within the list and the cursor on screen.
struct TerminalViewport {
  /// The width in columns.
  var width: Int
  /// The lines the rows take: the view's height less the refresh line while
  /// one shows.
  var height: Int
  /// The view's height in lines, the refresh line included.
  var viewHeight: Int
  /// The first line shown (headers and rows laid end to end).
  var topLine = 0

  /// A screen of `width` columns × `height` lines, showing the top.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    viewHeight = height
  }

  /// Moves the first line shown into a list of `totalLines` lines.
  mutating func clampTopLine(totalLines: Int) {
    topLine = max(0, min(topLine, totalLines - height))
  }
}
