import Foundation
import Tabula

/// Outlines in a ``TerminalListView``: the indentation and disclosure marker
/// that start each row, and the keys that expand and collapse the node under
/// the cursor.
///
/// ```swift
/// // In a presenter of OutlineRow<File>:
/// cell.text = TerminalOutline.prefix(for: row.position) + row.item.name
///
/// // In the screen's key handling:
/// if TerminalOutline.handle(key, in: list, rows: controller.snapshot, source: files) { return }
/// ```
@MainActor
public enum TerminalOutline {
  /// Whether the terminal's character set is UTF-8 (`LC_ALL`, `LC_CTYPE` or
  /// `LANG`, the first one set, names it), so that ▸ and ▾ show; otherwise
  /// the markers are ASCII.
  public static var prefersUnicode: Bool {
    unicodeLocale(ProcessInfo.processInfo.environment)
  }

  /// Whether the locale these variables select is UTF-8.
  static func unicodeLocale(_ environment: [String: String]) -> Bool {
    let locale =
      ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
      ?? ""
    let upper = locale.uppercased()
    return upper.contains("UTF-8") || upper.contains("UTF8")
  }

  /// The start of a row at `position`: two spaces per level, then the
  /// disclosure marker and a space: `▸ ` collapsed, `▾ ` expanded, two
  /// spaces for a leaf (ASCII: `> ` and `v `).
  ///
  /// ```swift
  /// TerminalOutline.prefix(for: OutlinePosition(depth: 2, disclosure: .collapsed))  // "    ▸ "
  /// ```
  public static func prefix(for position: OutlinePosition, unicode: Bool? = nil) -> String {
    let unicode = unicode ?? prefersUnicode
    let marker: String
    switch position.disclosure {
    case .leaf: marker = "  "
    case .collapsed: marker = unicode ? "▸ " : "> "
    case .expanded: marker = unicode ? "▾ " : "v "
    }
    return String(repeating: "  ", count: position.depth) + marker
  }

  /// Handles an outline key for the row under `list`'s cursor, whose rows
  /// are `rows` (the snapshot the list shows) from `source`, through the
  /// list's ``TerminalListView/keyMap``:
  ///
  /// - → (`ListKeyAction.expand`) expands a collapsed node, or goes
  ///   to the first child of an expanded one;
  /// - ← (`ListKeyAction.collapse`) collapses an expanded node, or
  ///   goes to the parent;
  /// - Enter toggles a node that has children;
  /// - `*` (`ListKeyAction.expandAll`) expands everything under the
  ///   cursor.
  ///
  /// Returns whether the key was one of them (else the list handles it:
  /// Enter on a leaf selects it).
  @discardableResult
  public static func handle<Source: OutlineControlling, SectionModel: Diffable>(
    _ key: Key, in list: TerminalListView,
    rows: Snapshot<SectionModel, OutlineRow<Source.Node>>, source: Source
  ) -> Bool {
    guard let path = list.selection, let row = rows.item(at: path),
      let listKey = ListKey(key), let action = list.keyMap.action(for: listKey)
    else { return false }
    if action == .open {
      guard row.position.hasChildren else { return false }
      do {
        try source.toggle(row.id)
      } catch {
        // The row is on screen, so its node is in the outline.
        TabulaLog.report("an outline key on a row its source does not know: \(error)")
      }
      return true
    }
    guard let answer = source.outlineKey(action, on: row) else { return false }
    if let focus = answer.focus, let target = rows.path(of: focus) { list.select(target) }
    return true
  }
}
