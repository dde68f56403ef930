import UIKit

extension UIViewController {
  /// Shows `message` above the navigation bar's title for a few seconds: the
  /// outcome of something that ran in the background (a sync, a refresh).
  func showNotice(_ message: String) {
    navigationItem.prompt = message
    Task { [weak self] in
      try? await Task.sleep(for: .seconds(4))
      // A newer notice stays for its own few seconds.
      if self?.navigationItem.prompt == message { self?.navigationItem.prompt = nil }
    }
  }
}
