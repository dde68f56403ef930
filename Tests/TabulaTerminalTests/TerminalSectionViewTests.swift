import Tabula
import TabulaTerminal
import Testing

/// Terminal section views: the header in capitals with a detail, the footer
/// from the section's footer text when it has one.
struct ShelfSectionPresenter: SectionPresenter {
  func reuseIdentifier(for section: SectionInfo, kind: SectionViewKind) -> String? {
    kind == .header ? "shelf" : (section.footer == nil ? nil : "total")
  }

  func configure(_ view: TerminalCell, with section: SectionInfo, kind: SectionViewKind) {
    view.text = kind == .header ? (section.title ?? "").uppercased() : section.footer ?? ""
    view.detail = kind == .header ? "shelf" : ""
  }
}

@MainActor
@Suite("Section views on the terminal")
struct TerminalSectionViewTests {
  func harness(_ snapshot: Snapshot<SectionInfo, Fruit>, height: Int = 7) -> (
    TerminalListView, ListController<SectionInfo, Fruit, TerminalCell>
  ) {
    let list = TerminalListView(width: 30, height: height)
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(FruitPresenter())
    presenters.register(ShelfSectionPresenter(), forSection: SectionInfo.self)
    return (list, ListController(host: list, snapshot: snapshot, presenters: presenters))
  }

  func screen(_ list: TerminalListView) -> [String] {
    list.render().map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  let shelves = Snapshot<SectionInfo, Fruit> {
    SnapshotSection(SectionInfo(id: "red", title: "Red", footer: "2 red fruits")) {
      fruits(["Apple", "Cherry"])
    }
    SnapshotSection(SectionInfo(id: "yellow", title: "Yellow")) {
      [Fruit(id: 10, name: "Banana"), Fruit(id: 11, name: "Lemon")]
    }
  }

  @Test("headers and footers are lines drawn from the presenter's views")
  func drawing() {
    let (list, controller) = harness(shelves)
    defer { withExtendedLifetime(controller) {} }
    #expect(
      screen(list) == [
        headerText("RED  shelf"), rowText("Apple", selected: true), rowText("Cherry"),
        "  2 red fruits", headerText("YELLOW  shelf"), rowText("Banana"), rowText("Lemon"),
      ])
    #expect(
      list.plainText()
        == "RED  shelf\n  Apple  $1\n  Cherry  $1\n  2 red fruits\nYELLOW  shelf\n  Banana  $1\n"
        + "  Lemon  $1")
    #expect(list.lines(ofItemAt: ItemPath(section: 1, item: 0)) == 5..<6, "the footer takes a line")
  }

  @Test("a changed section's header and footer are drawn again; a footer that comes moves the rows")
  func updates() async throws {
    let (list, controller) = harness(shelves)
    _ = list.render()
    var next = shelves
    try next.updateSections([
      SectionInfo(id: "red", title: "Reds", footer: "3 red fruits"),
      SectionInfo(id: "yellow", title: "Yellow", footer: "2 yellow fruits"),
    ])
    await controller.apply(next)
    #expect(
      screen(list) == [
        headerText("REDS  shelf"), rowText("Apple", selected: true), rowText("Cherry"),
        "  3 red fruits", headerText("YELLOW  shelf"), rowText("Banana"), rowText("Lemon"),
      ])
    #expect(list.plainText().hasSuffix("  Lemon  $1\n  2 yellow fruits"))
  }

  @Test("footers do not take the cursor: it moves past them, also with selectsHeaders")
  func cursor() {
    let (list, controller) = harness(shelves)
    var headers: [String] = []
    controller.didSelectHeader = { section, _ in headers.append(section.id) }
    list.handle(.down)
    list.handle(.down)
    #expect(list.selection == ItemPath(section: 1, item: 0), "Cherry, then Banana")
    list.selectsHeaders = true
    list.handle(.up)
    #expect(list.selectedHeader == 1, "past the footer to the header above Banana")
    list.handle(.up)
    #expect(list.selection == ItemPath(section: 0, item: 1), "past the footer to Cherry")
    list.handle(.down)
    list.handle(.enter)
    #expect(headers == ["yellow"])
  }
}
