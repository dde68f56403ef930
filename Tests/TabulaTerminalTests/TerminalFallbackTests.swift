import Tabula
import TabulaTerminal
import TabulaTestSupport
import Testing

@MainActor
@Suite("Fallbacks on the terminal")
struct TerminalFallbackTests {
  @Test("the terminal list view shows a fallback row")
  func terminalFallback() throws {
    let list = TerminalListView(width: 44, height: 4)
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(FruitPresenter())
    var items = [AnyItem(Fruit(id: 1, name: "Apple"))]
    items.append(AnyItem(Comment(id: 1, text: "?")))
    var controller: ListController<SectionInfo, AnyItem, TerminalCell>?
    var text = ""
    let reports = try recordingReports {
      controller = ListController(
        host: list, snapshot: try Feed(items, in: SectionInfo(id: "s")), presenters: presenters)
      _ = list.render()
      text = list.plainText()
    }
    #expect(text == "  Apple  $1\n  no presenter for model type Comment")
    #expect(reports.count == 1)
    #expect(reports.first?.hasPrefix("no presenter for model type Comment") == true)
    withExtendedLifetime(controller) {}
  }
}
