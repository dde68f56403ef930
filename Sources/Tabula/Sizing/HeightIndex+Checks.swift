// Bad heights and paths trap with a message naming them and the valid
// range; tests check the whole index's invariants.

extension HeightIndex {

  /// `height` if it is finite and not negative; otherwise traps naming
  /// `element`.
  static func checked(_ height: Double, of element: Element) -> Double {
    guard height.isFinite && height >= 0 else { invalidHeight(height, of: element) }
    return height
  }

  static func invalidHeight(_ height: Double, of element: Element) -> Never {
    let name: String
    switch element {
    case .header(let section): name = "the header of section \(section)"
    case .footer(let section): name = "the footer of section \(section)"
    case .item(let path): name = "the item at \(path)"
    }
    preconditionFailure(
      "the height of \(name) is \(height): heights must be finite and not negative")
  }

  static func insertionMessage(_ path: ItemPath, count: Int) -> String {
    "item position \(path.item) is out of range for an insertion in section \(path.section): "
      + "it has \(count) \(count == 1 ? "item" : "items") (valid positions are 0...\(count))"
  }

  func checkSection(_ section: Int, allowingEnd: Bool = false) {
    let limit = allowingEnd ? sections.count + 1 : sections.count
    guard section < 0 || section >= limit else { return }
    sectionOutOfRange(section, allowingEnd: allowingEnd)
  }

  func sectionOutOfRange(_ section: Int, allowingEnd: Bool) -> Never {
    let count = sections.count
    let valid =
      allowingEnd
      ? "valid section indices are 0...\(count)"
      : count == 0 ? "there are no sections" : "valid section indices are 0..<\(count)"
    preconditionFailure(
      "section \(section) is out of range: the index has \(count) "
        + "\(count == 1 ? "section" : "sections") (\(valid))")
  }

  func checkItem(_ path: ItemPath) {
    checkSection(path.section)
    let count = sections[path.section].rows.count
    guard path.item < 0 || path.item >= count else { return }
    preconditionFailure(
      "item \(path.item) is out of range in section \(path.section): it has \(count) "
        + "\(count == 1 ? "item" : "items")"
        + (count == 0 ? "" : " (valid item indices are 0..<\(count))"))
  }

  /// Checks every tree's invariants and the section totals (tests only).
  public func _checkInvariants() {
    totals.checkInvariants()
    precondition(totals.count == sections.count, "one total per section")
    for (index, section) in sections.enumerated() {
      section.rows.checkInvariants()
      precondition(totals.value(at: index) == section.total, "section \(index)'s total is stale")
    }
  }
}
