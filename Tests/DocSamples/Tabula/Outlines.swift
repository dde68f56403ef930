import Tabula
import TabulaTesting
import Testing

// The samples of "Outlines and collapsible sections" (Outlines.md). The
// article shows its lists on UIKit (Outlines+UIKit.swift); TabulaTesting's
// guide (TestingAScreen.md) shows parts of these tests.

struct Folder: Diffable, Hashable {
  let id: String
  var name: String
}

struct FolderPresenter: Presenter {
  func reuseIdentifier(for folder: Folder, style: PresentationStyle) -> String { "folder" }

  func configure(_ cell: SimulatedCell, with folder: Folder, context: PresentationContext) {
    let depth = context.outline?.depth ?? 0
    let marker =
      switch context.outline?.disclosure {
      case .expanded: "▾ "
      case .collapsed: "▸ "
      default: "  "
      }
    cell.text = String(repeating: "  ", count: depth) + marker + folder.name
  }
}

let mail = Folder(id: "mail", name: "Mail")
let inbox = Folder(id: "inbox", name: "Inbox")
let work = Folder(id: "work", name: "Work")
let archive = Folder(id: "archive", name: "Archive")
let notes = Folder(id: "notes", name: "Notes")

@Test func buildingTrees() throws {
  let tree = try Tree<Folder>.make {
    TreeNode(mail) {
      TreeNode(inbox) { work }
      archive
    }
    notes
  }

  let same = try Tree([  // (item, parent) pairs in any order; siblings keep theirs
    (item: work, parentID: "inbox"), (item: mail, parentID: nil),
    (item: inbox, parentID: "mail"), (item: archive, parentID: "mail"),
    (item: notes, parentID: nil),
  ])
  #expect(same.roots == tree.roots)

  let parent = tree.parentID(of: "work")  // "inbox", in O(1)
  let depth = tree.depth(of: "work")  // 2, in O(1)
  let path = tree.ancestors(of: "work").map(\.name)  // ["Inbox", "Mail"], in O(depth)
  #expect(parent == "inbox" && depth == 2 && path == ["Inbox", "Mail"])
  #expect(tree.items == [mail, inbox, work, archive, notes])
  #expect(same.items == tree.items)

  var edited = tree
  try edited.appendChildren([Folder(id: "drafts", name: "Drafts")], to: "mail")
  try edited.moveSubtree("inbox", under: nil, at: 0)  // inbox and work become a root
  try edited.deleteSubtrees(["archive"])
  #expect(edited.roots.map(\.id) == ["inbox", "mail", "notes"])
  #expect(edited.children(of: "mail").map(\.id) == ["drafts"])
}

@Test func badTrees() {
  let unknownParent = #expect(throws: TreeError.self) {
    try Tree([(item: inbox, parentID: "mail")])
    // unknown parent IDs: "mail" (parent of "inbox")
  }
  let cycle = #expect(throws: TreeError.self) {
    try Tree([(item: mail, parentID: "inbox"), (item: inbox, parentID: "mail")])
    // nodes that are their own ancestors (each is the parent of the next): "inbox" → "mail" → "inbox"
  }
  #expect(unknownParent?.description == "unknown parent IDs: \"mail\" (parent of \"inbox\")")
  #expect(
    cycle?.description
      == "nodes that are their own ancestors (each is the parent of the next): "
      + "\"inbox\" → \"mail\" → \"inbox\"")

  #expect(
    (#expect(throws: TreeError.self) {
      try Tree<Folder>.make {
        TreeNode(mail) { inbox }
        inbox
      }
    })?.description == "duplicate node IDs: \"inbox\" (under \"mail\" and a root)")
}

@Test func expansionAndRows() throws {
  let tree = try Tree<Folder>.make {
    TreeNode(mail) {
      TreeNode(inbox) { work }
      archive
    }
    notes
  }

  var outline = Outline(tree)
  try outline.expand("mail")
  let rows = outline.visibleRows.map { "\($0.position.depth) \($0.item.name)" }
  // ["0 Mail", "1 Inbox", "1 Archive", "0 Notes"]
  let inboxRow = try #require(outline.position(of: "inbox"))  // depth 1, .collapsed
  let snapshot = try outline.snapshot(in: SectionInfo(id: "folders"))
  #expect(rows == ["0 Mail", "1 Inbox", "1 Archive", "0 Notes"])
  #expect(inboxRow == OutlinePosition(depth: 1, disclosure: .collapsed))
  #expect(snapshot.numberOfItems == 4)

  var newer = tree
  try newer.updateItems([Folder(id: "mail", name: "Post")])
  try newer.moveSubtree("mail", under: nil, at: 1)
  outline.replaceTree(newer)
  // mail is still expanded: ["0 Notes", "0 Post", "1 Inbox", "1 Archive"]
  #expect(outline.isExpanded("mail"))
  #expect(
    outline.visibleRows.map { "\($0.position.depth) \($0.item.name)" }
      == ["0 Notes", "0 Post", "1 Inbox", "1 Archive"])

  #expect(
    (#expect(throws: TreeError.self) { try outline.expand("trash") })?.description
      == "unknown node ID \"trash\": not in the tree")
}

@MainActor
@Test func outlineInAList() throws {
  let tree = try Tree<Folder>.make {
    TreeNode(mail) {
      TreeNode(inbox) { work }
      archive
    }
    notes
  }
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "folder")
  tableView.animationTiming = .immediate

  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(FolderPresenter())  // presents Folder; rows are OutlineRow<Folder>
  let controller = ListController<SectionInfo, OutlineRow<Folder>, SimulatedCell>(
    host: tableView, presenters: presenters)
  let folders = OutlineSource(
    Outline(tree), in: SectionInfo(id: "folders", title: "Folders"), makePlaceholder: nil)
  controller.connect(to: folders)

  try folders.expand("mail")  // Inbox and Archive animate in under Mail
  try folders.reveal("work")  // expands Inbox too
  try folders.collapse("mail")  // the three rows under Mail animate out

  #expect(tableView.batchLog.suffix(3).map(\.insertRows.count) == [2, 1, 0])
  #expect(tableView.batchLog.last?.deleteRows.count == 3)
  #expect(tableView.visibleCells.map(\.text) == ["▸ Mail", "  Notes"])
  try folders.expand("mail")
  #expect(
    tableView.visibleCells.map(\.text) == [
      "▾ Mail", "  ▾ Inbox", "      Work", "    Archive", "  Notes",
    ])
  #expect(tableView.violations.isEmpty)
}

/// A folder server whose listings the sample loads.
actor FolderServer {
  func folders(in parent: Folder) async throws -> [Folder] {
    [Folder(id: parent.id + "/a", name: "A"), Folder(id: parent.id + "/b", name: "B")]
  }
}

@MainActor
@Test func lazyChildren() async throws {
  let server = FolderServer()
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "folder")
  tableView.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(FolderPresenter())
  presenters.registerPlaceholders(in: tableView)
  let controller = ListController<SectionInfo, OutlineRow<AnyItem>, SimulatedCell>(
    host: tableView, presenters: presenters)
  let shared = Folder(id: "shared", name: "Shared")

  let remote = OutlineSource(
    Outline(try Tree([(item: AnyItem(shared), parentID: nil)])), in: SectionInfo(id: "remote")
  ) { node in
    let folder = node.base(as: Folder.self)!
    return try await server.folders(in: folder).map { TreeNode(AnyItem($0)) }
  }
  try remote.setChildrenUnloaded(AnyItem(shared).id)  // a ▸ marker, no children yet
  controller.connect(to: remote)
  try remote.expand(AnyItem(shared).id)  // a loading row, then the children

  #expect(tableView.visibleCells.map(\.text) == ["▾ Shared", "Loading…"])
  await remote.waitForLoads()
  #expect(tableView.visibleCells.map(\.text) == ["▾ Shared", "    A", "    B"])
  #expect(tableView.violations.isEmpty)
}

@MainActor
@Test func treesInSections() throws {
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "folder")
  tableView.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(FolderPresenter())
  let controller = ListController<SectionInfo, OutlineRow<Folder>, SimulatedCell>(
    host: tableView, presenters: presenters)
  let mailTree = try Tree<Folder>.make { TreeNode(mail) { inbox } }
  let notesTree = try Tree<Folder>.make { notes }

  let local = OutlineSource(
    Outline(mailTree), in: SectionInfo(id: "local", title: "On this Mac"), makePlaceholder: nil)
  let cloud = OutlineSource(
    Outline(notesTree), in: SectionInfo(id: "cloud", title: "iCloud"), makePlaceholder: nil)
  controller.connect(to: ComposedSource([local, cloud]))
  try local.expand("mail")  // animates in the first section only

  #expect(tableView.numberOfSections == 2)
  #expect(tableView.visibleCells.map(\.text) == ["▾ Mail", "    Inbox", "  Notes"])
  #expect(tableView.violations.isEmpty)
}

@MainActor
@Test func collapsibleSections() throws {
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "folder")
  tableView.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(FolderPresenter())
  let mailboxes = StaticSource(
    try Snapshot(sections: [
      SnapshotSection(SectionInfo(id: "mail", title: "Mail"), items: [inbox, archive]),
      SnapshotSection(SectionInfo(id: "other", title: "Other"), items: [notes]),
    ]))

  let sections = CollapsingSource(mailboxes)
  let controller = ListController<CollapsibleSection<SectionInfo>, Folder, SimulatedCell>(
    host: tableView, presenters: presenters)
  controller.connect(to: sections)
  controller.didSelectHeader = { section, _ in
    try? sections.toggleSection(section.id)  // the rows animate out, or back in
  }

  tableView.selectHeader(inSectionAt: 0)  // a tap on "Mail"
  #expect(tableView.headerTitle(forSectionAt: 0) == "Mail (2)")
  #expect(tableView.visibleCells.map(\.text) == ["  Notes"])
  tableView.selectHeader(inSectionAt: 0)
  #expect(tableView.numberOfRows(inSectionAt: 0) == 2)
  #expect(tableView.violations.isEmpty)
}
