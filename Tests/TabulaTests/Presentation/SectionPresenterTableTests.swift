import TabulaTesting
import Testing

@testable import Tabula

/// A section presenter known by its tag: the reuse identifier of its header.
struct TaggedSectionPresenter<Section>: SectionPresenter {
  let tag: String
  func reuseIdentifier(for section: Section, kind: SectionViewKind) -> String? {
    kind == .header ? tag : nil
  }
  func configure(_ view: SimulatedCell, with section: Section, kind: SectionViewKind) {
    view.text = tag
  }
}

/// The tag of the section presenter `table` finds for `section`, or `nil`.
@MainActor
func tag(of section: Any, in table: inout SectionPresenterTable) -> String? {
  table.presenter(for: section).flatMap { $0.reuseIdentifier(section, .header) }
}

@MainActor
@Suite("SectionPresenterTable: section presenters by section model type, with their fallbacks")
struct SectionPresenterTableTests {
  @Test("the exact type, else the oldest registration the model can be cast to, else none")
  func lookupOrder() {
    var table = SectionPresenterTable()
    let info = SectionInfo(id: "s")
    #expect(table.isEmpty)
    #expect(tag(of: info, in: &table) == nil)

    table.register(TaggedSectionPresenter<Animal>(tag: "animal"), for: Animal.self)
    table.register(
      TaggedSectionPresenter<any Announcement>(tag: "announcement"), for: (any Announcement).self)
    table.register(TaggedSectionPresenter<Any>(tag: "anything"), for: Any.self)
    #expect(!table.isEmpty)
    #expect(tag(of: Dog(id: 1, name: "Rex"), in: &table) == "animal")
    #expect(tag(of: Banner(id: 1, headline: "Hi"), in: &table) == "announcement")
    #expect(tag(of: info, in: &table) == "anything")

    // The exact type before any protocol or superclass registered earlier.
    table.register(TaggedSectionPresenter<Dog>(tag: "dog"), for: Dog.self)
    table.register(TaggedSectionPresenter<SectionInfo>(tag: "info"), for: SectionInfo.self)
    #expect(tag(of: Dog(id: 1, name: "Rex"), in: &table) == "dog")
    #expect(tag(of: Animal(id: 2, name: "Generic"), in: &table) == "animal")
    #expect(tag(of: info, in: &table) == "info")
  }

  @Test("registering again for a type replaces the presenter, which is tried last")
  func replacing() {
    var table = SectionPresenterTable()
    table.register(TaggedSectionPresenter<Any>(tag: "anything"), for: Any.self)
    table.register(TaggedSectionPresenter<Animal>(tag: "animal"), for: Animal.self)
    #expect(tag(of: Dog(id: 1, name: "Rex"), in: &table) == "anything")
    table.register(TaggedSectionPresenter<Any>(tag: "anything, again"), for: Any.self)
    #expect(table.registrations.count == 2)
    #expect(tag(of: Dog(id: 1, name: "Rex"), in: &table) == "animal")
    #expect(tag(of: SectionInfo(id: "s"), in: &table) == "anything, again")
  }

  @Test("answers, none included, are kept until a registration, which the version counts")
  func versions() {
    var table = SectionPresenterTable()
    let info = SectionInfo(id: "s")
    #expect(table.version == 0)
    #expect(tag(of: info, in: &table) == nil)
    #expect(table.version == 0)
    table.register(TaggedSectionPresenter<Any>(tag: "anything"), for: Any.self)
    #expect(table.version == 1)
    #expect(tag(of: info, in: &table) == "anything")
    let first = table.presenter(for: info)
    #expect(table.presenter(for: SectionInfo(id: "t")) === first)
    table.register(TaggedSectionPresenter<SectionInfo>(tag: "info"), for: SectionInfo.self)
    #expect(table.version == 2)
    #expect(tag(of: info, in: &table) == "info")
  }
}
