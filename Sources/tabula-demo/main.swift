import Tabula

// Until the terminal list view exists, the demo prints a real sectioned snapshot
// built from sample data, and answers a few lookups from it.

struct Contact: Diffable, Equatable, CustomStringConvertible {
  let id: Int
  var name: String
  var initial: String { String(name.prefix(1)) }
  var description: String { name }
}

let names = [
  "Grace Hopper", "Ada Lovelace", "Alan Turing", "Barbara Liskov", "Edsger Dijkstra",
  "Donald Knuth", "Frances Allen", "John Backus", "Margaret Hamilton", "Dennis Ritchie",
  "Ken Thompson", "Guido van Rossum", "Bjarne Stroustrup", "Anders Hejlsberg", "Chris Lattner",
]
let contacts = names.enumerated().map { Contact(id: $0.offset + 1, name: $0.element) }

do {
  var snapshot = try Snapshot(grouping: contacts, by: \.initial, sectionOrder: .ascending)
  try snapshot.sortItems(inSection: "A") { $0.name < $1.name }

  print("Contacts: \(snapshot.numberOfItems) in \(snapshot.numberOfSections) sections\n")
  for (index, section) in snapshot.sections.enumerated() {
    print("[\(section.title ?? section.id)]")
    for contact in snapshot.items(inSection: index) { print("  \(contact.name)") }
  }

  print("\nLookups (each O(1)):")
  let ada = contacts[1]
  print("  path of \(ada.name): \(snapshot.path(of: ada.id).map(String.init(describing:)) ?? "-")")
  let path = ItemPath(section: 1, item: 0)
  print("  item at \(path): \(snapshot[path].name)")
  print("  section of Chris Lattner: \(snapshot.section(ofItem: 15)?.id ?? "-")")
  print("  index of section \"G\": \(snapshot.sectionIndex(of: "G").map(String.init) ?? "-")")

  print("\nErrors name what is wrong:")
  do {
    try snapshot.appendItems([Contact(id: 2, name: "Ada again")], toSection: "A")
  } catch {
    print("  \(error)")
  }
  do {
    try snapshot.moveItem(99, beforeItem: 1)
  } catch {
    print("  \(error)")
  }
} catch {
  print("error: \(error)")
}
