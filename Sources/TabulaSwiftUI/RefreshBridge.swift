#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import UIKit

  /// Drives a `UIRefreshControl` from SwiftUI's `refresh` action.
  @MainActor
  final class RefreshBridge: NSObject {
    private var action: RefreshAction?
    private var control: UIRefreshControl?

    /// Shows a refresh control while `action` exists, and runs it on a pull.
    func update(_ action: RefreshAction?, on collectionView: UICollectionView) {
      self.action = action
      guard action != nil else {
        collectionView.refreshControl = nil
        control = nil
        return
      }
      guard control == nil else { return }
      #if os(iOS)
        let control = UIRefreshControl()
        control.addTarget(self, action: #selector(pulled), for: .valueChanged)
        collectionView.refreshControl = control
        self.control = control
      #endif
    }

    @objc private func pulled() {
      guard let action else {
        control?.endRefreshing()
        return
      }
      Task { @MainActor in
        await action()
        control?.endRefreshing()
      }
    }
  }
#endif
