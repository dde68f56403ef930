import TabulaTestSupport
import Testing

@testable import Tabula

@MainActor
@Suite("ActionHandlerTable: actions reach the handler typed by model, with their fallbacks")
struct ActionHandlerTableTests {
  let context = PresentationContext(style: .default, path: ItemPath(section: 0, item: 0))

  @Test("the exact type's handler, else the oldest the model can be cast to, else the default")
  func dispatchOrder() {
    let actions = ActionHandlerTable()
    var heard: [String] = []
    actions.handle(.select, for: (any Announcement).self) { model, _ in
      heard.append("announcement \(model.headline)")
    }
    actions.handle(.select, for: Animal.self) { model, _ in heard.append("animal \(model.name)") }
    actions.handle(.select, for: Any.self) { model, _ in heard.append("anything \(type(of: model))")
    }
    actions.handle(.select, for: Dog.self) { model, _ in heard.append("dog \(model.name)") }
    #expect(actions.dispatch(.select, Dog(id: 1, name: "Rex"), context: context))
    #expect(actions.dispatch(.select, Animal(id: 2, name: "Tom"), context: context))
    #expect(actions.dispatch(.select, Banner(id: 1, headline: "Hi"), context: context))
    #expect(actions.dispatch(.select, User(id: 1, name: "Ada"), context: context))
    #expect(heard == ["dog Rex", "animal Tom", "announcement Hi", "anything User"])
  }

  @Test("actions are told apart; the default handler takes what no typed handler does")
  func defaultHandler() {
    let actions = ActionHandlerTable()
    var heard: [String] = []
    actions.handle("like", for: User.self) { user, _ in heard.append("liked \(user.name)") }
    let ada = User(id: 1, name: "Ada")
    #expect(!actions.dispatch(.select, ada, context: context))
    actions.defaultHandler = { action, model, _ in
      heard.append("default \(action) \(type(of: model))")
    }
    #expect(actions.dispatch(.select, ada, context: context))
    #expect(actions.dispatch("like", ada, context: context))
    #expect(heard == ["default select User", "liked Ada"])
  }

  @Test("a newer handler for the same action and type replaces the older")
  func replacing() {
    let actions = ActionHandlerTable()
    var heard: [String] = []
    actions.handle(.select, for: User.self) { _, _ in heard.append("first") }
    actions.handle(.select, for: User.self) { _, context in heard.append("second \(context.path)") }
    #expect(actions.handlers.count == 1)
    #expect(actions.dispatch(.select, User(id: 1, name: "Ada"), context: context))
    #expect(heard == ["second [0, 0]"])
  }
}
