import Tabula

/// A file or folder of the example's project tree.
struct FileItem: Diffable, Hashable {
  let id: Int
  var name: String
  var isFolder: Bool
  /// In bytes; 0 for a folder.
  var size: Int

  /// The size as the Files app writes it.
  var formattedSize: String {
    size < 1024 ? "\(size) bytes" : "\(size / 1024) KB"
  }
}

/// The outline's data: a project of a few hundred generated files in nested
/// folders (from a fixed seed, the same on every launch), and a shared
/// folder whose contents come from a simulated server when it is opened.
enum ProjectFiles {
  /// The folder whose children load when it is expanded.
  static let shared = FileItem(id: 0, name: "Shared with Me", isFolder: true, size: 0)

  /// The project's tree, the shared folder last. Items are `AnyItem`s so
  /// that the outline can show Tabula's loading and error rows among them.
  @MainActor
  static func tree() -> Tree<AnyItem> {
    var random = SeededRandom(seed: 1987)
    var nextID = 0
    func node(_ name: String, isFolder: Bool) -> FileItem {
      nextID += 1
      return FileItem(
        id: nextID, name: name, isFolder: isFolder, size: isFolder ? 0 : 200 + random.next(60_000))
    }
    func folder(_ name: String, depth: Int) -> TreeNode<AnyItem> {
      let item = node(name, isFolder: true)
      var children: [TreeNode<AnyItem>] = []
      let subfolders = depth < 3 ? 1 + random.next(3) : 0
      for index in 0..<subfolders {
        let name = folderNames[random.next(folderNames.count)] + (index == 0 ? "" : " \(index + 1)")
        children.append(folder(name, depth: depth + 1))
      }
      var names: Set<String> = []
      for _ in 0..<(2 + random.next(6)) {
        let stem = fileStems[random.next(fileStems.count)]
        let name = "\(stem).\(fileExtensions[random.next(fileExtensions.count)])"
        if names.insert(name).inserted {
          children.append(TreeNode(AnyItem(node(name, isFolder: false))))
        }
      }
      return TreeNode(AnyItem(item), children: children)
    }
    let roots =
      ["Sources", "Tests", "Documentation", "Resources"].map { folder($0, depth: 1) }
      + [TreeNode(AnyItem(shared))]
    do {
      return try Tree(roots: roots)
    } catch {
      // Ids are counted up from 1 (the shared folder is 0): they cannot
      // collide. Were they to, the outline would be empty and say why.
      TabulaLog.report("the project tree cannot be built: \(error)")
      return Tree()
    }
  }

  static let folderNames = [
    "Model", "Views", "Controllers", "Networking", "Storage", "Support", "Fixtures", "Images",
    "Guides", "Snapshots", "Layout", "Themes",
  ]
  static let fileStems = [
    "Contact", "Feed", "Snapshot", "Presenter", "Cell", "Parser", "Cache", "Router", "Session",
    "Theme", "Loader",
  ]
  static let fileExtensions = ["swift", "swift", "swift", "md", "json", "png"]
}

/// The simulated server behind the shared folder: it answers after a delay,
/// and the first request fails, so that the outline shows its error row
/// (tap it, or close and open the folder, to try again).
actor SharedDrive {
  private var requests = 0

  /// The children of `folder`.
  ///
  /// - Throws: ``SharedDriveError`` on the first request.
  func children(of folder: AnyItem) async throws -> [TreeNode<AnyItem>] {
    requests += 1
    let attempt = requests
    try await Task.sleep(for: .seconds(1))
    if attempt == 1 { throw SharedDriveError.noAnswer }
    let names = ["Budget.numbers", "Keynote.key", "Team Photo.png", "Notes.md", "Roadmap.pdf"]
    return names.enumerated().map { index, name in
      TreeNode(
        AnyItem(FileItem(id: 10_000 + index, name: name, isFolder: false, size: 4096 * (index + 1)))
      )
    }
  }
}

/// Why the shared folder could not be read.
enum SharedDriveError: Error, CustomStringConvertible {
  /// The server did not answer in time.
  case noAnswer

  var description: String { "The server didn’t answer." }
}
