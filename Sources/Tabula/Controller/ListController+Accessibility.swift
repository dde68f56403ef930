// Accessibility: what VoiceOver offers on a row where others use a
// gesture. Moves go through the same rules as a drag (the presenter's
// canMove, movePolicy, moveTarget) and are written back with undo, as
// userMoveItem(withID:to:); an outline's folders open and close through the
// connected source.

extension ListController {
  /// The actions assistive technologies offer on the row at `path` (of the
  /// list on screen): for a row the user may move, "Move Up" and "Move
  /// Down" within its section and "Move to" every other section (the end
  /// of a section before it, the start of one after), each only where
  /// ``movePolicy`` and ``moveTarget`` let it land; for a folder of a
  /// connected outline, "Expand" or "Collapse"; for an error row of a
  /// source that retries (``RetryingSource``), "Retry". Worded by
  /// ``strings``. Swipe actions are not listed: UIKit offers them itself.
  public func accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction] {
    _accessibilityActions(forItemAt: path)
  }

  /// What VoiceOver says of the state of the row at `path`: "expanded" or
  /// "collapsed" (``strings``) for an outline's folder, else `nil`.
  public func accessibilityValue(forItemAt path: ItemPath) -> String? {
    guard let item = _snapshot.item(at: path),
      let position = OutlinePosition(of: item), position.hasChildren
    else { return nil }
    return position.isExpanded ? strings.accessibility.expanded : strings.accessibility.collapsed
  }

  private func _accessibilityActions(forItemAt path: ItemPath) -> [RowAccessibilityAction] {
    guard let item = _snapshot.item(at: path) else { return [] }
    var actions: [RowAccessibilityAction] = []
    if retryingSource(for: item) != nil {
      actions.append(RowAccessibilityAction(name: strings.accessibility.retry, kind: .retry))
    }
    if let outline = connection?.outline,
      let position = outline.outlinePosition(of: item), position.hasChildren
    {
      actions.append(
        position.isExpanded
          ? RowAccessibilityAction(name: strings.accessibility.collapse, kind: .collapse)
          : RowAccessibilityAction(name: strings.accessibility.expand, kind: .expand))
    }
    guard canMoveItem(at: path) else { return actions }
    let count = _snapshot.numberOfItems(inSectionAt: path.section)
    var moves: [(String, ItemPath)] = []
    if path.item > 0 {
      moves.append(
        (strings.accessibility.moveUp, ItemPath(section: path.section, item: path.item - 1)))
    }
    if path.item < count - 1 {
      moves.append(
        (strings.accessibility.moveDown, ItemPath(section: path.section, item: path.item + 1)))
    }
    // Every other section: to the end of one before, the start of one
    // after (VoiceOver lists them in its actions rotor).
    for section in 0..<_snapshot.numberOfSections where section != path.section {
      let item = section < path.section ? _snapshot.numberOfItems(inSectionAt: section) : 0
      moves.append((moveName(toSectionAt: section), ItemPath(section: section, item: item)))
    }
    for (name, destination) in moves
    where userEdits.targetPath(forMovingItemAt: path, to: destination) == destination {
      actions.append(RowAccessibilityAction(name: name, kind: .move(to: destination)))
    }
    return actions
  }

  /// "Move to" the section's title, else its number.
  private func moveName(toSectionAt section: Int) -> String {
    strings.accessibility.moveToSection(
      headerTitle(forSectionAt: section) ?? strings.accessibility.untitledSection(section + 1))
  }

  /// Performs `action`, one of ``accessibilityActions(forItemAt:)`` of the
  /// row at `path`; returns whether it was done (a row gone meanwhile, or
  /// a move refused, is not).
  @discardableResult
  public func performAccessibilityAction(
    _ action: RowAccessibilityAction, forItemAt path: ItemPath
  ) -> Bool {
    guard let item = _snapshot.item(at: path) else { return false }
    switch action.kind {
    case .move(let destination):
      return (try? userMoveItem(withID: item.id, to: destination)) ?? false
    case .expand:
      return perform(.expand, focusedAt: path) != .ignored
    case .collapse:
      return perform(.collapse, focusedAt: path) != .ignored
    case .retry:
      return retryIfErrorRow(item, inSectionAt: path.section)
    }
  }
}
