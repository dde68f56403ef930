/// A ``ListController``'s selection, by id, with who hears of taps and of
/// its changes.
struct SelectionTracking<SectionModel: Diffable, Item: Diffable> {
  /// The selection.
  var state = SelectionState<Item.ID>()
  /// Who hears of taps and selection changes.
  var hooks = SelectionHooks<SectionModel, Item>()
}
