import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// A presenter of users that answers everything and notes what it is told.
struct AnsweringPresenter: Presenter {
  let log: PresenterLog

  func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user \(style)" }
  func configure(_ cell: SimulatedCell, with user: User, context: PresentationContext) {
    cell.text = user.name
  }
  func wants(_ resource: ResourceUpdate, for user: User) -> Bool { resource.is(User.avatar) }
  func update(
    _ cell: SimulatedCell, with user: User, for resource: ResourceUpdate,
    context: PresentationContext
  ) {
    cell.detailText = resource.value as? String
  }
  func height(for user: User, width: Double, style: PresentationStyle) -> Double? { width / 10 }
  func estimatedHeight(for user: User, width: Double, style: PresentationStyle) -> Double? { 44 }
  var measuresCells: Bool { true }
  func didSelect(_ user: User, context: PresentationContext) {
    log.configured.append("selected \(user.name)")
  }
  func willDisplay(_ cell: SimulatedCell, with user: User, context: PresentationContext) {
    log.configured.append("will display \(user.name)")
  }
  func didEndDisplaying(_ cell: SimulatedCell, with user: User) {
    log.configured.append("ended \(user.name)")
  }
  func prefetch(_ user: User) { log.configured.append("prefetch \(user.name)") }
  func cancelPrefetching(_ user: User) { log.configured.append("cancel \(user.name)") }
  func canMove(_ user: User) -> Bool { user.id == 1 }
  func canDelete(_ user: User) -> Bool { user.id != 1 }
  func trailingSwipeActions(for user: User) -> [SwipeAction] { [.delete()] }
  func leadingSwipeActions(for user: User) -> [SwipeAction] {
    [SwipeAction(title: "Flag") {}, SwipeAction(title: "Pin") {}]
  }
}

@MainActor
@Suite("PresenterEntry: a presenter erased, its answers grouped by concern")
struct PresenterEntryTests {
  let context = PresentationContext(style: .compact, path: ItemPath(section: 0, item: 0))

  @Test("every answer of the presenter reaches its part of the entry")
  func parts() {
    let log = PresenterLog()
    let entry = PresenterEntry(AnsweringPresenter(log: log), id: 7)
    let ada = User(id: 1, name: "Ada")
    let cell = SimulatedCell(reuseIdentifier: "user")
    #expect(entry.id == 7)
    #expect(entry.accepts(ada) && !entry.accepts(Post(id: 1, text: "Hi")))
    #expect(entry.reuseIdentifier(for: ada, style: .compact) == "user compact")
    #expect(entry.presenterName(ada) == "AnsweringPresenter")
    entry.configure(cell, with: ada, context: context)
    #expect(cell.text == "Ada")

    let avatar = ResourceUpdate(User.avatar, value: "ada.png")
    #expect(entry.resources.wants(avatar, ada))
    #expect(!entry.resources.wants(ResourceUpdate(ResourceKey<Int>("count"), value: 1), ada))
    entry.resources.update(cell, ada, avatar, context)
    #expect(cell.detailText == "ada.png")

    #expect(entry.sizing.height(ada, 320, .default) == 32)
    #expect(entry.sizing.estimatedHeight(ada, 320, .default) == 44)
    #expect(entry.sizing.measuresCells)

    entry.events.willDisplay(cell, ada, context)
    entry.events.didSelect(ada, context)
    entry.events.prefetch(ada)
    entry.events.cancelPrefetching(ada)
    entry.events.didEndDisplaying(cell, ada)
    #expect(
      log.configured == [
        "will display Ada", "selected Ada", "prefetch Ada", "cancel Ada", "ended Ada",
      ])

    let grace = User(id: 2, name: "Grace")
    #expect(entry.editing.canMove(ada) && !entry.editing.canMove(grace))
    #expect(!entry.editing.canDelete(ada) && entry.editing.canDelete(grace))
    #expect(entry.editing.swipeActions(ada, .trailing).map(\.isDelete) == [true])
    #expect(entry.editing.swipeActions(ada, .leading).map(\.title) == ["Flag", "Pin"])
  }

  @Test("a self-presenting model: its own cell, height and selection; the other parts' defaults")
  func selfPresenting() {
    let ad = Ad(id: "a", headline: "Sale")
    let entry = PresenterEntry<SimulatedCell>(selfPresenting: ad)
    let cell = SimulatedCell(reuseIdentifier: "ad")
    #expect(entry.id == -1)
    #expect(entry.accepts(ad) && !entry.accepts(User(id: 1, name: "Ada")))
    #expect(entry.reuseIdentifier(for: ad, style: .default) == "ad")
    #expect(entry.presenterName(ad) == "Ad (self-presenting)")
    #expect(!entry.resources.wants(ResourceUpdate(ResourceKey<Int>("avatar"), value: 1), ad))
    entry.resources.update(cell, ad, ResourceUpdate(ResourceKey<Int>("avatar"), value: 1), context)
    #expect(cell.text == "Ad: Sale")
    #expect(entry.sizing.height(ad, 320, .default) == 120)
    #expect(entry.sizing.estimatedHeight(ad, 320, .default) == nil)
    #expect(!entry.sizing.measuresCells)
    #expect(!entry.editing.canMove(ad) && !entry.editing.canDelete(ad))
    #expect(entry.editing.swipeActions(ad, .trailing).isEmpty)
  }
}
