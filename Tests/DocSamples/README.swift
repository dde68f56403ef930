import Tabula
import Testing

// README.md's example, and the overview of Tabula's catalog (Tabula.md).

struct Contact: Diffable, Equatable {
  let id: Int
  var name: String
  var initial: String { String(name.prefix(1)) }
}

@Test func readmeExample() throws {
  let people = [
    Contact(id: 1, name: "Grace Hopper"), Contact(id: 2, name: "Ada Lovelace"),
    Contact(id: 3, name: "Alan Turing"), Contact(id: 4, name: "Barbara Liskov"),
  ]
  let contacts = try Snapshot(grouping: people, by: \.initial, sectionOrder: .ascending)
  let alan = contacts.path(of: 3)  // O(1): [0, 1] (nil for an unknown id)
  let first = contacts[ItemPath(section: 0, item: 0)]  // O(1): Ada Lovelace
  var next = contacts
  try next.moveItem(3, beforeItem: 2)  // an unknown id is an error that names it
  for stage in StagedChangeset(from: contacts, to: next) {
    print(stage.changeset.itemMoves)  // the batch update: [[0, 1]→[0, 0]]
    print(stage.snapshot.items.map(\.name))  // what the view shows after it
  }

  #expect(alan == ItemPath(section: 0, item: 1))
  #expect(first.name == "Ada Lovelace")
  let stages = StagedChangeset(from: contacts, to: next)
  #expect(stages.count == 1)
  #expect(stages.first?.changeset.itemMoves.description == "[[0, 1]→[0, 0]]")
}

@Test func tabulaOverview() throws {
  let contacts = [Contact(id: 1, name: "Grace Hopper"), Contact(id: 2, name: "Ada Lovelace")]
  let snapshot = try Snapshot(grouping: contacts, by: \.initial, sectionOrder: .ascending)
  let sections = snapshot.numberOfSections  // 2, in O(1)
  let grace = snapshot.path(of: 1)  // ItemPath(section: 1, item: 0), in O(1)
  let first = snapshot[ItemPath(section: 0, item: 0)]  // Ada Lovelace, in O(1)

  #expect(sections == 2)
  #expect(grace == ItemPath(section: 1, item: 0))
  #expect(first.name == "Ada Lovelace")
}
