// How the controller uses its presenter registry: the model a presenter
// receives, the lookup (with the once-per-type report of a model nothing
// presents), a registry change (a new style or presenter), and update kinds
// settled with the presenters.

extension ListController {
  /// The model a presenter receives for `item`: an ``AnyItem``'s base, an
  /// ``OutlineRow``'s item (its base, for `OutlineRow<AnyItem>`), or the
  /// item itself.
  @inlinable
  static func model(of item: Item) -> Any {
    if Item.self == AnyItem.self { return unsafeBitCast(item, to: AnyItem.self).base }
    if let row = item as? any _OutlinePresentable { return row._presentedModel }
    return item
  }

  /// The context for presenting `item` at `path`: the resolved style and,
  /// for an ``OutlineRow``, its position in the outline.
  @inlinable
  static func context(
    _ resolved: PresenterRegistry<Cell>.Resolved, for item: Item, at path: ItemPath
  ) -> PresentationContext {
    var context = resolved.context(at: path)
    if Item.self != AnyItem.self, let row = item as? any _OutlinePresentable {
      context.outline = row._outlinePosition
    }
    return context
  }

  /// The presenter for `model`, or `nil` (reported once per model type to
  /// ``TabulaLog``) when none presents it.
  @inlinable
  static func resolved(_ model: Any, in presenters: PresenterRegistry<Cell>)
    -> PresenterRegistry<Cell>.Resolved?
  {
    presenters._resolveOrReport(model)
  }

  /// What the fallback cell of a model with no presenter says.
  @usableFromInline
  static func fallbackMessage(for model: Any) -> String {
    "no presenter for model type \(type(of: model))"
  }

  /// A style or presenter changed: heights are stale and visible cells may
  /// need another kind of cell, so those rows are reloaded.
  ///
  /// The visible paths are positions in the snapshot on screen (during a
  /// transaction, the current stage's), so they are read there; the rows are
  /// reloaded in the latest snapshot, those that it still has.
  func presentationChanged() {
    guard let presenters else { return }
    let latest = latestSnapshot
    if presenters.sectionVersion != presentation.shownSectionVersion
      && presenters.version == presentation.shownPresenterVersion
    {
      // Only the section presenters changed: a batch of section updates
      // (see settleSectionViews) refreshes the views of every section.
      apply(latest)
      return
    }
    presentation.shownPresenterVersion = presenters.version
    rowHeights.providerVersion += 1
    let visible = (_host?.visibleItemPaths ?? []).compactMap { path -> Item.ID? in
      guard let id = _specialised.item(self, path)?.id, latest.contains(itemWithID: id) else {
        return nil
      }
      return id
    }
    guard !visible.isEmpty || presenters.sectionVersion != presentation.shownSectionVersion else {
      return
    }
    var next = latest
    // Every id is in `latest`: marking them cannot fail.
    _trapping { () throws(SnapshotError) in try next.reloadItems(visible) }
    apply(next)
  }

  /// Settles update kinds with the presenters: a row whose presenter or
  /// reuse identifier changes needs a new cell.
  func settleUpdateKinds(
    _ changes: inout Changeset, old: Snapshot<SectionModel, Item>,
    new: Snapshot<SectionModel, Item>
  ) {
    guard let presenters, !changes.itemUpdates.isEmpty else { return }
    for index in changes.itemUpdates.indices where changes.itemUpdates[index].kind == .reconfigure {
      let update = changes.itemUpdates[index]
      let before = Self.model(of: old[update.from])
      let after = Self.model(of: new[update.to])
      // A row without a presenter shows a fallback cell: always replaced.
      guard let oldPresenter = Self.resolved(before, in: presenters),
        let newPresenter = Self.resolved(after, in: presenters)
      else {
        changes.itemUpdates[index].kind = .reload
        continue
      }
      if oldPresenter.entry.id != newPresenter.entry.id
        || oldPresenter.entry.reuseIdentifier(before, oldPresenter.style)
          != newPresenter.entry.reuseIdentifier(after, newPresenter.style)
      {
        changes.itemUpdates[index].kind = .reload
      }
    }
  }
}
