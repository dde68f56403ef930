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
}
