#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Tabula

  /// The item an `NSOutlineView` holds for a node: one object per id for
  /// as long as the node is shown, so that the view keeps the node's row
  /// and expansion through updates (the view compares items by object).
  public final class OutlineItem: NSObject {
    /// The node's id.
    public let id: AnyHashable

    init(_ id: AnyHashable) {
      self.id = id
    }
  }

  /// An `NSOutlineView`'s data source for a ``Tree`` (`Tabula.Tree`): the
  /// diffable outline data source AppKit lacks. Apply a new tree and the
  /// view moves, removes, inserts and reloads the nodes that changed, one
  /// operation after another as AppKit takes them
  /// (`SequentialTreeUpdate`): a node in both trees keeps its row and its
  /// expansion, across parents included.
  ///
  /// ```swift
  /// let folders = OutlineViewDataSource<Folder>(outlineView: sidebar) { outline, column, folder in
  ///   let view = outline.makeView(withIdentifier: .init("folder"), owner: nil) as? NSTableCellView
  ///   view?.textField?.stringValue = folder.name
  ///   return view ?? NSView()
  /// }
  /// folders.apply(try Tree(rows.map { ($0, $0.parentID) }))
  /// ```
  ///
  /// The view's expansion is its own (`expandItem(_:)`, the disclosure
  /// triangles); ``expand(_:children:)`` and ``collapse(_:children:)`` take
  /// ids. A change under a node the view does not show open (whose
  /// children it never loaded) reloads the view instead, every expansion
  /// kept. The data source becomes the view's data source and delegate.
  @MainActor
  open class OutlineViewDataSource<Item: Diffable>: NSObject, NSOutlineViewDataSource,
    NSOutlineViewDelegate
  {
    /// Makes the view of a node in a column.
    public typealias ViewProvider =
      @MainActor (_ outlineView: NSOutlineView, _ tableColumn: NSTableColumn?, _ item: Item) ->
      NSView

    /// The tree shown.
    public private(set) var tree = Tree<Item>() {
      didSet { childIDs = [:] }
    }
    /// The children's ids of each parent the view asked about in ``tree``
    /// (`nil`: the top), so that the view's calls for each child in turn
    /// do not list the children again.
    private var childIDs: [Item.ID?: [Item.ID]] = [:]
    private weak var outlineView: NSOutlineView?
    private let viewProvider: ViewProvider
    /// The object the view holds for each node shown.
    private var objects: [Item.ID: OutlineItem] = [:]

    /// How inserted and removed rows animate.
    public var defaultRowAnimation: NSTableView.AnimationOptions = [.effectFade]

    /// A data source for `outlineView` with views from `viewProvider`; it
    /// becomes the view's data source and delegate, showing an empty tree.
    public init(outlineView: NSOutlineView, viewProvider: @escaping ViewProvider) {
      self.outlineView = outlineView
      self.viewProvider = viewProvider
      super.init()
      outlineView.dataSource = self
      outlineView.delegate = self
      outlineView.reloadData()
    }

    // MARK: Applying trees

    /// Shows `tree`: the nodes that changed move, go, arrive or reload,
    /// animated (or not); every other row stays as it is, expansion
    /// included.
    open func apply(_ tree: Tree<Item>, animatingDifferences: Bool = true) {
      guard let outlineView else {
        self.tree = tree
        return
      }
      let update = SequentialTreeUpdate(from: self.tree, to: tree)
      // The view holds the children of the top and of expanded nodes only:
      // an operation under a node it does not show open would name
      // children it never loaded. Then the view reloads instead, keeping
      // every expansion.
      func shows(_ parent: Item.ID?) -> Bool {
        guard let parent else { return true }
        guard let object = objects[parent] else { return false }
        return outlineView.isItemExpanded(object)
      }
      let incremental = update.operations.allSatisfy { operation in
        switch operation {
        case .move(_, let oldParent, _, let newParent): shows(oldParent) && shows(newParent)
        case .remove(_, let parent), .insert(_, let parent): shows(parent)
        case .reload: true
        }
      }
      guard incremental else {
        let expanded = self.tree.items.map(\.id).filter { id in
          objects[id].map(outlineView.isItemExpanded) ?? false
        }
        self.tree = tree
        outlineView.reloadData()
        for id in expanded where tree.contains(id) {
          outlineView.expandItem(object(for: id))
        }
        objects = objects.filter { tree.contains($0.key) }
        return
      }
      self.tree = tree
      let animation: NSTableView.AnimationOptions = animatingDifferences ? defaultRowAnimation : []
      outlineView.beginUpdates()
      for operation in update.operations {
        switch operation {
        case .move(let from, let oldParent, let to, let newParent):
          outlineView.moveItem(
            at: from, inParent: oldParent.map(object), to: to, inParent: newParent.map(object))
        case .remove(let indices, let parent):
          outlineView.removeItems(
            at: IndexSet(indices), inParent: parent.map(object), withAnimation: animation)
        case .insert(let indices, let parent):
          outlineView.insertItems(
            at: IndexSet(indices), inParent: parent.map(object), withAnimation: animation)
        case .reload:
          break
        }
      }
      outlineView.endUpdates()
      for case .reload(let id) in update.operations {
        outlineView.reloadItem(object(for: id), reloadChildren: false)
      }
      // The objects of nodes no longer in the tree go.
      objects = objects.filter { tree.contains($0.key) }
    }

    // MARK: Ids and rows

    /// The object the view holds for the node `id`.
    public func object(for id: Item.ID) -> OutlineItem {
      if let object = objects[id] { return object }
      let object = OutlineItem(AnyHashable(id))
      objects[id] = object
      return object
    }

    /// The node the view shows at `row`, if any.
    public func item(atRow row: Int) -> Item? {
      guard let object = outlineView?.item(atRow: row) as? OutlineItem,
        let id = object.id.base as? Item.ID
      else { return nil }
      return tree.item(withID: id)
    }

    /// The row of the node `id`, if it shows (its ancestors expanded).
    public func row(forItemWithID id: Item.ID) -> Int? {
      guard let object = objects[id], let row = outlineView?.row(forItem: object), row >= 0 else {
        return nil
      }
      return row
    }

    /// Expands the node `id` (`expandItem(_:expandChildren:)`).
    public func expand(_ id: Item.ID, children: Bool = false) {
      guard tree.contains(id) else { return }
      outlineView?.expandItem(object(for: id), expandChildren: children)
    }

    /// Collapses the node `id` (`collapseItem(_:collapseChildren:)`).
    public func collapse(_ id: Item.ID, children: Bool = false) {
      guard tree.contains(id) else { return }
      outlineView?.collapseItem(object(for: id), collapseChildren: children)
    }

    // MARK: The view's data source and delegate

    /// The id of the node the view holds as `item` (`nil`: the top).
    private func id(of item: Any?) -> Item.ID? {
      (item as? OutlineItem)?.id.base as? Item.ID
    }

    /// The number of children of the node the view holds as `item` (of
    /// the top for `nil`).
    public func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int
    {
      tree.childCount(of: id(of: item)) ?? 0
    }

    /// The object of the child at `index` of the node the view holds as
    /// `item` (of the top for `nil`).
    public func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?)
      -> Any
    {
      let parent = id(of: item)
      if let ids = childIDs[parent] { return object(for: ids[index]) }
      let ids = tree.children(of: parent).map(\.id)
      childIDs[parent] = ids
      return object(for: ids[index])
    }

    /// Whether the node the view holds as `item` has children.
    public func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool {
      guard let id = id(of: item) else { return false }
      return (tree.childCount(of: id) ?? 0) > 0
    }

    /// The view of the node the view holds as `item`, from the view
    /// provider.
    public func outlineView(
      _ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any
    ) -> NSView? {
      guard let id = id(of: item), let node = tree.item(withID: id) else { return nil }
      return viewProvider(outlineView, tableColumn, node)
    }
  }

  extension OutlineViewDataSource {
    /// Shows `snapshot`, Apple's section snapshot, as ``apply(_:animatingDifferences:)``
    /// shows a tree, then expands and collapses the nodes as the snapshot
    /// says: the section snapshot API on the Mac, whose AppKit has none.
    public func apply<ID>(
      _ snapshot: DiffableSectionSnapshot<ID>, animatingDifferences: Bool = true
    ) where Item == DiffableItem<ID> {
      apply(Tree(sectionSnapshot: snapshot), animatingDifferences: animatingDifferences)
      // Parents first, so that a child's row exists when it opens.
      for id in snapshot.items {
        if snapshot.isExpanded(id) {
          expand(id)
        } else if (tree.childCount(of: id) ?? 0) > 0 {
          collapse(id)
        }
      }
    }
  }
#endif
