// Drops from outside the list (another list, another app): placeholder
// rows show at once where the drop landed, and stay there, by their
// neighbours, while the list changes; then the loaded items take their
// place, or, when loading fails, the placeholders go and the failure is
// reported and announced. UIKit's UICollectionViewDropPlaceholder, for any
// host and data source.

extension UserEdits {
  /// What ListController's public `dropProposal` does (documented there).
  func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal
  {
    guard state.hooks.dropPlaceholder != nil, count > 0 else {
      return ListDropProposal(.cancel)
    }
    // An outline's rows are its tree's: items dropped from outside have no
    // place in it here.
    guard case .insert(let path) = destination, insertionRange(contains: path),
      !OutlinePosition.areOutlineRows(Item.self)
    else { return ListDropProposal(.forbidden) }
    return ListDropProposal(.copy, destination: destination)
  }

  /// What ListController's public `insertDroppedItems` does (documented there).
  @discardableResult
  func insertDroppedItems(
    count: Int, at path: ItemPath, load: @escaping @MainActor () async throws -> [Item]
  ) -> Task<Bool, Never> {
    guard let makePlaceholder = state.hooks.dropPlaceholder else {
      preconditionFailure("a drop from outside needs dropPlaceholder")
    }
    precondition(count > 0, "a drop of \(count) items")
    guard insertionRange(contains: path) else {
      let counts = (0..<list.shown.numberOfSections).map {
        list.shown.numberOfItems(inSectionAt: $0)
      }
      preconditionFailure(
        "a drop at \(path), outside the list: sections 0..<\(counts.count) with "
          + "\(counts) items (an item up to the section's count)")
    }
    let shown = list.shown
    let placeholders = state.makePlaceholders(count, makePlaceholder)
    let section = shown.sections[path.section].id
    let rows = shown.numberOfItems(inSectionAt: path.section)
    func id(_ item: Int) -> Item.ID { shown[ItemPath(section: path.section, item: item)].id }
    let before = path.item < rows ? id(path.item) : nil
    let after = path.item > 0 ? id(path.item - 1) : nil
    let placements = placeholders.enumerated().map { offset, placeholder in
      UserEdit<SectionModel, Item>.Placement(
        item: placeholder, section: section, before: before,
        after: offset == 0 ? after : placeholders[offset - 1].id, index: path.item + offset)
    }
    if let source = list.connection?.source {
      let data = source.snapshot
      if let refusal = Self.placeholderRefusal(
        placeholders, taken: { data.contains(itemWithID: $0) || shown.contains(itemWithID: $0) },
        elsewhere: state.placeholderIDs)
        ?? (data.contains(sectionWithID: section)
          ? nil : .sectionRemoved(String(reflecting: section)))
      {
        return declineDrop(refusal, count: count)
      }
      let drop = state.addDrop(placements)
      list.apply(edited: state.visible(data))
      return task {
        let items: [Item]
        do {
          items = try await load()
        } catch {
          self.state.removeDrop(drop)
          self.refreshFromSource()
          self.dropFailed(error, count: count)
          return false
        }
        self.state.removeDrop(drop)
        // Items the source shows already (the load stored them) stay where
        // it has them; the others are written where the placeholders were.
        let missing = items.filter { !source.snapshot.contains(itemWithID: $0.id) }
        guard !missing.isEmpty else {
          self.refreshFromSource()
          return true
        }
        let edit = UserEdit<SectionModel, Item>.insert(
          items: Self.placements(of: missing, like: placements))
        let outcome = self.writeBack([edit])
        self.refreshFromSource()
        guard outcome.written else {
          self.list.announce(.dropFailed(count: count, message: self.list.strings.dropNotKept))
          return false
        }
        let serial = self.record(
          EditHistory.Step(
            name: self.stepName("Add", missing), redo: edit, undo: .delete(items: missing)))
        self.watch(outcome.saving, of: edit, step: serial)
        return true
      }
    }
    // Placed by their neighbours on screen, into the data as it will be:
    // an update on its way may have moved those rows, or removed the
    // section.
    var next = list.latest
    let latest = next
    if let refusal = Self.placeholderRefusal(
      placeholders, taken: { latest.contains(itemWithID: $0) || shown.contains(itemWithID: $0) },
      elsewhere: [])
    {
      return declineDrop(refusal, count: count)
    }
    guard latest.contains(sectionWithID: section),
      (try? next.apply(.insert(items: placements))) != nil
    else {
      return declineDrop(.sectionRemoved(String(reflecting: section)), count: count)
    }
    list.apply(edited: next)
    return task {
      let result: Result<[Item], any Error>
      do { result = .success(try await load()) } catch { result = .failure(error) }
      var next = self.list.latest
      let present = placeholders.map(\.id).filter { next.contains(itemWithID: $0) }
      // Where the topmost placeholder still shown is (no other of the
      // drop's is above it in its section, so the path still holds once
      // they are gone), else where the drop was.
      let anchor = present.compactMap { next.path(of: $0) }.min()
      try? next.deleteItems(present)
      switch result {
      case .failure(let error):
        self.list.apply(edited: next)
        self.dropFailed(error, count: count)
        return false
      case .success(let items):
        var inserted = Self.placements(of: items, like: placements)
        if let anchor, !inserted.isEmpty {
          // Where the placeholders were: by the neighbours they had then.
          let first =
            anchor.item < next.numberOfItems(inSectionAt: anchor.section)
            ? next[anchor].id : nil
          let last =
            anchor.item > 0
            ? next[ItemPath(section: anchor.section, item: anchor.item - 1)].id : nil
          for index in inserted.indices {
            inserted[index].section = next.sections[anchor.section].id
            inserted[index].before = first
            if index == 0 { inserted[index].after = last }
          }
        }
        let edit = UserEdit<SectionModel, Item>.insert(items: inserted)
        do {
          try next.apply(edit)
        } catch {
          self.list.apply(edited: next)
          self.dropFailed(error, count: count)
          return false
        }
        self.list.apply(edited: next)
        if !items.isEmpty {
          _ = self.record(
            EditHistory.Step(
              name: self.stepName("Add", items), redo: edit, undo: .delete(items: items)))
        }
        return true
      }
    }
  }

  /// Placements of `items` where `placeholders` (a drop's) were: each
  /// after the one before.
  static func placements(
    of items: [Item], like placeholders: [UserEdit<SectionModel, Item>.Placement]
  ) -> [UserEdit<SectionModel, Item>.Placement] {
    items.enumerated().map { offset, item in
      var placement = placeholders[0]
      placement.item = item
      if offset > 0 { placement.after = items[offset - 1].id }
      placement.index = placeholders[0].index.map { $0 + offset }
      return placement
    }
  }

  /// Whether `path` is a place an item can be inserted at.
  private func insertionRange(contains path: ItemPath) -> Bool {
    path.section >= 0 && path.section < list.shown.numberOfSections && path.item >= 0
      && path.item <= list.shown.numberOfItems(inSectionAt: path.section)
  }

  /// Shows the connected source's snapshot with the drops' placeholders.
  private func refreshFromSource() {
    guard let source = list.connection?.source else {
      return
    }
    list.apply(edited: state.visible(source.snapshot))
  }

  /// The drop is not taken: nothing shows, and the refusal is reported and
  /// announced as a failed load is. The task ends at once, with `false`.
  private func declineDrop(_ refusal: ListDropError, count: Int) -> Task<Bool, Never> {
    dropFailed(refusal, count: count)
    return Task { false }
  }

  /// Why `placeholders` cannot show: ids `taken` says the list has, ids of
  /// other drops' placeholders (`elsewhere`), or ids they share.
  static func placeholderRefusal(
    _ placeholders: [Item], taken: (Item.ID) -> Bool, elsewhere: Set<Item.ID>
  ) -> ListDropError? {
    var seen = Set<Item.ID>()
    var clashes: [String] = []
    for placeholder in placeholders {
      let id = placeholder.id
      if !seen.insert(id).inserted || taken(id) || elsewhere.contains(id) {
        clashes.append(String(reflecting: id))
      }
    }
    return clashes.isEmpty ? nil : .placeholderIDsTaken(clashes)
  }

  /// Reports and announces a drop whose items did not come.
  private func dropFailed(_ error: any Error, count: Int) {
    if let didFailToLoadDrop = state.hooks.didFailToLoadDrop {
      didFailToLoadDrop(error, count)
    } else {
      TabulaLog.note("a drop of \(count) items failed to load: \(error)")
    }
    // A declined drop is worded for the user; a failed load says what the
    // app's error says.
    let message = error is ListDropError ? list.strings.dropDeclined : "\(error)"
    list.announce(.dropFailed(count: count, message: message))
  }
}
