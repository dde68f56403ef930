import Tabula

/// A row of a ``TerminalListView``: a title, detail text aligned to the
/// right, and their styles. Presenters fill it, as they fill a table view
/// cell. The list view draws it on one line, or, when it ``wraps``, on as
/// many lines as its text needs at the view's width (at least
/// ``minimumLines``): the row's height is the cell's own layout
/// (``fittingHeight(forWidth:)``).
@MainActor
open class TerminalCell {
  /// The identifier the cell was dequeued under.
  public let reuseIdentifier: String
  /// The main text.
  public var text = ""
  /// Text aligned to the right edge (a date, a count), if any.
  public var detail = ""
  /// How the main text looks.
  public var style = TextStyle.plain
  /// How the detail looks.
  public var detailStyle = TextStyle(dim: true)
  /// The id of the item the cell shows, as its configuration set it.
  public var representedID: AnyHashable?
  /// Whether the text wraps at word boundaries (and at line feeds) onto
  /// as many lines as it needs, instead of being cut to one line.
  public var wraps = false
  /// The fewest lines the row takes (a photo's placeholder, say); lines
  /// beyond the text's are blank.
  public var minimumLines = 1
  /// How many times the cell was prepared for reuse.
  public private(set) var reuseCount = 0

  /// Makes a cell; the list view calls this when its reuse pool is empty.
  public required init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Resets the cell before it is reused. Subclasses call `super`.
  open func prepareForReuse() {
    text = ""
    detail = ""
    style = .plain
    detailStyle = TextStyle(dim: true)
    representedID = nil
    wraps = false
    minimumLines = 1
  }

  /// The lines the text takes when `columns` columns are left for it:
  /// one (cut to fit) unless the cell ``wraps``; at least ``minimumLines``.
  /// Text is ``TerminalText/inert(_:)`` first (a line feed breaks a line
  /// only when the cell wraps).
  public func textLines(columns: Int) -> [String] {
    var lines: [String]
    if wraps {
      lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        wrapped(inert($0), to: max(1, columns))
      }
    } else {
      lines = [truncated(text, to: max(0, columns))]
    }
    while lines.count < max(1, minimumLines) { lines.append("") }
    return lines
  }

  /// The number of lines the row takes in a view `width` columns wide
  /// (`SizableCell`); subclasses that draw more override it.
  open func fittingHeight(forWidth width: Double) -> Double {
    Double(textLines(columns: textColumns(inWidth: Int(width))).count)
  }

  /// The columns the text has in a row `width` wide: the width less the
  /// cursor marker and the detail.
  func textColumns(inWidth width: Int) -> Int {
    let detailWidth = detail.isEmpty ? 0 : displayWidth(of: inert(detail)) + 2
    return max(0, width - 2 - detailWidth)
  }

  /// Prepares the cell for reuse, counting it (``reuseCount``).
  package func recycle() {
    reuseCount += 1
    prepareForReuse()
  }
}

extension TerminalCell: SizableCell {}

extension TerminalCell: ReusableCell {}

/// `text` (inert, no line feeds) broken at spaces into lines of at most
/// `columns` display columns; a word wider than a line is cut across lines.
func wrapped(_ text: String, to columns: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  var used = 0
  func flush() {
    lines.append(line)
    line = ""
    used = 0
  }
  for word in text.split(separator: " ", omittingEmptySubsequences: false) {
    let wordWidth = displayWidth(of: word)
    let gap = line.isEmpty ? 0 : 1
    if used + gap + wordWidth <= columns {
      if gap == 1 { line += " " }
      line += word
      used += gap + wordWidth
      continue
    }
    if !line.isEmpty { flush() }
    if wordWidth <= columns {
      line = String(word)
      used = wordWidth
      continue
    }
    for character in word {
      let characterWidth = character.displayWidth
      if used + characterWidth > columns && !line.isEmpty { flush() }
      line.append(character)
      used += characterWidth
    }
  }
  if !line.isEmpty || lines.isEmpty { flush() }
  return lines
}
