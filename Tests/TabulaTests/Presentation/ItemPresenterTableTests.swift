import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// A presenter known by its tag: the reuse identifier it answers.
struct TaggedPresenter<Model>: Presenter {
  let tag: String
  func reuseIdentifier(for model: Model, style: PresentationStyle) -> String { tag }
  func configure(_ cell: SimulatedCell, with model: Model, context: PresentationContext) {
    cell.text = tag
  }
}

/// The tag of the presenter `table` finds for `model` (the reuse identifier
/// the presenter answers), and the style it found.
@MainActor
func lookUp(_ model: Any, in table: inout ItemPresenterTable<SimulatedCell>) throws -> String {
  let resolved = try table.resolve(model)
  return "\(resolved.entry.reuseIdentifier(for: model, style: resolved.style)) \(resolved.style)"
}

@MainActor
@Suite("ItemPresenterTable: item presenters by model type and style, with their fallbacks")
struct ItemPresenterTableTests {
  @Test("each step of the lookup, from the default presenter up to the exact type and style")
  func lookupOrder() throws {
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    let ada = User(id: 1, name: "Ada")
    #expect(throws: PresenterError.noPresenter(modelType: "User", registered: [])) {
      try table.resolve(ada)
    }

    // 5: the default presenter.
    table.defaultPresenter = AnyPresenter(TaggedPresenter<Any>(tag: "default"))
    #expect(try lookUp(ada, in: &table) == "default default")

    // 4: protocols and superclasses, oldest first, the model's style first.
    table.register(
      TaggedPresenter<any Announcement>(tag: "announcement"), for: (any Announcement).self,
      style: .default)
    table.register(TaggedPresenter<Animal>(tag: "animal"), for: Animal.self, style: .default)
    table.register(TaggedPresenter<Any>(tag: "anything"), for: Any.self, style: .default)
    #expect(try lookUp(Banner(id: 1, headline: "Hi"), in: &table) == "announcement default")
    #expect(try lookUp(Dog(id: 1, name: "Rex"), in: &table) == "animal default")
    #expect(try lookUp(ada, in: &table) == "anything default")
    table.register(TaggedPresenter<Any>(tag: "compact anything"), for: Any.self, style: .compact)
    table.setStyle(.compact, for: Dog.self)
    #expect(try lookUp(Dog(id: 1, name: "Rex"), in: &table) == "compact anything compact")
    #expect(try lookUp(Banner(id: 1, headline: "Hi"), in: &table) == "announcement default")

    // 3: a self-presenting model, before protocols and the default.
    #expect(try lookUp(Ad(id: "a", headline: "Sale"), in: &table) == "ad default")

    // 2: the exact type, before self-presentation.
    table.register(TaggedPresenter<Ad>(tag: "registered ad"), for: Ad.self, style: .default)
    #expect(try lookUp(Ad(id: "a", headline: "Sale"), in: &table) == "registered ad default")
    table.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .default)
    #expect(try lookUp(ada, in: &table) == "user default")

    // 1: the exact type in the model's style, once the type has that style.
    table.register(TaggedPresenter<User>(tag: "compact user"), for: User.self, style: .compact)
    #expect(try lookUp(ada, in: &table) == "user default")
    table.setStyle(.compact, for: User.self)
    #expect(try lookUp(ada, in: &table) == "compact user compact")
    // A style nothing is registered in: the exact type's default presenter,
    // told the style.
    table.setStyle(.byline, for: User.self)
    #expect(try lookUp(ada, in: &table) == "user byline")
  }

  @Test("the error for a model nothing presents names it and every registration, with styles")
  func missingPresenter() {
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    table.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .default)
    table.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .compact)
    table.register(TaggedPresenter<Animal>(tag: "animal"), for: Animal.self, style: .default)
    let error = #expect(throws: PresenterError.self) { try table.resolve(Post(id: 1, text: "Hi")) }
    #expect(
      error
        == .noPresenter(
          modelType: "Post", registered: ["User", "User (style compact)", "Animal"]))
  }

  @Test("registering again for a type and style replaces the presenter, with a new id")
  func replacing() throws {
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    let ada = User(id: 1, name: "Ada")
    table.register(TaggedPresenter<User>(tag: "first"), for: User.self, style: .default)
    let first = try table.resolve(ada).entry.id
    table.register(TaggedPresenter<User>(tag: "second"), for: User.self, style: .default)
    #expect(try lookUp(ada, in: &table) == "second default")
    #expect(try table.resolve(ada).entry.id != first)
    #expect(table.registrations.count == 1)
  }

  @Test("the version counts changes: registrations, styles, the default; lookups leave it")
  func versions() throws {
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    #expect(table.version == 0)
    table.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .default)
    #expect(table.version == 1)
    table.setStyle(.compact, for: User.self)
    #expect(table.version == 2)
    table.defaultPresenter = AnyPresenter(TaggedPresenter<Any>(tag: "default"))
    #expect(table.version == 3)
    _ = try table.resolve(User(id: 1, name: "Ada"))
    _ = try table.resolve(Post(id: 1, text: "Hi"))
    _ = table.isFirstReport(of: Comment.self)
    #expect(table.version == 3)
  }

  @Test("a type is resolved once; a change resolves it again")
  func resolutionsAreKept() throws {
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    table.defaultPresenter = AnyPresenter(TaggedPresenter<Any>(tag: "default"))
    let banner = Banner(id: 1, headline: "Hi")
    let first = try table.resolve(banner)
    #expect(try table.resolve(Banner(id: 2, headline: "Other")) === first)
    // A change drops the kept answer: a presenter registered since is found.
    table.register(
      TaggedPresenter<any Announcement>(tag: "announcement"), for: (any Announcement).self,
      style: .default)
    let second = try table.resolve(banner)
    #expect(second !== first)
    #expect(try lookUp(banner, in: &table) == "announcement default")
    table.setStyle(.compact, for: Banner.self)
    #expect(try table.resolve(banner).style == .compact)
  }

  @Test("a model type nothing presents is reported the first time only, whatever changes")
  func reportsOncePerType() {
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    var answers = [table.isFirstReport(of: Comment.self), table.isFirstReport(of: Comment.self)]
    answers.append(table.isFirstReport(of: Post.self))
    table.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .default)
    answers.append(table.isFirstReport(of: Comment.self))
    #expect(answers == [true, false, true, false])
  }

  @Test("contexts made by a resolution carry its style and send actions to the table's dispatcher")
  func contexts() throws {
    let actions = ActionHandlerTable()
    var heard: [String] = []
    actions.handle(.select, for: User.self) { user, context in
      heard.append("\(user.name) \(context.style) \(context.path)")
    }
    var table = ItemPresenterTable<SimulatedCell>(dispatcher: actions)
    table.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .default)
    table.setStyle(.byline, for: User.self)
    let ada = User(id: 1, name: "Ada")
    let context = try table.resolve(ada).context(at: ItemPath(section: 1, item: 2))
    #expect(context.send(.select, ada))
    #expect(heard == ["Ada byline [1, 2]"])
    // Without a dispatcher, nothing receives it.
    var silent = ItemPresenterTable<SimulatedCell>(dispatcher: nil)
    silent.register(TaggedPresenter<User>(tag: "user"), for: User.self, style: .default)
    #expect(
      !(try silent.resolve(ada).context(at: ItemPath(section: 0, item: 0)).send(.select, ada)))
  }
}
