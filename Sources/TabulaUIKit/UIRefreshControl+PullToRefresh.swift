#if canImport(UIKit) && os(iOS)
  import Tabula
  import UIKit

  /// Keeps a `UIRefreshControl` and a `PullToRefresh` in step: pulling the
  /// control starts a refresh, and the control stops spinning when the
  /// machine hides its indicator (after its minimum display time).
  @MainActor
  final class RefreshControlBridge: NSObject {
    private let begin: @MainActor () -> Void
    private let showsIndicator: @MainActor () -> Bool
    weak var control: UIRefreshControl?
    var observation: ObservationToken?

    init(
      control: UIRefreshControl, begin: @escaping @MainActor () -> Void,
      showsIndicator: @escaping @MainActor () -> Bool
    ) {
      self.control = control
      self.begin = begin
      self.showsIndicator = showsIndicator
      super.init()
      control.addTarget(self, action: #selector(pulled), for: .valueChanged)
    }

    @objc func pulled() {
      begin()
    }

    func update() {
      guard let control else { return }
      if showsIndicator() {
        if !control.isRefreshing { control.beginRefreshing() }
      } else if control.isRefreshing {
        control.endRefreshing()
      }
    }
  }

  extension UIScrollView {
    /// Gives the scroll view (a table or collection view) a
    /// `UIRefreshControl` driven by `refresh`: a pull starts it, and the
    /// control spins until `refresh` hides its indicator, never less than
    /// its minimum display time.
    public func attachRefreshControl<C: Clock>(to refresh: PullToRefresh<C>)
    where C.Duration: Sendable {
      let control = refreshControl ?? UIRefreshControl()
      refreshControl = control
      let bridge = RefreshControlBridge(
        control: control, begin: { refresh.beginRefreshing() },
        showsIndicator: { refresh.showsIndicator })
      bridge.observation = refresh.observe { [weak bridge] in bridge?.update() }
      ViewAssociation<RefreshControlBridge>.refreshControl.set(bridge, on: self)
    }

    /// Gives the scroll view a `UIRefreshControl` whose pull runs `action`,
    /// the control spinning until it ends and at least half a second (a
    /// `PullToRefresh` on the system's clock, which the view keeps).
    ///
    /// ```swift
    /// collectionView.attachRefreshControl { [weak self] in try await self?.reload() }
    /// ```
    public func attachRefreshControl(_ action: @escaping @MainActor () async throws -> Void) {
      attachRefreshControl(to: PullToRefresh(action: action))
    }
  }
#endif
