/// The position of an item in a sectioned list: a section index and an item index
/// inside that section.
///
/// Tabula's own path type (the core imports no Foundation, so no `IndexPath`): two
/// machine words, `Hashable` and `Comparable` in list order.
///
/// ```swift
/// let path = ItemPath(section: 1, item: 0)
/// print(path)  // [1, 0]
/// ```
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the section.
  public var section: Int
  /// The index of the item inside its section.
  public var item: Int

  /// Creates the path of item `item` in section `section`.
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders paths as a list shows them: by section, then by item.
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// The path as `[section, item]`, the form every Tabula error message uses.
  public var description: String { "[\(section), \(item)]" }
}
