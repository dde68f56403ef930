import Clocks
import Tabula
import Testing

@Suite("Pull to refresh: the state machine and its driver")
struct RefreshTests {
  typealias State = RefreshState<ContinuousClock.Instant>

  @Test("a short pull springs back; a pull past the threshold arms, and release refreshes")
  func pulling() {
    let start = ContinuousClock.now
    var state = State(threshold: 60, minimumDisplayTime: .milliseconds(500))
    state.pull(to: 30)
    #expect(state.phase == .pulling(distance: 30))
    #expect(state.release(at: start).isEmpty)
    #expect(state.phase == .idle)
    state.pull(to: 70)
    #expect(state.phase == .armed)
    state.pull(to: 40)  // back under the threshold before letting go
    #expect(state.phase == .pulling(distance: 40))
    state.pull(to: 61)
    #expect(state.release(at: start) == [.startRefresh])
    #expect(state.phase == .refreshing(since: start))
    #expect(state.showsIndicator)
    // Gestures and a second request while refreshing change nothing.
    state.pull(to: 100)
    #expect(state.release(at: start).isEmpty)
    #expect(state.beginRefreshing(at: start).isEmpty)
    #expect(state.phase == .refreshing(since: start))
  }

  @Test("a refresh that ends before the minimum display time keeps the indicator until then")
  func minimumDisplayTime() {
    let start = ContinuousClock.now
    var state = State(minimumDisplayTime: .milliseconds(500))
    #expect(state.beginRefreshing(at: start) == [.startRefresh])
    let early = start.advanced(by: .milliseconds(100))
    let until = start.advanced(by: .milliseconds(500))
    #expect(state.finish(at: early) == [.hideIndicator(at: until)])
    #expect(state.phase == .finishing(until: until))
    #expect(state.showsIndicator)
    state.tick(at: start.advanced(by: .milliseconds(499)))
    #expect(state.showsIndicator)
    state.tick(at: until)
    #expect(state.phase == .idle)
    // A slow refresh ends at once.
    _ = state.beginRefreshing(at: until)
    #expect(state.finish(at: until.advanced(by: .seconds(2))).isEmpty)
    #expect(state.phase == .idle)
    // Finishing when nothing runs changes nothing.
    #expect(state.finish(at: until).isEmpty)
  }

  @Test("a failed refresh ends with its message, kept until the next refresh starts")
  func failure() {
    let start = ContinuousClock.now
    var state = State(minimumDisplayTime: .zero)
    _ = state.beginRefreshing(at: start)
    _ = state.finish(at: start, error: "offline")
    #expect(state.phase == .idle)
    #expect(state.lastError == "offline")
    _ = state.beginRefreshing(at: start)
    #expect(state.lastError == nil)
  }

  @MainActor
  @Test("the driver runs the action once, and hides the indicator on the clock's time")
  func driver() async {
    let clock = TestClock()
    var runs = 0
    let refresh = PullToRefresh(clock: clock, minimumDisplayTime: .milliseconds(500)) {
      runs += 1
    }
    refresh.beginRefreshing()
    refresh.beginRefreshing()  // one runs: ignored
    #expect(refresh.showsIndicator)
    while case .refreshing = refresh.state.phase { await Task.yield() }
    #expect(runs == 1)
    #expect(refresh.showsIndicator, "finished fast: the indicator stays")
    await clock.advance(by: .milliseconds(499))
    #expect(refresh.showsIndicator)
    await clock.advance(by: .milliseconds(1))
    await refresh.waitUntilIdle()
    #expect(!refresh.showsIndicator)
    #expect(refresh.refreshCount == 1)
  }

  @MainActor
  @Test("a failing action ends the refresh with the error, and the next one clears it")
  func failingDriver() async {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    final class Network { var down = true }
    let clock = TestClock()
    let network = Network()
    let refresh = PullToRefresh(clock: clock, minimumDisplayTime: .zero) {
      if network.down { throw Offline() }
    }
    refresh.pull(to: 80)
    refresh.release()
    await refresh.waitUntilIdle()
    #expect(refresh.lastError == "offline")
    network.down = false
    refresh.beginRefreshing()
    await refresh.waitUntilIdle()
    #expect(refresh.lastError == nil)
    #expect(refresh.refreshCount == 2)
  }
}
