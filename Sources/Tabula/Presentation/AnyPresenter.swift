/// A presenter of any model type, for ``PresenterRegistry/defaultPresenter``.
@MainActor
public struct AnyPresenter<Cell> {
  let entry: PresenterEntry<Cell>

  /// Wraps `presenter`, which must present `Any` models (it receives
  /// whatever model nothing else presents).
  public init<P: Presenter>(_ presenter: P) where P.Cell == Cell, P.Model == Any {
    entry = PresenterEntry(presenter, id: 0)
  }
}
