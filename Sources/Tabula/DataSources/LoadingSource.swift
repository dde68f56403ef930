/// A data source that loads its content asynchronously and shows
/// placeholders for its state: loading, no content, error.
///
/// ```swift
/// let posts = LoadingSource(placeholderSection: SectionInfo(id: "posts", title: "Posts")) {
///   try await Snapshot(api.posts().map(AnyItem.init), in: SectionInfo(id: "posts", title: "Posts"))
/// }
/// controller.connect(to: posts)
/// posts.load()      // a loading placeholder, then the posts (animated)
/// posts.refresh()   // the posts stay on screen until the new ones arrive
/// ```
///
/// - A newer load cancels the one running; a stale load's result (or error)
///   is never applied, even if it arrives last.
/// - While nothing was loaded yet, the source shows one section,
///   `placeholderSection`, holding a ``LoadingPlaceholder``, then a
///   ``NoResultsPlaceholder`` when the load finds nothing, or an
///   ``ErrorPlaceholder`` with the error's message when it fails.
/// - Once content was shown, a load or refresh keeps it on screen
///   (``LoadingState/refreshing``); a failure then keeps it too and reports
///   the error in ``state``. Nothing loaded is ever lost to a failed reload.
///
/// Placeholders need items that can hold them: with ``AnyItem`` items they
/// come for free; with another item type, pass `makePlaceholder`, or `nil`
/// for none.
@MainActor
public final class LoadingSource<SectionModel: Diffable, Item: Diffable>: SnapshotSource {
  /// Loads the content. Runs as a task that a newer load cancels.
  public typealias Loader = @Sendable () async throws -> Snapshot<SectionModel, Item>

  /// What the source shows now.
  public private(set) var snapshot: Snapshot<SectionModel, Item>
  /// Where the source is in loading.
  public private(set) var state = LoadingState.initial
  /// The content of the last successful load, if any.
  public private(set) var content: Snapshot<SectionModel, Item>?
  /// The section placeholders are shown in.
  public let placeholderSection: SectionModel

  private let loader: Loader
  private let makePlaceholder: (@Sendable (any Diffable) -> Item)?
  private var generation = 0
  private var task: Task<Void, Never>?
  private let observers = ObserverList()

  /// A source whose content `loader` loads, showing placeholders made by
  /// `makePlaceholder` in `placeholderSection`.
  public init(
    placeholderSection: SectionModel,
    makePlaceholder: (@Sendable (any Diffable) -> Item)?,
    loader: @escaping Loader
  ) {
    self.placeholderSection = placeholderSection
    self.makePlaceholder = makePlaceholder
    self.loader = loader
    self.snapshot = Snapshot()
  }

  /// Starts loading: shows a loading placeholder if nothing was loaded yet,
  /// else keeps the content on screen. Cancels a load already running.
  public func load() {
    generation += 1
    let current = generation
    task?.cancel()
    changeState { $0.beginLoad(keepingContent: content != nil) }
    let loader = loader
    task = Task {
      let result: Result<Snapshot<SectionModel, Item>, any Error>
      do {
        result = .success(try await loader())
      } catch {
        result = .failure(error)
      }
      self.finish(result, generation: current)
    }
  }

  /// Loads again keeping the current content on screen until the new content
  /// arrives (pull to refresh). The same as ``load()``.
  public func refresh() { load() }

  /// Waits for the running load, if any, to finish.
  public func waitForLoad() async {
    await task?.value
  }

  /// Shows `content` as loaded, without a load (content pushed from
  /// elsewhere). A running load's result will still replace it.
  public func setContent(_ content: Snapshot<SectionModel, Item>) {
    self.content = content
    changeState { $0.finishLoad(itemCount: content.numberOfItems) }
  }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  private func finish(_ result: Result<Snapshot<SectionModel, Item>, any Error>, generation: Int) {
    guard generation == self.generation else { return }  // a newer load replaced this one
    task = nil
    switch result {
    case .success(let loaded):
      content = loaded
      changeState { $0.finishLoad(itemCount: loaded.numberOfItems) }
    case .failure(let error):
      changeState { $0.failLoad(String(describing: error)) }
    }
  }

  /// Changes ``state`` by one of its transitions, and shows it.
  private func changeState(_ transition: (inout LoadingState) -> Void) {
    transition(&state)
    snapshot = .showing(
      content, in: state, placeholderSection: placeholderSection, makePlaceholder: makePlaceholder)
    observers.notify()
  }
}

extension LoadingSource where Item == AnyItem {
  /// A source whose content `loader` loads, showing Tabula's placeholders in
  /// `placeholderSection`.
  public convenience init(placeholderSection: SectionModel, loader: @escaping Loader) {
    self.init(
      placeholderSection: placeholderSection, makePlaceholder: { AnyItem($0) }, loader: loader)
  }
}
