import TabulaTestSupport
import TabulaTesting
import Testing

/// A simulated view stops on a section it does not show with a message that
/// names the section and the valid range (never a bare "Index out of range").
@Suite("Simulated views: out-of-range sections name the valid range")
struct SimulatedRangeMessageTests {
  func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test("a simulated view's row count for a section it does not show")
  func simulatedRowCount() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let (view, _) = loadedView(.table, counts: [1, 2])
          _ = view.numberOfRows(inSectionAt: 3)
        }
      }
    }
    #expect(
      standardError(result).contains(
        "section 3 is out of range: the table view shows 2 sections "
          + "(valid section indices are 0..<2)"))
  }

  @Test("a simulated view's header title for a section it does not show")
  func simulatedHeaderTitle() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let (view, _) = loadedView(.collection, counts: [1])
          _ = view.headerTitle(forSectionAt: -1)
        }
      }
    }
    #expect(
      standardError(result).contains(
        "section -1 is out of range: the collection view shows 1 section "
          + "(valid section index is 0)"))
  }

  @Test("a simulated view's footer title before it shows anything")
  func simulatedFooterTitle() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          _ = SimulatedTableView().footerTitle(forSectionAt: 0)
        }
      }
    }
    #expect(
      standardError(result).contains(
        "section 0 is out of range: the table view shows no sections"))
  }
}
