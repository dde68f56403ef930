import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// Every word a list shows or speaks comes from its ``ListStrings``: a
/// list worded in another language offers, reads, announces and names its
/// undo steps in it, and its actions are found by those names.
@MainActor
@Suite("Words: every word the list shows or speaks is the list's strings")
struct ListStringsTests {
  /// Sections Today (1, 2), Tomorrow (3) and Done (4), every row movable.
  private func screen() throws -> (
    SimulatedTableView, ListController<SectionInfo, TestItem, SimulatedCell>
  ) {
    let table = testTable()
    let snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("T", title: "Today"), items: items([1, 2])),
      SnapshotSection(section("M", title: "Tomorrow"), items: items([3])),
      SnapshotSection(section("D"), items: items([4])),
    ])
    let controller = ListController(host: table, snapshot: snapshot, cellProvider: testCell)
    controller.canMove = { _, _ in true }
    controller.canDelete = { _, _ in true }
    controller.sectionTitle = { _, section, _ in section.id == "D" ? nil : section.title }
    table.reloadData()
    return (table, controller)
  }

  private func ids(_ controller: ListController<SectionInfo, TestItem, SimulatedCell>) -> [[Int]] {
    let snapshot = controller.snapshot
    return (0..<snapshot.numberOfSections).map { snapshot.items(inSectionAt: $0).map(\.id) }
  }

  @Test("a row offers a move to every other section; VoiceOver started later finds them offered")
  func everySection() throws {
    let (table, controller) = try screen()
    let cell = table.visibleCell(at: ItemPath(section: 0, item: 0))
    #expect(cell?.accessibilityActionNames == [], "nothing for users without VoiceOver")
    table.isVoiceOverRunning = true
    #expect(
      cell?.accessibilityActionNames == ["Move Down", "Move to Tomorrow", "Move to Section 3"])
    #expect(
      table.performAccessibilityAction(
        named: "Move to Section 3", at: ItemPath(section: 0, item: 0)))
    #expect(ids(controller) == [[2], [3], [1, 4]], "Today reaches Done")
    #expect(
      table.visibleCell(at: ItemPath(section: 2, item: 0))?.accessibilityActionNames
        == ["Move Down", "Move to Today", "Move to Tomorrow"], "to the end of sections before")
  }

  @Test("another language: action names, their performing, undo names, the delete action")
  func french() throws {
    let (table, controller) = try screen()
    var strings = ListStrings()
    strings.accessibility.moveUp = "Monter"
    strings.accessibility.moveDown = "Descendre"
    strings.accessibility.moveToSection = { "Déplacer vers \($0)" }
    strings.accessibility.untitledSection = { "Section n° \($0)" }
    strings.delete = "Supprimer"
    strings.undoName = { verb, count in
      let word = ["Move": "Déplacer", "Delete": "Supprimer", "Add": "Ajouter"][verb] ?? verb
      return count == 1 ? "\(word) l’élément" : "\(word) \(count) éléments"
    }
    controller.strings = strings
    table.isVoiceOverRunning = true
    table.reloadData()
    let row = ItemPath(section: 0, item: 1)
    #expect(
      table.visibleCell(at: row)?.accessibilityActionNames
        == ["Monter", "Déplacer vers Tomorrow", "Déplacer vers Section n° 3"])
    #expect(table.performAccessibilityAction(named: "Monter", at: row))
    #expect(ids(controller) == [[2, 1], [3], [4]])
    #expect(controller.history.undoName == "Déplacer l’élément")
    #expect(table.swipeActionTitles(forRowAt: row) == ["Supprimer"])
    #expect(table.userSwipe(rowAt: row, choosing: "Supprimer"))
    #expect(controller.history.undoName == "Supprimer l’élément")
  }

  @Test("announcements and a declined drop's words come from the strings")
  func announcements() async throws {
    let (table, controller) = try screen()
    table.isVoiceOverRunning = true
    var strings = ListStrings()
    strings.announcement = { announcement in
      if case .dropFailed(let count, let message) = announcement {
        return "Impossible d’ajouter \(count) : \(message)"
      }
      return nil
    }
    strings.dropDeclined = "la liste a changé"
    controller.strings = strings
    controller.dropPlaceholder = { _ in TestItem(id: 1) }  // taken: declined
    controller.didFailToLoadDrop = { _, _ in }
    let drop = controller.insertDroppedItems(count: 1, at: ItemPath(section: 0, item: 0)) {
      items([9])
    }
    #expect(await drop.value == false)
    #expect(table.announcements == ["Impossible d’ajouter 1 : la liste a changé"])
    // The app's own wording, set after, wins; nil says nothing.
    controller.announcementText = { _ in nil }
    _ = await controller.insertDroppedItems(count: 1, at: ItemPath(section: 0, item: 0)) {
      items([9])
    }.value
    #expect(table.announcements.count == 1)
  }

  @Test("a row the user may delete has a delete among its trailing actions, presenters or not")
  func defaultDelete() throws {
    let (table, controller) = try screen()
    #expect(table.swipeActionTitles(forRowAt: ItemPath(section: 0, item: 0)) == ["Delete"])
    #expect(table.swipeActionTitles(forRowAt: ItemPath(section: 0, item: 0), edge: .leading) == [])
    controller.canDelete = { item, _ in item.id != 1 }
    #expect(table.swipeActionTitles(forRowAt: ItemPath(section: 0, item: 0)) == [])
    #expect(table.userSwipe(rowAt: ItemPath(section: 0, item: 1), choosing: "Delete"))
    #expect(ids(controller) == [[1], [3], [4]])
  }
}
