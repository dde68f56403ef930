/// Turns frames (arrays of lines) into what a terminal must receive, writing
/// only the lines that changed since the previous frame.
///
/// The only escape sequences in the output are the renderer's own (cursor
/// position, clear screen, erase line, styles): the text of every run is
/// ``TerminalText/inert(_:)``, so data cannot move the cursor, retitle the window or
/// write the clipboard.
public struct FrameRenderer: Sendable {
  private var previous: [ScreenLine]?

  /// A renderer that will draw its first frame in full.
  public init() {}

  /// The escape sequences and text that turn the screen showing the
  /// previous frame into one showing `frame`. The first frame, a frame of
  /// another height, or `full` redraws everything.
  public mutating func render(_ frame: [ScreenLine], full: Bool = false) -> String {
    var output = ""
    let redraw = full || previous == nil || previous?.count != frame.count
    if redraw { output += "\u{1B}[H\u{1B}[2J" }
    for (row, line) in frame.enumerated() {
      if !redraw, let previous, previous[row] == line { continue }
      output += "\u{1B}[\(row + 1);1H"
      for run in line.runs {
        let sequence = run.style.escapeSequence
        output += sequence + run.text + (sequence.isEmpty ? "" : "\u{1B}[0m")
      }
      output += "\u{1B}[K"
    }
    previous = frame
    return output
  }
}
