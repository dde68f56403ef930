import Tabula
import Testing

// The samples of "Errors: typed, named, and never fatal for data"
// (Errors.md).

/// The contacts a server sent, as a snapshot; `nil` if they cannot be shown.
@MainActor
func contactsSnapshot(from rows: [Contact]) -> Snapshot<SectionInfo, Contact>? {
  do {
    return try Snapshot(grouping: rows, by: \.initial, sectionOrder: .ascending)
  } catch {
    // `error` is a SnapshotError: no cast, and its message names every duplicate.
    TabulaLog.report("contacts not shown: \(error)")
    return nil
  }
}

/// The status line of a list, for each state its source can be in.
func statusLine(for state: LoadingState) -> String {
  switch state {
  case .initial, .loaded: ""
  case .loading, .refreshing: "Loading…"
  case .noContent: "No contacts"
  case .error(let message): "Could not load the contacts: \(message)"
  @unknown default: ""  // a state a later version of Tabula adds
  }
}

@MainActor
@Test func dataNeverReachesATrap() {
  let rows = [
    Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Alan"), Contact(id: 1, name: "Ada"),
  ]
  var reports: [String] = []
  let handler = TabulaLog.handler
  TabulaLog.handler = { reports.append($0) }
  defer { TabulaLog.handler = handler }

  #expect(contactsSnapshot(from: rows) == nil)
  #expect(reports == ["contacts not shown: duplicate item IDs: 1 at [0, 0] and [0, 2]"])
  #expect(statusLine(for: .error("offline")) == "Could not load the contacts: offline")
}

@Test func aCallersMistakeTrapsWithTheSameMessage() async throws {
  let path = ItemPath(section: 0, item: 5)
  let snapshot = try Snapshot([Contact(id: 1, name: "Ada")], in: SectionInfo(id: "A"))

  let thrown = #expect(throws: SnapshotError.self) {
    try snapshot.editing { (edit) throws(SnapshotError) in try edit.deleteItems(at: [path]) }
  }

  let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
    let snapshot = try Snapshot([Contact(id: 1, name: "Ada")], in: SectionInfo(id: "A"))
    _ = snapshot[ItemPath(section: 0, item: 5)]
  }
  let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  #expect(message.contains(try #require(thrown?.description)))
}
