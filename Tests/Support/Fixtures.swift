import Tabula

/// An item whose identity is `id` and whose content is `content`.
package struct TestItem: Diffable, Hashable, CustomStringConvertible {
  package let id: Int
  package var content: Int = 0

  package init(id: Int, content: Int = 0) {
    self.id = id
    self.content = content
  }

  package var description: String { content == 0 ? "\(id)" : "\(id)/\(content)" }
}

package typealias TestSnapshot = Snapshot<SectionInfo, TestItem>

/// A section model with a string id and a title as content.
package func section(_ id: String, title: String? = nil) -> SectionInfo {
  SectionInfo(id: id, title: title ?? id)
}

/// Items with the given ids and no content.
package func items(_ ids: [Int]) -> [TestItem] { ids.map { TestItem(id: $0) } }

/// Sections A (items 1, 2, 3, 4) and B (5, 6, 8).
package func twoSections() throws -> TestSnapshot {
  try TestSnapshot(sections: [
    SnapshotSection(section("A"), items: items([1, 2, 3, 4])),
    SnapshotSection(section("B"), items: items([5, 6, 8])),
  ])
}
