import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

@MainActor
@Suite("PresenterRegistry: a facade over its item, section and action tables")
struct PresenterRegistryTests {
  @Test("item changes count in version, section changes in sectionVersion; both notify")
  func versionsAndObservers() {
    let registry = PresenterRegistry<SimulatedCell>()
    var notified = 0
    let token = registry.observeChanges { notified += 1 }
    var seen: [String] = []
    func note(_ step: String) {
      seen.append("\(step): \(registry.version) \(registry.sectionVersion) \(notified)")
    }
    registry.register(TaggedPresenter<User>(tag: "user"))
    note("register")
    registry.setStyle(.compact, for: User.self)
    note("style")
    registry.defaultPresenter = AnyPresenter(TaggedPresenter<Any>(tag: "default"))
    note("default")
    registry.register(
      TaggedSectionPresenter<SectionInfo>(tag: "info"), forSection: SectionInfo.self)
    note("section")
    registry.handle(.select, for: User.self) { _, _ in }
    registry.defaultHandler = { _, _, _ in }
    note("handlers")
    _ = registry._resolveOrReport(User(id: 1, name: "Ada"))
    _ = registry.sectionPresenter(for: SectionInfo(id: "s"))
    note("lookups")
    #expect(
      seen == [
        "register: 1 0 1", "style: 2 0 2", "default: 3 0 3", "section: 3 1 4", "handlers: 3 1 4",
        "lookups: 3 1 4",
      ])
    token.cancel()
  }

  @Test("a registry that presented models is released with its last reference")
  func released() throws {
    var registry: PresenterRegistry<SimulatedCell>? = PresenterRegistry()
    weak let released = registry
    registry?.register(TaggedPresenter<User>(tag: "user"))
    let resolved = try #require(registry?._resolveOrReport(User(id: 1, name: "Ada")))
    // The contexts a resolution makes still send actions.
    var heard = 0
    registry?.handle(.select, for: User.self) { _, _ in heard += 1 }
    registry = nil
    #expect(released == nil)
    #expect(
      resolved.context(at: ItemPath(section: 0, item: 0)).send(.select, User(id: 1, name: "Ada")))
    #expect(heard == 1)
  }
}
