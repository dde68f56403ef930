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
}
