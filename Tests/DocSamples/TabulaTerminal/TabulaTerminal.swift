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

// The sample of "Outlines and collapsible sections" (TabulaTerminal.md).

struct Topic: Diffable, Hashable {
  let id: Int
  var title: String
}

struct TopicPresenter: Presenter {
  func reuseIdentifier(for topic: Topic, style: PresentationStyle) -> String { "topic" }

  func configure(_ cell: TerminalCell, with topic: Topic, context: PresentationContext) {
    let prefix = context.outline.map { TerminalOutline.prefix(for: $0, unicode: false) } ?? ""
    cell.text = prefix + topic.title
  }
}

@MainActor
@Test func terminalOutline() throws {
  let tree = try Tree<Topic>.make {
    TreeNode(Topic(id: 1, title: "Swift")) {
      TreeNode(Topic(id: 2, title: "Concurrency")) { Topic(id: 3, title: "Actors") }
    }
    Topic(id: 4, title: "SQLite")
  }
  let list = TerminalListView(width: 24, height: 5)
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(TopicPresenter())
  let controller = ListController<SectionInfo, OutlineRow<Topic>, TerminalCell>(
    host: list, presenters: presenters)
  let topics = OutlineSource(Outline(tree), in: SectionInfo(id: "topics"), makePlaceholder: nil)
  controller.connect(to: topics)

  func press(_ key: Key) {
    if TerminalOutline.handle(key, in: list, rows: controller.snapshot, source: topics) { return }
    list.handle(key)  // the other keys move the cursor
  }

  press(.character("*"))  // everything under Swift opens
  press(.down)
  press(.left)  // Concurrency closes
  let lines = list.plainText().split(separator: "\n").map(String.init)
  #expect(lines == ["  v Swift", "    > Concurrency", "    SQLite"])
  press(.left)  // on a closed node: the cursor goes to its parent
  #expect(list.selection == ItemPath(section: 0, item: 0))
}
