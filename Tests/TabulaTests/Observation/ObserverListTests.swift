import Tabula
import Testing

// An observer list lets its observers come and go at any time: while it
// notifies, and while it drops an observer whose closure, released, ends
// another observation of the same list (a closure that keeps a controller
// alive, whose own connection observes the same source).

@MainActor
@Suite("Observer lists")
struct ObserverListTests {
  @Test("an observer whose release ends another observation of the same list is removed")
  func releaseThatCancelsAnother() {
    let list = ObserverList()
    var calls: [String] = []
    var holder: Holders? = Holders()
    holder?.all.append(list.add { calls.append("inner") })
    let outer = list.add { [holder] in
      withExtendedLifetime(holder) { calls.append("outer") }
    }
    holder = nil
    list.notify()
    #expect(calls == ["inner", "outer"])
    // Releasing the outer closure releases the holder, whose token removes
    // the inner observer from the same list, while the outer one is being
    // removed.
    outer.cancel()
    calls = []
    list.notify()
    #expect(calls == [])
  }

  @Test("an observer may cancel others, and itself, while the list notifies")
  func cancelWhileNotifying() {
    let list = ObserverList()
    var calls: [Int] = []
    let tokens = Holders()
    tokens.all.append(
      list.add {
        calls.append(1)
        tokens.all[2].cancel()
        tokens.all[0].cancel()
      })
    tokens.all.append(list.add { calls.append(2) })
    tokens.all.append(list.add { calls.append(3) })
    list.notify()
    list.notify()
    #expect(calls == [1, 2, 2])
  }
}

/// Keeps observations alive until it is released (or an observer reaches
/// them).
@MainActor
private final class Holders {
  var all: [ObservationToken] = []
}
