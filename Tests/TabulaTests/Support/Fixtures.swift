import Tabula

/// An item whose identity is `id` and whose content is `content`.
struct TestItem: Diffable, Hashable, CustomStringConvertible {
  let id: Int
  var content: Int = 0

  var description: String { content == 0 ? "\(id)" : "\(id)/\(content)" }
}

typealias TestSnapshot = Snapshot<SectionInfo, TestItem>

/// A section model with a string id and a title as content.
func section(_ id: String, title: String? = nil) -> SectionInfo {
  SectionInfo(id: id, title: title ?? id)
}

/// Items with the given ids and no content.
func items(_ ids: [Int]) -> [TestItem] { ids.map { TestItem(id: $0) } }

/// Calls `body` with every array of length `count` drawn from `0..<base`.
func forEveryTuple(count: Int, base: Int, _ body: ([Int]) throws -> Void) rethrows {
  guard base > 0 || count == 0 else { return }
  var digits = [Int](repeating: 0, count: count)
  while true {
    try body(digits)
    var position = 0
    while position < count {
      digits[position] += 1
      if digits[position] < base { break }
      digits[position] = 0
      position += 1
    }
    if position == count { return }
  }
}
