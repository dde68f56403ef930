/// Who hears of a ``ListController``'s taps and selection changes: its
/// ``ListController/didSelect``, ``ListController/didSelectHeader``,
/// ``ListController/selectionDidChange`` and
/// ``ListController/editingDidChange``.
struct SelectionHooks<SectionModel: Diffable, Item: Diffable> {
  var didSelect: (@MainActor (_ item: Item, _ path: ItemPath) -> Void)?
  var didSelectHeader: (@MainActor (_ section: SectionModel, _ index: Int) -> Void)?
  var selectionDidChange: (@MainActor () -> Void)?
  var editingDidChange: (@MainActor () -> Void)?
}
