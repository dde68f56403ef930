import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTerminal

extension DemoFile: Diffable {}

/// Draws a file or folder of the project tree: indentation and a
/// disclosure marker from its outline position (rows of an outline reach
/// presenters as their items, with the position in the context), then its
/// name; files show their size.
struct FilePresenter: Presenter {
  func reuseIdentifier(for file: DemoFile, style: PresentationStyle) -> String { "file" }

  func configure(_ cell: TerminalCell, with file: DemoFile, context: PresentationContext) {
    let prefix = context.outline.map { TerminalOutline.prefix(for: $0) } ?? ""
    cell.text = prefix + file.name + (file.isFolder ? "/" : "")
    cell.style = file.isFolder ? TextStyle(bold: true) : .plain
    cell.detail = file.isFolder ? "" : Self.size(file.size)
    cell.representedID = file.id
  }

  static func size(_ bytes: Int) -> String {
    bytes < 1024 ? "\(bytes) B" : "\(bytes / 1024) KB"
  }
}

/// The project tree: a live outline over the `file` table (a FetchedTree),
/// expanded and collapsed with the arrow keys, changed by simulated edits.
@MainActor
final class FilesScreen {
  let list: TerminalListView
  let presenters = PresenterRegistry<TerminalCell>()
  let files: FetchedTree<DemoFile, DemoFile>
  let controller: ListController<SectionInfo, OutlineRow<DemoFile>, TerminalCell>
  private let database: DatabasePool

  init(database: DatabasePool, width: Int, height: Int) {
    self.database = database
    list = TerminalListView(width: width, height: height)
    presenters.register(FilePresenter())
    files = FetchedTree(
      database,
      request: FetchedTreeRequest(
        table: "file", parentColumn: "parent",
        orderedBy: [.descending("isFolder"), .ascending("name", caseInsensitive: true)]),
      section: SectionInfo(id: "files"))
    controller = ListController(host: list, presenters: presenters)
    controller.connect(to: files)
  }

  /// Handles the outline keys (→ ← Enter *) on the cursor row.
  func handleOutlineKey(_ key: Key) -> Bool {
    TerminalOutline.handle(key, in: list, rows: controller.snapshot, source: files)
  }

  /// Simulates someone else working on the project: a file moves to
  /// another folder, one is added, one is deleted. Shown folders animate.
  func simulateEdit() async throws -> String {
    try await database.write { db in
      let folders = try Int64.fetchAll(db, sql: "SELECT id FROM file WHERE isFolder ORDER BY id")
      let fileCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM file WHERE NOT isFolder") ?? 0
      guard folders.count > 1, fileCount > 2 else { return "nothing to change" }
      // Numbered on from the last run: New4.swift after New3.swift.
      let edit = try DemoDatabase.nextNumber(of: .edit, in: db)
      var changes: [String] = []
      // Files in the folders near the top, so that the change shows.
      let visibleFolders = Array(folders.prefix(12))
      if let moved = try DemoFile.fetchOne(
        db, sql: "SELECT * FROM file WHERE NOT isFolder ORDER BY id LIMIT 1 OFFSET ?",
        arguments: [(edit * 7) % fileCount])
      {
        let target = visibleFolders[(edit * 5) % visibleFolders.count]
        try db.execute(
          sql: "UPDATE file SET parent = ? WHERE id = ?", arguments: [target, moved.id])
        changes.append("moved \(moved.name)")
      }
      let folder = visibleFolders[(edit * 3) % visibleFolders.count]
      let newID = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM file") ?? 0) + 1
      let added = DemoFile(
        id: newID, parent: folder, name: "New\(edit).swift", isFolder: false, size: 1200)
      try added.insert(db)
      changes.append("added \(added.name)")
      if let deleted = try DemoFile.fetchOne(
        db, sql: "SELECT * FROM file WHERE NOT isFolder AND id != ? ORDER BY id LIMIT 1 OFFSET ?",
        arguments: [newID, (edit * 11) % (fileCount - 1)])
      {
        try deleted.delete(db)
        changes.append("deleted \(deleted.name)")
      }
      return changes.joined(separator: ", ")
    }
  }

  var isIdle: Bool { !controller.isUpdating && files.isIdle }
}
