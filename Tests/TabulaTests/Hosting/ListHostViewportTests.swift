import Tabula
import Testing

/// The viewport the simulated and terminal list views share, alone.
@Suite("ListHostViewport: what shows, and scrolling within the content")
struct ListHostViewportTests {
  @Test("scrolling stays within the content: at the top when it is shorter than the viewport")
  func scrolling() {
    var viewport = ListHostViewport(height: 10)
    viewport.scroll(to: 95, contentHeight: 100)
    #expect(viewport.top == 90, "the end of the content meets the bottom")
    viewport.scroll(to: -5, contentHeight: 100)
    #expect(viewport.top == 0)
    viewport.scroll(to: 3, contentHeight: 4)
    #expect(viewport.top == 0)
  }

  @Test("things show wholly or in part; one of no length shows where it is")
  func shows() {
    var viewport = ListHostViewport(height: 10)
    viewport.top = 10
    #expect(viewport.shows(5, length: 6))
    #expect(!viewport.shows(5, length: 5))
    #expect(viewport.shows(19, length: 3))
    #expect(!viewport.shows(20, length: 3))
    #expect(viewport.shows(10, length: 0))
    #expect(!viewport.shows(20, length: 0))
  }

  @Test("the rows shown are those that overlap it, none while it has no height")
  func rows() {
    let index = HeightIndex(itemCounts: [3, 3], headerHeight: { _ in 1 }, itemHeight: { _ in 2 })
    var viewport = ListHostViewport(height: 4)
    viewport.top = 5
    // Section 0: header 0..<1, rows at 1, 3, 5; section 1: header 7..<8, rows at 8, 10, 12.
    #expect(
      viewport.itemPaths(in: index) == [
        ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 0),
      ])
    viewport.height = 0
    #expect(viewport.itemPaths(in: index).isEmpty)
  }
}
