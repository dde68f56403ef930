/// A section model together with its items: the unit the snapshot builders take.
///
/// ```swift
/// let snapshot = Snapshot<SectionInfo, Contact> {
///   SnapshotSection("Friends") {
///     Contact(id: 1, name: "Ada")
///     Contact(id: 2, name: "Grace")
///   }
///   SnapshotSection("Blocked")  // an empty section
/// }
/// ```
public struct SnapshotSection<Model: Diffable, Item: Diffable>: Sendable {
  /// The section's model: its identity and header content.
  public var model: Model
  /// The section's items, in order.
  public var items: [Item]

  /// Creates a section with `items`.
  public init(_ model: Model, items: [Item] = []) {
    self.model = model
    self.items = items
  }

  /// Creates a section whose items a result builder lists.
  public init(_ model: Model, @ItemsBuilder<Item> items: () -> [Item]) {
    self.init(model, items: items())
  }
}

extension SnapshotSection where Model == SectionInfo {
  /// Creates a section with a ``SectionInfo`` model whose id (and title, unless
  /// given) is `id`.
  public init(
    _ id: String, title: String? = nil, footer: String? = nil, items: [Item] = []
  ) {
    self.init(SectionInfo(id: id, title: title ?? id, footer: footer), items: items)
  }

  /// Creates a section with a ``SectionInfo`` model and builder-listed items.
  public init(
    _ id: String, title: String? = nil, footer: String? = nil,
    @ItemsBuilder<Item> items: () -> [Item]
  ) {
    self.init(id, title: title, footer: footer, items: items())
  }
}

extension SnapshotSection: Equatable where Model: Equatable, Item: Equatable {}
