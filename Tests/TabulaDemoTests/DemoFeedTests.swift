import Foundation
import Tabula
import TabulaTerminal
import Testing

@testable import TabulaDemoKit

@MainActor
@Suite("tabula-demo: the feed")
struct DemoFeedTests {
  @Test("after an outage ends and the failed page loads, no error stays on screen")
  func outageEnds() async throws {
    let demo = try await DemoHarness(tab: .feed, width: 80, height: 12)
    try await demo.press("er<end><end><end>")
    #expect(demo.status.contains("failed"), "the outage shows: \(demo.status)")
    try await demo.press("e<enter><down>")
    #expect(demo.app.feed.feed.itemCount == 60)
    #expect(!demo.title.contains("error") && !demo.title.contains("failed"), "\(demo.title)")
    for stale in ["Retrying", "unreachable", "failed"] {
      #expect(!demo.status.contains(stale), "\(demo.status)")
    }
    #expect(demo.status.contains("30 more posts"), "\(demo.status)")
  }

  /// The feed's items after `keys`, as ids and texts.
  func feedAfter(_ keys: String) async throws -> [String] {
    let demo = try await DemoHarness(tab: .feed, width: 80, height: 12)
    try await demo.press(keys)
    return demo.app.feed.feed.content.items.map { "\($0.id): \($0)" }
  }

  @Test("the feed pages endlessly: older posts keep coming, the same on every run")
  func endlessFeed() async throws {
    let demo = try await DemoHarness(tab: .feed, width: 80, height: 12)
    let feed = demo.app.feed.feed
    #expect(feed.content.numberOfItems == 30, "one page, the cursor far from its end")
    try await demo.press(String(repeating: "<pgdn>", count: 3))
    #expect(feed.content.numberOfItems == 60, "within two screens of the end: page two")
    try await demo.press(String(repeating: "<end>", count: 12))
    #expect(feed.itemCount == 60 + 12 * 30, "a page per <end>, past the 240 stored posts")
    #expect(feed.pageState == .idle)
    #expect(!demo.screen.contains { $0.contains("the end of the feed") })
    let kinds = Set(feed.content.items.suffix(150).map { "\($0.base.self)".prefix(4) })
    #expect(kinds.count == 3, "older posts mix posts, photos and ads: \(kinds)")
    #expect(feed.droppedDuplicateCount == 0)
    let keys = String(repeating: "<end>", count: 10)
    #expect(try await feedAfter(keys) == feedAfter(keys), "generated the same way every run")
  }

  @Test("e takes the network down: a page fails, Enter on its row retries once it is back")
  func pageRetry() async throws {
    let demo = try await DemoHarness(tab: .feed)
    let feed = demo.app.feed.feed
    try await demo.press(String(repeating: "<pgdn>", count: 3))
    try await demo.press("e")  // the network goes down
    try await demo.press(String(repeating: "<pgdn>", count: 4))
    guard case .failed = feed.pageState else {
      Issue.record("the page should have failed: \(feed.pageState)")
      return
    }
    try await demo.press("<end>")  // the error row, at the end
    #expect(demo.screen.contains { $0.contains("Could not load more") })
    #expect(feed.content.numberOfItems == 60, "the content stays")
    try await demo.press("e<enter>")  // back up; Enter on the error row retries
    #expect(feed.content.numberOfItems == 90)
    #expect(feed.loadCount == 4, "three pages and the failed one again: none twice")
  }

  @Test("the images counter reports the images of the last key, then leaves the status line")
  func imagesCounter() async throws {
    let demo = try await DemoHarness(tab: .feed, width: 80, height: 12)
    #expect(demo.status.contains("updated"), "images arrived for the first screen: \(demo.status)")
    try await demo.press("e")
    #expect(!demo.status.contains("images"), "no image arrived since e: \(demo.status)")
    #expect(!demo.status.contains("rows in place"), "\(demo.status)")
  }
}
