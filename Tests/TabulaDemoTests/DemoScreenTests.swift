import Foundation
import Tabula
import TabulaTerminal
import Testing

@testable import TabulaDemoKit

@MainActor
@Suite("tabula-demo: the title, status and help lines at every width")
struct DemoScreenTests {
  /// What the title must show in full on `tab`, whatever the width.
  func state(_ demo: DemoHarness, _ tab: DemoApp.Tab) -> String {
    switch tab {
    case .contacts: "\(demo.app.contacts.contacts.content?.numberOfItems ?? 0) contacts"
    case .feed: "\(demo.app.feed.feed.itemCount) posts"
    case .files: "\(demo.app.files.controller.snapshot.numberOfItems) shown"
    }
  }

  @Test("the title keeps the screen's name and its whole count, from 20 columns up")
  func narrowTitles() async throws {
    let demo = try await DemoHarness()
    for (key, tab) in [("1", DemoApp.Tab.contacts), ("2", .feed), ("3", .files)] {
      try await demo.press(key)
      for width in 20...100 {
        demo.app.resize(width: width, height: 12)
        let line = demo.app.frame()[0]
        #expect(line.width == width)
        let title = demo.title
        let number = DemoApp.Tab.allCases.firstIndex(of: tab)! + 1
        let label = " \(number) \(tab.rawValue.capitalized) "
        let named = TerminalText.width(of: label + "  \(state(demo, tab)) ")
        if width >= named {
          #expect(title.contains(label), "the name fits at \(width): \(title)")
        } else {
          #expect(title.hasPrefix(" \(number) "), "at least the number at \(width): \(title)")
        }
        #expect(title.hasSuffix(" " + state(demo, tab)), "width \(width): \(title)")
        #expect(!title.contains("…"), "width \(width): \(title)")
      }
    }
  }

  @Test("a status message too long for the line ends at a word, with an ellipsis")
  func statusEllipsis() async throws {
    let demo = try await DemoHarness(tab: .files, width: 200, height: 12)
    try await demo.press("u")
    let full = demo.status
    #expect(full.hasPrefix(" Edit: moved "))
    for width in [20, 31, 40, 57, full.count - 1] {
      demo.app.resize(width: width, height: 12)
      let status = demo.status
      #expect(demo.app.frame()[demo.screen.count - 2].width == width)
      #expect(status.hasSuffix("…"), "width \(width): \(status)")
      let kept = String(status.dropLast())
      #expect(full.hasPrefix(kept), "width \(width): \(status)")
      let next = full[full.index(full.startIndex, offsetBy: kept.count)]
      #expect(next == " ", "cut at a word at width \(width): \(status)")
    }
  }
}
