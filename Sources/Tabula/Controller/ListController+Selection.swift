// Selections: a host reports a tap; the item's presenter hears of it first,
// then the controller's `didSelect`.

extension ListController {
  /// Sends the selection to the item's presenter (if it has one), then
  /// calls ``didSelect``.
  public func didSelectItem(at path: ItemPath) {
    guard let item = _item(self, path) else { return }
    switch selectionMode {
    case .none: break
    case .single: select(item.id)
    case .multiple:
      // Outside editing mode a tap opens the row; the selection is the
      // editing mode's (or the host's toggle, the terminal's space).
      if isEditing { toggleSelection(item.id) }
    }
    if let presenters {
      let model = Self.model(of: item)
      if let resolved = Self.resolved(model, in: presenters) {
        resolved.entry.didSelect(model, Self.context(resolved, for: item, at: path))
      }
    }
    didSelect?(item, path)
  }

  /// Calls ``didSelectHeader`` with the section's model; an index outside
  /// ``snapshot`` (a stale tap) is ignored.
  public func didSelectHeader(inSectionAt section: Int) {
    guard section >= 0 && section < _snapshot.numberOfSections else { return }
    didSelectHeader?(_snapshot.sections[section], section)
  }
}
