import Tabula
import TabulaTerminal
import Testing

// The sample of TabulaTerminal's overview (TabulaTerminal.md). The loop
// needs a real terminal, so it is compiled, not run; the test runs the list
// and reads its frame.

struct ContactPresenter: Presenter {
  func reuseIdentifier(for contact: Contact, style: PresentationStyle) -> String { "contact" }

  func configure(_ cell: TerminalCell, with contact: Contact, context: PresentationContext) {
    cell.text = contact.name
  }
}

/// Shows `contacts` in the terminal until the user presses `q`.
@MainActor
func showInTerminal(_ contacts: StaticSource<SectionInfo, Contact>) async {
  let list = TerminalListView(width: 80, height: 20)
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(ContactPresenter())
  let controller = ListController<SectionInfo, Contact, TerminalCell>(
    host: list, presenters: presenters)
  controller.connect(to: contacts)

  let terminal = Terminal()
  terminal.start()
  defer { terminal.restore() }
  var renderer = FrameRenderer()
  terminal.write(renderer.render(list.render()))  // every line, the first time
  for await key in terminal.keys() {
    if key == .character("q") { break }
    list.handle(key)  // arrows, Page Up and Down, Home, End, Enter
    terminal.write(renderer.render(list.render()))  // only the lines that changed
  }
}

@MainActor
@Test func terminalListShowsContacts() async throws {
  let contacts = try StaticSource(
    [Contact(id: 1, name: "Grace Hopper"), Contact(id: 2, name: "Ada Lovelace")],
    in: SectionInfo(id: "all", title: "Contacts"))
  let list = TerminalListView(width: 20, height: 3)
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(ContactPresenter())
  let controller = ListController<SectionInfo, Contact, TerminalCell>(
    host: list, presenters: presenters)
  controller.connect(to: contacts)

  let lines = list.plainText().split(separator: "\n").map {
    $0.trimmingCharacters(in: .whitespaces)
  }
  #expect(lines.contains("Grace Hopper"))
  #expect(lines.contains("Ada Lovelace"))
}
