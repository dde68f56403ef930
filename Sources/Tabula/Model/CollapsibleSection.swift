/// A section that can be collapsed from its header: it keeps its header and
/// its item count, and hides its items.
///
/// ```swift
/// let shown = snapshot.collapsingSections(["archive"])
/// shown.sections[2].isCollapsed   // true
/// shown.sections[2].itemCount     // 12: the items it hides
/// shown.numberOfItems(inSectionAt: 2)  // 0
/// ```
///
/// Its content includes whether it is collapsed and its count, so that
/// collapsing refreshes its header while the items leave, animated.
public struct CollapsibleSection<Model: Diffable>: Diffable {
  /// The section model.
  public var model: Model
  /// Whether the items are hidden.
  public var isCollapsed: Bool
  /// How many items the section has, shown or not.
  public var itemCount: Int

  /// The model's id.
  public var id: Model.ID { model.id }

  /// A section showing `model`.
  public init(_ model: Model, isCollapsed: Bool, itemCount: Int) {
    self.model = model
    self.isCollapsed = isCollapsed
    self.itemCount = itemCount
  }

  /// Whether the model's content, the collapsed state and the count are the
  /// same.
  public func isContentEqual(to other: CollapsibleSection) -> Bool {
    isCollapsed == other.isCollapsed && itemCount == other.itemCount
      && model.isContentEqual(to: other.model)
  }
}

extension CollapsibleSection: Equatable where Model: Equatable {}
extension CollapsibleSection: Hashable where Model: Hashable {}

extension CollapsibleSection: HeaderTitleProviding where Model: HeaderTitleProviding {
  /// The model's header title; collapsed, followed by the item count in
  /// parentheses ("Archive (12)"), for hosts that show titles only.
  public var headerTitle: String? {
    guard let title = model.headerTitle else { return isCollapsed ? "(\(itemCount))" : nil }
    return isCollapsed ? "\(title) (\(itemCount))" : title
  }

  /// The model's footer title, hidden while collapsed.
  public var footerTitle: String? { isCollapsed ? nil : model.footerTitle }
}

extension Snapshot {
  /// This snapshot with the sections `collapsed` keeping their headers and
  /// hiding their items; ids that are not sections are ignored.
  ///
  /// The items keep this snapshot's storage: in shared storage (see
  /// ``Snapshot``) the result shares it, and hiding c items costs
  /// O(c log n), so a version of the same source collapsed again diffs
  /// against the last in what changed.
  ///
  /// - Complexity: O(s + c log n) for s sections and c hidden items in
  ///   shared storage; else expected O(n) (O(s) when nothing is hidden).
  @inlinable
  public func collapsingSections(_ collapsed: Set<SectionModel.ID>)
    -> Snapshot<CollapsibleSection<SectionModel>, Item>
  {
    let hidden = _sections.indices.filter {
      collapsed.contains(_sections[$0].id) && numberOfItems(inSectionAt: $0) > 0
    }
    if _store.editsCopyEveryItem && !hidden.isEmpty {
      // Flat arrays: built once, rather than copied per hidden section.
      let sections = _sections.indices.map { index in
        let model = _sections[index]
        let isCollapsed = collapsed.contains(model.id)
        return SnapshotSection(
          CollapsibleSection(
            model, isCollapsed: isCollapsed, itemCount: numberOfItems(inSectionAt: index)),
          items: isCollapsed ? [] : Array(items(inSectionAt: index)))
      }
      // The ids were unique here, and a subset of them stays so.
      do {
        return try Snapshot<CollapsibleSection<SectionModel>, Item>(sections: sections)
      } catch {
        preconditionFailure("a subset of a snapshot's ids cannot collide: \(error)")
      }
    }
    var result = _mappingSections { index, model in
      CollapsibleSection(
        model, isCollapsed: collapsed.contains(model.id),
        itemCount: numberOfItems(inSectionAt: index))
    }
    for index in hidden { result._hideItems(inSectionAt: index) }
    return result
  }

  /// This snapshot with each section model replaced by `transform` of its
  /// index and model, keeping its id; the items, their index and their
  /// storage are shared, not copied.
  ///
  /// - Precondition: `transform` keeps every section's id.
  /// - Complexity: O(s) for s sections.
  @inlinable
  func _mappingSections<Other: Diffable>(
    _ transform: (Int, SectionModel) -> Other
  ) -> Snapshot<Other, Item> where Other.ID == SectionModel.ID {
    var result = Snapshot<Other, Item>()
    result._sections = _sections.indices.map { index in
      let model = transform(index, _sections[index])
      precondition(
        model.id == _sections[index].id,
        "a mapped section keeps its id: section \(index) was \(String(reflecting: _sections[index].id)), "
          + "is \(String(reflecting: model.id))")
      return model
    }
    result._sectionHashes = _sectionHashes
    result._sectionTable = _sectionTable
    result._store = _store
    result._itemMarks = _itemMarks
    result._reloadedSections = _reloadedSections
    result._checkInvariants()
    return result
  }
}

extension Snapshot {
  /// Removes every item of the section at `index` (it stays, empty).
  @inlinable
  mutating func _hideItems(inSectionAt index: Int) {
    let count = numberOfItems(inSectionAt: index)
    guard count > 0 else { return }
    do {
      try replaceItems(inSectionAt: index, subrange: 0..<count, with: [])
    } catch {
      preconditionFailure("removing a section's own items cannot fail: \(error)")
    }
  }

  /// Shows the items of the section `id` of `base` in this collapsed
  /// version of it, or hides them, and updates the section's model.
  ///
  /// - Complexity: O(k log n) for the section's k items in shared storage,
  ///   else O(n).
  @inlinable
  mutating func _setCollapsed<Base: Diffable>(
    _ isCollapsed: Bool, section id: Base.ID, base: Snapshot<Base, Item>
  ) where SectionModel == CollapsibleSection<Base> {
    guard let index = _sectionIndex(of: id), let baseIndex = base._sectionIndex(of: id) else {
      return
    }
    let model = base._sections[baseIndex]
    let shown = numberOfItems(inSectionAt: index)
    if isCollapsed {
      _hideItems(inSectionAt: index)
    } else {
      do {
        try replaceItems(
          inSectionAt: index, subrange: 0..<shown, with: Array(base.items(inSectionAt: baseIndex)))
      } catch {
        preconditionFailure("a section's items from a snapshot with the same items: \(error)")
      }
    }
    _sections[index] = CollapsibleSection(
      model, isCollapsed: isCollapsed, itemCount: base.numberOfItems(inSectionAt: baseIndex))
    _checkInvariants()
  }
}
