import Foundation
import Tabula
import TabulaTerminal
import Testing

@testable import TabulaDemoKit

@MainActor
@Suite("tabula-demo: the contacts")
struct DemoContactsTests {
  @Test("the filter finds text literally: _ and % are characters, not wildcards")
  func literalFilter() async throws {
    let demo = try await DemoHarness()
    for text in ["_", "%", "A_a", "%a", "\\"] {
      try await demo.press("/\(text)<enter>")
      #expect(demo.title.hasSuffix("0 match “\(text)”"), "\(demo.title)")
      try await demo.press("/<esc>")
    }
    try await demo.press("/ada l<enter>")
    let names = demo.app.contacts.controller.snapshot.items.compactMap {
      $0.base(as: Contact.self)?.name
    }
    #expect(!names.isEmpty && names.allSatisfy { $0.lowercased().contains("ada l") })
  }

  /// The contact under the cursor.
  func cursorContact(_ demo: DemoHarness) throws -> Contact {
    let contacts = demo.app.contacts
    let path = try #require(contacts.list.selection)
    return try #require(contacts.controller.snapshot[path].base(as: Contact.self))
  }

  @Test("the message about a contact goes with the contact")
  func messageGoesWithTheContact() async throws {
    let demo = try await DemoHarness()
    try await demo.press("<down>")
    let contact = try cursorContact(demo)
    try await demo.press("<enter>")
    #expect(demo.status.contains(contact.email), "\(demo.status)")
    try await demo.press("dy")
    #expect(!demo.status.contains(contact.email), "deleted, yet named: \(demo.status)")
    #expect(!demo.status.contains(contact.name + " <"), "\(demo.status)")
  }

  @Test("Enter shows a contact without calling it selected; space marks the selection")
  func enterIsNotSelection() async throws {
    let demo = try await DemoHarness()
    try await demo.press("<down>")
    let opened = try cursorContact(demo)
    try await demo.press("<enter><down> <down> ")
    let controller = demo.app.contacts.controller
    let selected = controller.selectedIDs.compactMap { id in
      controller.snapshot.path(of: id).flatMap { controller.snapshot[$0].base(as: Contact.self) }
    }
    #expect(selected.count == 2)
    #expect(!selected.contains(opened))
    #expect(demo.status.contains("2 selected"), "\(demo.status)")
    if demo.status.contains("Selected") {
      #expect(
        !demo.status.contains(opened.email),
        "the status calls a contact selected that is not marked: \(demo.status)")
    }
    let marked = demo.screen.filter { $0.dropFirst().hasPrefix("•") }
    #expect(marked.count == 2, "\(demo.screen)")
  }

  @Test("a delete prompt ends when another screen is asked for; y then deletes nothing")
  func promptEndsAtScreenSwitch() async throws {
    let demo = try await DemoHarness()
    try await demo.press("<down>d")
    #expect(demo.status.hasPrefix(" Delete this row?"), "\(demo.status)")
    try await demo.press("<tab>")
    try await demo.press("1")
    #expect(demo.app.tab == .contacts)
    #expect(!demo.status.contains("Delete this row?"), "\(demo.status)")
    try await demo.press("y")
    #expect(demo.app.contacts.contacts.content?.numberOfItems == DemoDatabase.contactCount)
    // A row carried with m: the screen stays until it is dropped or put back.
    try await demo.press("<down>m<tab>")
    #expect(demo.app.tab == .contacts, "a carried row keeps the screen")
    #expect(demo.status.hasPrefix(" Moving"), "\(demo.status)")
    try await demo.press("<esc><tab>")
    #expect(demo.app.tab == .feed)
  }

  @Test("the help line at 80 columns keeps Enter and u on every screen that has them")
  func helpAtEighty() async throws {
    let demo = try await DemoHarness(width: 80, height: 24)
    #expect(demo.help.contains("Enter "), "\(demo.help)")
    #expect(demo.help.contains("u sync"), "\(demo.help)")
    try await demo.press("3")
    #expect(demo.help.contains("Enter "), "\(demo.help)")
    #expect(demo.help.contains("u edit"), "\(demo.help)")
    try await demo.press("2")
    #expect(demo.help.contains("Enter "), "\(demo.help)")
  }
}
