import GRDB

/// A file or folder of the demo's project tree: a row of the `file` table,
/// which stores the tree as an adjacency list.
struct DemoFile: Codable, FetchableRecord, PersistableRecord, Hashable, Sendable {
  static let databaseTableName = "file"
  var id: Int64
  var parent: Int64?
  var name: String
  var isFolder: Bool
  var size: Int
}

extension DemoDatabase {
  /// How many files and folders a new database gets.
  static let fileTarget = 3000

  /// Makes and fills the `file` table: a project of a few thousand files in
  /// folders up to five levels deep, from a fixed seed.
  static func createFiles(_ db: Database) throws {
    try db.create(table: "file") { table in
      table.primaryKey("id", .integer)
      table.column("parent", .integer).references("file", onDelete: .cascade)
      table.column("name", .text).notNull()
      table.column("isFolder", .boolean).notNull()
      table.column("size", .integer).notNull()
    }
    try db.create(index: "file_parent", on: "file", columns: ["parent", "isFolder", "name"])
    var random = DemoRandom(seed: 1987)
    var next: Int64 = 0
    func add(_ name: String, parent: Int64?, isFolder: Bool) throws -> Int64 {
      next += 1
      try DemoFile(
        id: next, parent: parent, name: name, isFolder: isFolder,
        size: isFolder ? 0 : 200 + random.next(60_000)
      ).insert(db)
      return next
    }
    func fillFolder(_ folder: Int64, depth: Int) throws {
      guard next < fileTarget else { return }
      let folders = depth < 4 ? 2 + random.next(4) : 0
      for index in 0..<folders {
        let name = folderNames[random.next(folderNames.count)] + (index == 0 ? "" : "\(index)")
        try fillFolder(try add(name, parent: folder, isFolder: true), depth: depth + 1)
      }
      for _ in 0..<(3 + random.next(8)) {
        let stem = fileStems[random.next(fileStems.count)]
        try _ = add(
          "\(stem)\(random.next(90)).\(fileExtensions[random.next(fileExtensions.count)])",
          parent: folder, isFolder: false)
      }
    }
    for root in ["Sources", "Tests", "Documentation", "Resources", "Scripts", "Benchmarks"] {
      try fillFolder(try add(root, parent: nil, isFolder: true), depth: 1)
    }
  }

  static let folderNames = [
    "Model", "Views", "Controllers", "Networking", "Storage", "Support", "Fixtures", "Images",
    "Guides", "Snapshots", "Diffing", "Layout", "Themes", "Legacy", "Generated",
  ]
  static let fileStems = [
    "Contact", "Feed", "Snapshot", "Presenter", "Cell", "Parser", "Cache", "Router", "Session",
    "Theme", "Helper", "Fixture", "Diff", "Loader",
  ]
  static let fileExtensions = ["swift", "swift", "swift", "md", "json", "png", "sql"]
}
