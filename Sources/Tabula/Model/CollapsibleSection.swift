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
  /// - Complexity: Expected O(n).
  public func collapsingSections(_ collapsed: Set<SectionModel.ID>)
    -> Snapshot<CollapsibleSection<SectionModel>, Item>
  {
    let sections = _sections.indices.map { index in
      let model = _sections[index]
      let count = numberOfItems(inSectionAt: index)
      let isCollapsed = collapsed.contains(model.id)
      return SnapshotSection(
        CollapsibleSection(model, isCollapsed: isCollapsed, itemCount: count),
        items: isCollapsed ? [] : Array(items(inSectionAt: index)))
    }
    // The ids were unique here, and a subset of them stays so.
    do {
      return try Snapshot<CollapsibleSection<SectionModel>, Item>(sections: sections)
    } catch {
      preconditionFailure("a subset of a snapshot's ids cannot collide: \(error)")
    }
  }
}
