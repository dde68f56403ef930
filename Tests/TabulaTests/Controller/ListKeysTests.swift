import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// One key map for every host: the keys of iPad and Mac lists, performed by
/// the controller on the simulated views (the terminal's tests drive the
/// same map through its view).
@MainActor
@Suite("Keys: one map, performed by the controller")
struct ListKeysTests {
  private func screen() throws -> (
    SimulatedTableView, ListController<SectionInfo, TestItem, SimulatedCell>
  ) {
    let table = testTable()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    return (table, controller)
  }

  @Test(
    "every action has a key, in the standard map and the terminal's; the terminal's adds letters")
  func mapsBindEveryAction() {
    for action in ListKeyAction.allCases {
      #expect(!ListKeyMap.standard.keys(for: action).isEmpty, "\(action)")
      #expect(!ListKeyMap.terminal.keys(for: action).isEmpty, "\(action)")
    }
    for (key, action) in ListKeyMap.standard.bindings {
      #expect(ListKeyMap.terminal.action(for: key) == action, "the terminal keeps \(key)")
    }
    #expect(ListKeyMap.standard.action(for: ListKey(.character("z"), modifiers: .command)) == .undo)
    #expect(ListKeyMap.standard.action(for: ListKey(.character("z"))) == nil, "no plain letters")
    #expect(ListKeyMap.terminal.action(for: ListKey(.character("z"))) == .undo)
    #expect(ListKey(.character("z"), modifiers: [.command, .shift]).description == "⇧⌘z")
  }

  @Test("focus keys run through every section's rows; from nothing, the first or the last")
  func focusMoves() throws {
    let (_, controller) = try screen()
    func key(_ base: ListKey.Base, _ modifiers: ListKey.Modifiers = [], from path: ItemPath?)
      -> ListKeyResult
    {
      controller.handleKey(ListKey(base, modifiers: modifiers), focusedAt: path, pageSize: 3)
    }
    let a0 = ItemPath(section: 0, item: 0)
    let a3 = ItemPath(section: 0, item: 3)
    let b0 = ItemPath(section: 1, item: 0)
    let b2 = ItemPath(section: 1, item: 2)
    #expect(key(.down, from: nil) == .focus(a0))
    #expect(key(.up, from: nil) == .focus(b2))
    #expect(key(.down, from: a3) == .focus(b0), "across sections")
    #expect(key(.up, from: b0) == .focus(a3))
    #expect(key(.up, from: a0) == .focus(a0), "stays at the top")
    #expect(key(.down, .command, from: a0) == .focus(b2))
    #expect(key(.up, .command, from: b2) == .focus(a0))
    #expect(key(.pageDown, from: a0) == .focus(a3))
    #expect(key(.pageDown, from: b0) == .focus(b2))
    #expect(key(.character("q"), from: a0) == .ignored)
    #expect(key(.down, from: ItemPath(section: 5, item: 0)) == .focus(a0), "a stale path: none")
  }

  @Test("Return opens, Space selects, Delete deletes as one edit, ⌘Z and ⇧⌘Z undo and redo")
  func editingKeys() throws {
    let (table, controller) = try screen()
    controller.selectionMode = .multiple
    controller.canDelete = { item, _ in item.id != 1 }
    var opened: [Int] = []
    controller.didSelect = { item, _ in opened.append(item.id) }
    let a0 = ItemPath(section: 0, item: 0)
    let a1 = ItemPath(section: 0, item: 1)
    #expect(controller.handleKey(ListKey(.enter), focusedAt: a1) == .handled)
    #expect(opened == [2])
    _ = controller.handleKey(ListKey(.space), focusedAt: a1)
    _ = controller.handleKey(ListKey(.space), focusedAt: ItemPath(section: 1, item: 0))
    #expect(Set(controller.selectedIDs) == [2, 5])
    _ = controller.handleKey(ListKey(.space), focusedAt: ItemPath(section: 1, item: 0))
    #expect(controller.selectedIDs == [2], "Space again deselects")

    _ = controller.handleKey(ListKey(.space), focusedAt: ItemPath(section: 1, item: 1))
    _ = controller.handleKey(ListKey(.delete), focusedAt: a0)
    #expect(controller.snapshot.items.map(\.id) == [1, 3, 4, 5, 8], "the selection, not the focus")
    #expect(controller.history.undoName?.hasPrefix("Delete 2") == true)

    _ = controller.handleKey(ListKey(.delete), focusedAt: a0)
    #expect(controller.snapshot.items.map(\.id) == [1, 3, 4, 5, 8], "1 may not be deleted")
    _ = controller.handleKey(ListKey(.delete), focusedAt: a1)
    #expect(controller.snapshot.items.map(\.id) == [1, 4, 5, 8], "the focused row")

    _ = controller.handleKey(ListKey(.character("z"), modifiers: .command), focusedAt: nil)
    #expect(controller.snapshot.items.map(\.id) == [1, 3, 4, 5, 8])
    _ = controller.handleKey(ListKey(.character("z"), modifiers: .command), focusedAt: nil)
    #expect(controller.snapshot.items.map(\.id) == [1, 2, 3, 4, 5, 6, 8], "one step: both rows")
    _ = controller.handleKey(
      ListKey(.character("z"), modifiers: [.command, .shift]), focusedAt: nil)
    #expect(controller.snapshot.items.map(\.id) == [1, 3, 4, 5, 8])
    #expect(table.violations.isEmpty)
  }

  @Test("→ and ← open and close a folder, or go to its first child and its parent; ⌥→ opens all")
  func outlineKeys() throws {
    let source = OutlineSource(
      Outline(
        try TestTree.make {
          TreeNode(TestItem(id: 1)) {
            TreeNode(TestItem(id: 2)) { TestItem(id: 3) }
          }
          TestItem(id: 4)
        }), in: SectionInfo(id: "tree"), makePlaceholder: nil)
    let (view, controller) = outlineView(.collection, source: source)
    func ids() -> [Int] { controller.snapshot.items.map(\.id) }
    func path(_ id: Int) -> ItemPath { controller.snapshot.path(of: id)! }
    #expect(ids() == [1, 4])
    #expect(controller.handleKey(ListKey(.right), focusedAt: path(1)) == .handled)
    #expect(ids() == [1, 2, 4], "→ opens the folder")
    #expect(controller.handleKey(ListKey(.right), focusedAt: path(1)) == .focus(path(2)))
    #expect(controller.handleKey(ListKey(.left), focusedAt: path(2)) == .focus(path(1)))
    #expect(controller.handleKey(ListKey(.left), focusedAt: path(1)) == .handled)
    #expect(ids() == [1, 4], "← closes it")
    #expect(controller.handleKey(ListKey(.left), focusedAt: path(4)) == .handled, "a root leaf")
    _ = controller.handleKey(ListKey(.right, modifiers: .option), focusedAt: path(1))
    #expect(ids() == [1, 2, 3, 4], "⌥→ opens everything under it")
    #expect(view.violations.isEmpty)
  }
}

/// The list's shortcuts as key commands: what UIKit lists in the iPad's
/// hold-⌘ overlay and the Mac's menus.
@Suite("Key commands: the key map's shortcuts, titled")
struct ListKeyCommandTests {
  @Test("the standard map's commands: every shortcut titled, arrows alone and undo left out")
  func standardCommands() {
    let commands = ListKeyMap.standard.commands(titledBy: ListStrings())
    #expect(
      commands.map(\.description) == [
        "Page Up Page Up", "Page Down Page Down", "Home First Row", "⌘↑ First Row", "End Last Row",
        "⌘↓ Last Row", "Return Open", "Space Select", "Delete Delete", "⌘Delete Delete",
        "→ Expand", "← Collapse", "⌥→ Expand All",
      ])
    #expect(!commands.contains { $0.action == .undo || $0.action == .redo }, "the Edit menu's")
    #expect(!commands.contains { $0.key == ListKey(.up) || $0.key == ListKey(.down) })
  }

  @Test("titles in the list's words")
  func localizedTitles() {
    var strings = ListStrings()
    strings.keyCommandTitle = { action in action == .open ? "Ouvrir" : action.englishTitle }
    let commands = ListKeyMap.standard.commands(titledBy: strings)
    #expect(commands.first { $0.action == .open }?.title == "Ouvrir")
    #expect(commands.first { $0.action == .expandAll }?.title == "Expand All")
  }
}
