/// A large snapshot's items in storage that versions share: the items in an
/// ``_ItemTree`` and their ids in an ``_IDTrie``. An edit of k items costs
/// O(k log n) time and memory and leaves the version it came from intact.
@usableFromInline
struct _PersistentItems<Item: Diffable>: Sendable {
  @usableFromInline var tree: _ItemTree<Item>
  @usableFromInline var table: _IDTrie<Item.ID>

  /// Storage of `items`, whose ids are unique, with their hashes; leaves
  /// labelled `labelSpacing` apart when given (see ``_ItemTree``).
  ///
  /// - Complexity: O(n log n).
  @inlinable
  init(items: [Item], hashes: [Int], labelSpacing: UInt64? = nil) {
    let tree = _ItemTree(items: items, hashes: hashes, labelSpacing: labelSpacing)
    var table = _IDTrie<Item.ID>()
    tree.forEachLeaf { leaf, _ in
      for offset in leaf.items.indices {
        table.set(leaf.label, for: leaf.items[offset].id, hash: leaf.hashes[offset])
      }
    }
    self.tree = tree
    self.table = table
  }

  @inlinable var count: Int { tree.count }

  /// The position of `id`, whose hash is `hash`, if present.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func index(of id: Item.ID, hash: Int) -> Int? {
    guard let label = table.label(of: id, hash: hash),
      let (leaf, start) = tree.locate(label: label)
    else { return nil }
    return leaf.hashes.withUnsafeBufferPointer { hashes in
      for offset in hashes.indices where hashes[offset] == hash && leaf.items[offset].id == id {
        return start &+ offset
      }
      return nil
    }
  }

  /// Inserts `item` (whose id is not present) at `index`.
  @inlinable
  mutating func insert(_ item: Item, hash: Int, at index: Int) {
    var table = self.table
    self.table = _IDTrie()  // keep the trie's nodes uniquely referenced
    let label = tree.insert(item, hash: hash, at: index) { moved, movedHash, label in
      table.set(label, for: moved.id, hash: movedHash)
    }
    table.set(label, for: item.id, hash: hash)
    if tree.needsRelabeling {
      tree.relabel(around: index) { table.set($2, for: $0.id, hash: $1) }
    }
    self.table = table
  }

  /// Removes and returns the item at `index`, with its hash.
  @inlinable
  @discardableResult
  mutating func remove(at index: Int) -> (item: Item, hash: Int) {
    let removed = tree.remove(at: index)
    table.remove(removed.item.id, hash: removed.hash)
    return removed
  }

  /// Replaces the item at `index` with `item`, which has the same id.
  @inlinable
  mutating func replace(at index: Int, with item: Item, hash: Int) {
    tree.replace(at: index, with: item, hash: hash)
  }

  /// Checks the tree and that the trie maps every item, and nothing else, to
  /// its leaf's label.
  @usableFromInline
  func verify() {
    _ = tree.verify()
    precondition(table.count == tree.count, "one id entry per item")
    tree.forEachLeaf { leaf, _ in
      for offset in leaf.items.indices {
        precondition(
          table.label(of: leaf.items[offset].id, hash: leaf.hashes[offset]) == leaf.label,
          "the id table finds item \(offset) of the leaf labelled \(leaf.label)")
        precondition(
          leaf.hashes[offset] == IDHashing.hash(leaf.items[offset].id), "stored item hash")
      }
    }
  }
}
