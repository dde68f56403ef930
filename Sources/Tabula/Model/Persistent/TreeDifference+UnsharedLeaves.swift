// Finding the leaves two versions in shared storage do not share: a walk
// down both trees that drops every node both hold without touching it (see
// `Diffing/Changeset+SharedStorage.swift`). Where the two trees have the same shape
// (what an edit that splits no node leaves), it pairs the children slot by
// slot and descends only into the pairs that differ; where the shapes part
// (a split, a relabelling, a dropped leaf), it goes level by level.

extension _TreeDifference {
  /// A tree node met while looking for the unshared leaves: its address,
  /// the flat position of its first item and its height, read from its
  /// parent (the child's address from the parent's array, its position from
  /// the counts) so that a node both versions share is never touched, not
  /// even retained: after other work has swept the cache, each touch is a
  /// miss, and a level holds 32 children per unshared parent.
  @usableFromInline
  struct _NodeEntry {
    @usableFromInline var address: UInt
    @usableFromInline var start: Int
    @usableFromInline var height: Int

    @inlinable
    init(address: UInt, start: Int, height: Int) {
      self.address = address
      self.start = start
      self.height = height
    }
  }

  /// The leaves of `old` and `new` that the other does not hold, with the
  /// flat position of each one's first item, in list order; `nil` when more
  /// than `limit` leaves differ (the full diff is cheaper then).
  ///
  /// Two inner nodes of one height with the same labels in the same slots
  /// are walked slot by slot: a leaf both trees hold has one label in both,
  /// and the slots' labels bound the labels under them, so it can only lie
  /// under the same slot of both. The walk skips the slots whose children
  /// are one node, reading their addresses and counts from the parents, and
  /// needs no list of the nodes of a level: an edit's diff allocates only
  /// its result. Pairs whose shapes differ go to
  /// ``_unsharedLeavesByLevel(_:_:_:_:limit:)``.
  ///
  /// - Complexity: O(d log n) for d unshared leaves.
  @inlinable
  static func _unsharedLeaves<Item>(
    _ old: _ItemChunk<Item>, _ new: _ItemChunk<Item>, limit: Int
  ) -> (old: [(_ItemChunk<Item>, Int)], new: [(_ItemChunk<Item>, Int)])? {
    var leaves = (old: [(_ItemChunk<Item>, Int)](), new: [(_ItemChunk<Item>, Int)]())
    guard old !== new else { return leaves }
    leaves.old.reserveCapacity(4)
    leaves.new.reserveCapacity(4)
    var budget = limit
    guard _unsharedLeaves(old, 0, new, 0, into: &leaves, budget: &budget) else { return nil }
    return leaves
  }

  /// Adds to `leaves` the leaves under `old` and `new` (two nodes, not one,
  /// whose first items are at `oldStart` and `newStart`) that the other does
  /// not hold; false when that would take them past `budget` (of which it
  /// uses one per leaf).
  @inlinable
  static func _unsharedLeaves<Item>(
    _ old: _ItemChunk<Item>, _ oldStart: Int, _ new: _ItemChunk<Item>, _ newStart: Int,
    into leaves: inout (old: [(_ItemChunk<Item>, Int)], new: [(_ItemChunk<Item>, Int)]),
    budget: inout Int
  ) -> Bool {
    if old.height == 0 && new.height == 0 {
      budget &-= 2
      guard budget >= 0 else { return false }
      leaves.old.append((old, oldStart))
      leaves.new.append((new, newStart))
      return true
    }
    guard old.height == new.height && old.labels == new.labels else {
      guard
        let (oldLeaves, newLeaves) = _unsharedLeavesByLevel(
          old, oldStart, new, newStart, limit: budget)
      else { return false }
      budget &-= oldLeaves.count &+ newLeaves.count
      leaves.old += oldLeaves
      leaves.new += newLeaves
      return true
    }
    var oldChildStart = oldStart
    var newChildStart = newStart
    for slot in 0..<old.childCount {
      let oldChild = old.childAddress(slot)
      let newChild = new.childAddress(slot)
      if oldChild != newChild {
        guard
          _unsharedLeaves(
            _ItemChunk<Item>.unretained(oldChild), oldChildStart,
            _ItemChunk<Item>.unretained(newChild), newChildStart, into: &leaves, budget: &budget)
        else { return false }
      }
      oldChildStart &+= old.childCount(slot)
      newChildStart &+= new.childCount(slot)
    }
    return true
  }

  /// The leaves under `old` and `new` (whose first items are at `oldStart`
  /// and `newStart`) that the other does not hold, found level by level:
  /// the nodes of a level both hold are dropped (``_dropShared(_:_:)``) and
  /// the rest expanded into their children, whatever the two trees' shapes.
  /// `nil` when more than `limit` nodes of a level differ.
  @inlinable
  static func _unsharedLeavesByLevel<Item>(
    _ old: _ItemChunk<Item>, _ oldStart: Int, _ new: _ItemChunk<Item>, _ newStart: Int,
    limit: Int
  ) -> (old: [(_ItemChunk<Item>, Int)], new: [(_ItemChunk<Item>, Int)])? {
    typealias Node = _ItemChunk<Item>
    func entry(_ node: Node) -> _NodeEntry {
      _NodeEntry(address: UInt(bitPattern: ObjectIdentifier(node)), start: 0, height: node.height)
    }
    // The node an entry names; both snapshots hold it for the whole diff.
    func node(_ entry: _NodeEntry) -> Node {
      Unmanaged<Node>.fromOpaque(UnsafeRawPointer(bitPattern: entry.address)!)
        .takeUnretainedValue()
    }
    var oldNodes = [_NodeEntry(address: entry(old).address, start: oldStart, height: old.height)]
    var newNodes = [_NodeEntry(address: entry(new).address, start: newStart, height: new.height)]
    func expand(_ entries: [_NodeEntry], height: Int) -> [_NodeEntry] {
      var result: [_NodeEntry] = []
      for parent in entries {
        guard parent.height == height else {
          result.append(parent)
          continue
        }
        let parentNode = node(parent)
        // A native class array stores its elements as bare references.
        assert(MemoryLayout<Node>.size == MemoryLayout<UInt>.size)
        // A patched child is read from the patch.
        let patched = parentNode.patchedSlots
        parentNode.storedChildren.withUnsafeBytes { children in
          parentNode.storedCounts.withUnsafeBufferPointer { counts in
            var start = parent.start
            for child in counts.indices {
              if child == patched.first || child == patched.second {
                let node = parentNode.child(child)
                result.append(
                  _NodeEntry(address: entry(node).address, start: start, height: height &- 1))
                start &+= node.count
                continue
              }
              let address = children.load(
                fromByteOffset: child &* MemoryLayout<UInt>.stride, as: UInt.self)
              result.append(_NodeEntry(address: address, start: start, height: height &- 1))
              start &+= counts[child]
            }
          }
        }
      }
      return result
    }
    while true {
      _dropShared(&oldNodes, &newNodes)
      if oldNodes.count + newNodes.count > limit { return nil }
      var height = 0
      for entry in oldNodes { height = max(height, entry.height) }
      for entry in newNodes { height = max(height, entry.height) }
      if height == 0 {
        return (oldNodes.map { (node($0), $0.start) }, newNodes.map { (node($0), $0.start) })
      }
      oldNodes = expand(oldNodes, height: height)
      newNodes = expand(newNodes, height: height)
    }
  }

  /// Removes from both lists (each in list order) the nodes both hold.
  ///
  /// Shared nodes keep their relative order, and an edit leaves few nodes
  /// unshared, next to each other: a walk down both lists drops the equal
  /// ones, and at a difference finds the nearest node both hold within a
  /// few places of each side (the nodes before it on either side are then
  /// unshared: a shared one among them would be a nearer common node). Only
  /// when no common node is that near does what is left go through a set
  /// of addresses. So the usual level costs no allocation.
  @inlinable
  static func _dropShared(_ old: inout [_NodeEntry], _ new: inout [_NodeEntry]) {
    let window = 8
    var oldIndex = 0
    var newIndex = 0
    var oldKept = 0
    var newKept = 0
    while oldIndex < old.count && newIndex < new.count {
      if old[oldIndex].address == new[newIndex].address {
        oldIndex += 1
        newIndex += 1
        continue
      }
      // The nearest common node: the least oldSkip + newSkip.
      var nearest: (old: Int, new: Int)?
      search: for total in 1...(2 * window) {
        for oldSkip in max(0, total - window)...min(total, window) {
          let newSkip = total - oldSkip
          guard oldIndex + oldSkip < old.count, newIndex + newSkip < new.count else { continue }
          if old[oldIndex + oldSkip].address == new[newIndex + newSkip].address {
            nearest = (oldSkip, newSkip)
            break search
          }
        }
      }
      guard let (oldSkip, newSkip) = nearest else {
        // The search saw every node left on both sides: none is shared.
        if old.count - oldIndex <= window + 1 && new.count - newIndex <= window + 1 { break }
        // Far apart: the rest by address sets.
        var oldRest = Array(old[oldIndex...])
        var newRest = Array(new[newIndex...])
        _dropSharedBySets(&oldRest, &newRest)
        old.replaceSubrange(oldKept..., with: oldRest)
        new.replaceSubrange(newKept..., with: newRest)
        return
      }
      for index in oldIndex..<(oldIndex + oldSkip) {
        old[oldKept] = old[index]
        oldKept += 1
      }
      for index in newIndex..<(newIndex + newSkip) {
        new[newKept] = new[index]
        newKept += 1
      }
      oldIndex += oldSkip
      newIndex += newSkip
    }
    // What is left (of one list after the other ends, or of both when the
    // search saw them all) is unshared.
    while oldIndex < old.count {
      old[oldKept] = old[oldIndex]
      oldKept += 1
      oldIndex += 1
    }
    while newIndex < new.count {
      new[newKept] = new[newIndex]
      newKept += 1
      newIndex += 1
    }
    old.removeLast(old.count - oldKept)
    new.removeLast(new.count - newKept)
  }

  /// Removes from both lists the nodes both hold, through sets of
  /// addresses (any number of nodes, in any places).
  @inlinable
  static func _dropSharedBySets(_ old: inout [_NodeEntry], _ new: inout [_NodeEntry]) {
    guard !old.isEmpty && !new.isEmpty else { return }
    let inNew = _NodeTable(new.map { $0.address })
    let inBoth = old.map { inNew.contains($0.address) }
    guard inBoth.contains(true) else { return }
    let shared = _NodeTable(old.indices.filter { inBoth[$0] }.map { old[$0].address })
    var index = 0
    old.removeAll { _ in
      defer { index += 1 }
      return inBoth[index]
    }
    new.removeAll { shared.contains($0.address) }
  }

  /// A set of node addresses: the addresses themselves, searched in turn,
  /// when there are at most 16 (what an edit leaves at a level, once the
  /// common ends are gone: no table to allocate); else an open-addressing
  /// table at most half full, probed from a multiplicative hash.
  @usableFromInline
  struct _NodeTable {
    @usableFromInline var slots: [UInt]
    /// The hash's shift; `nil` when `slots` is a plain list.
    @usableFromInline let shift: Int?

    @inlinable
    init(_ addresses: [UInt]) {
      guard addresses.count > 16 else {
        slots = addresses
        shift = nil
        return
      }
      var bits = 5
      while 1 << bits < addresses.count * 2 { bits += 1 }
      let shift = UInt.bitWidth - bits
      self.shift = shift
      slots = [UInt](repeating: 0, count: 1 << bits)
      for address in addresses {
        var slot = _NodeTable.slot(address, shift)
        while slots[slot] != 0 && slots[slot] != address { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = address
      }
    }

    @inlinable
    static func slot(_ address: UInt, _ shift: Int) -> Int {
      Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) &>> UInt(shift))
    }

    @inlinable
    func contains(_ address: UInt) -> Bool {
      guard let shift else { return slots.contains(address) }
      var slot = _NodeTable.slot(address, shift)
      while slots[slot] != 0 {
        if slots[slot] == address { return true }
        slot = (slot + 1) & (slots.count - 1)
      }
      return false
    }
  }
}
