import Tabula
import Testing

@Suite("LoadingState: what each load does to a source's state")
struct LoadingStateTests {
  /// Every state, for the transitions that apply from any of them.
  static let every: [LoadingState] = [
    .initial, .loading, .loaded, .noContent, .error("offline"), .refreshing,
  ]

  @Test("a load that succeeded: no items is no content, some are loaded")
  func loadedItemCount() {
    #expect(LoadingState(loadedItemCount: 0) == .noContent)
    #expect(LoadingState(loadedItemCount: 1) == .loaded)
    #expect(LoadingState(loadedItemCount: 500) == .loaded)
  }

  @Test(
    "a load starts from any state: refreshing when content stays, else loading", arguments: every)
  func beginLoad(from state: LoadingState) {
    var keeping = state
    keeping.beginLoad(keepingContent: true)
    #expect(keeping == .refreshing)
    #expect(keeping.isLoading)
    var fresh = state
    fresh.beginLoad(keepingContent: false)
    #expect(fresh == .loading)
    #expect(fresh.isLoading)
  }

  @Test("a load ends from any state: by its item count, or with its error", arguments: every)
  func finishOrFail(from state: LoadingState) {
    var empty = state
    empty.finishLoad(itemCount: 0)
    #expect(empty == .noContent)
    var some = state
    some.finishLoad(itemCount: 3)
    #expect(some == .loaded)
    var failed = state
    failed.failLoad("timeout")
    #expect(failed == .error("timeout"))
    #expect(!empty.isLoading && !some.isLoading && !failed.isLoading)
  }

  @Test(
    "loading more (a next page) ends an error and no content; before or during a first load it waits",
    arguments: every, [0, 4])
  func finishLoadingMore(from state: LoadingState, itemCount: Int) {
    var after = state
    after.finishLoadingMore(itemCount: itemCount)
    switch state {
    case .loaded, .noContent, .error:
      #expect(after == LoadingState(loadedItemCount: itemCount), "the last load succeeded")
    default:
      #expect(after == state, "a first load that runs (or none yet) decides for itself")
    }
  }

  @Test("items pushed without a load: no content becomes loaded; an error stays", arguments: every)
  func receiveItems(from state: LoadingState) {
    var none = state
    none.receiveItems(itemCount: 0)
    #expect(none == state, "no items: nothing changes")
    var some = state
    some.receiveItems(itemCount: 2)
    #expect(some == (state == .noContent ? .loaded : state))
  }

  @Test("a source's life: first load, refresh, a failed refresh, then a next page")
  func life() {
    var state = LoadingState.initial
    #expect(!state.isLoading)
    state.beginLoad(keepingContent: false)
    #expect(state == .loading)
    state.finishLoad(itemCount: 0)
    #expect(state.description == "no content")
    state.receiveItems(itemCount: 1)
    #expect(state == .loaded)
    state.beginLoad(keepingContent: true)
    #expect(state.description == "refreshing")
    state.finishLoadingMore(itemCount: 9)
    #expect(state == .refreshing, "a page cannot end a refresh")
    state.failLoad("offline")
    #expect(state.description == "error: offline")
    state.receiveItems(itemCount: 2)
    #expect(state == .error("offline"), "pushed items are no load: the last load still failed")
    state.finishLoadingMore(itemCount: 12)
    #expect(state == .loaded)
  }
}
