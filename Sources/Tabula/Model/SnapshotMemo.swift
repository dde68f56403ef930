/// Remembers the array a one-section snapshot was last made of, so that the
/// same array gives back the very same snapshot, without building it again
/// or diffing it: what a SwiftUI view needs when its body runs again with
/// an unchanged `@State` array (TabulaSwiftUI's `TabulaList(_:)`).
///
/// "The same array" is the same storage: the memo keeps the array, so a
/// change to the caller's copy makes new storage (copy on write), and an
/// equal array built anew is built again. Both are O(1) to check.
///
/// ```swift
/// var memo = SnapshotMemo<Contact>(section: SectionInfo(id: "all"))
/// let first = try memo.snapshot(of: contacts)
/// let again = try memo.snapshot(of: contacts)   // the same snapshot, nothing built
/// ```
public struct SnapshotMemo<Item: Diffable> {
  /// The section the items are shown in.
  public let section: SectionInfo
  private var items: [Item]?
  private var last: Snapshot<SectionInfo, Item>?
  /// How many snapshots the memo built (a test's measure of its savings).
  public private(set) var buildCount = 0

  /// A memo for snapshots of one `section`.
  public init(section: SectionInfo) {
    self.section = section
  }

  /// The snapshot of `items` in ``section``: the last one when `items` is
  /// the array it was made of, else a new one.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` naming every
  ///   duplicate and its positions; the memo is unchanged then.
  public mutating func snapshot(of items: [Item]) throws(SnapshotError)
    -> Snapshot<SectionInfo, Item>
  {
    if let last, let previous = self.items, Self.sharesStorage(previous, items) { return last }
    let made = try Snapshot(items, in: section)
    self.items = items
    last = made
    buildCount += 1
    return made
  }

  /// Whether `a` and `b` are the same storage (so the same elements).
  private static func sharesStorage(_ a: [Item], _ b: [Item]) -> Bool {
    guard a.count == b.count else { return false }
    if a.isEmpty { return true }
    return a.withUnsafeBufferPointer { first in
      b.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
    }
  }
}
