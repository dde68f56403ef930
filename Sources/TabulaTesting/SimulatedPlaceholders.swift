import Tabula

/// Presents Tabula's placeholders in a ``SimulatedCell``: "Loading…",
/// "No results" and "Error: message", or their own message.
public struct SimulatedPlaceholderPresenter<Placeholder: Diffable>: Presenter {
  /// The reuse identifier the cells are registered under.
  public let identifier: String
  private let text: (Placeholder) -> String

  /// ``identifier``.
  public func reuseIdentifier(for model: Placeholder, style: PresentationStyle) -> String {
    identifier
  }

  /// Sets the text and the represented id.
  public func configure(
    _ cell: SimulatedCell, with model: Placeholder, context: PresentationContext
  ) {
    cell.text = text(model)
    cell.representedID = AnyItem(model).id
  }
}

extension SimulatedPlaceholderPresenter where Placeholder == LoadingPlaceholder {
  /// Shows "Loading…" or the placeholder's message.
  public init(reuseIdentifier: String = "placeholder") {
    identifier = reuseIdentifier
    text = { $0.message ?? "Loading…" }
  }
}

extension SimulatedPlaceholderPresenter where Placeholder == NoResultsPlaceholder {
  /// Shows "No results" or the placeholder's message.
  public init(reuseIdentifier: String = "placeholder") {
    identifier = reuseIdentifier
    text = { $0.message ?? "No results" }
  }
}

extension SimulatedPlaceholderPresenter where Placeholder == ErrorPlaceholder {
  /// Shows "Error: " and the message.
  public init(reuseIdentifier: String = "placeholder") {
    identifier = reuseIdentifier
    text = { "Error: \($0.message)" }
  }
}

extension SimulatedPlaceholderPresenter where Placeholder == LoadingMorePlaceholder {
  /// Shows "Loading more…".
  public init(reuseIdentifier: String = "placeholder") {
    identifier = reuseIdentifier
    text = { _ in "Loading more…" }
  }
}

extension SimulatedPlaceholderPresenter where Placeholder == PageErrorPlaceholder {
  /// Shows "Could not load more: " and the message.
  public init(reuseIdentifier: String = "placeholder") {
    identifier = reuseIdentifier
    text = { "Could not load more: \($0.message)" }
  }
}

extension SimulatedPlaceholderPresenter where Placeholder == EndOfListPlaceholder {
  /// Shows "The end".
  public init(reuseIdentifier: String = "placeholder") {
    identifier = reuseIdentifier
    text = { _ in "The end" }
  }
}

/// Presenters for simulated cells: Tabula's placeholders in one call.
extension PresenterRegistry where Cell == SimulatedCell {
  /// Registers ``SimulatedPlaceholderPresenter``s for the placeholders and a
  /// paged list's end rows, and the cell class for their identifier in
  /// `view`.
  public func registerPlaceholders(
    in view: SimulatedListView, reuseIdentifier: String = "placeholder"
  ) {
    view.register(SimulatedCell.self, forReuseIdentifier: reuseIdentifier)
    register(SimulatedPlaceholderPresenter<LoadingPlaceholder>(reuseIdentifier: reuseIdentifier))
    register(SimulatedPlaceholderPresenter<NoResultsPlaceholder>(reuseIdentifier: reuseIdentifier))
    register(SimulatedPlaceholderPresenter<ErrorPlaceholder>(reuseIdentifier: reuseIdentifier))
    register(
      SimulatedPlaceholderPresenter<LoadingMorePlaceholder>(reuseIdentifier: reuseIdentifier))
    register(SimulatedPlaceholderPresenter<PageErrorPlaceholder>(reuseIdentifier: reuseIdentifier))
    register(SimulatedPlaceholderPresenter<EndOfListPlaceholder>(reuseIdentifier: reuseIdentifier))
  }
}
