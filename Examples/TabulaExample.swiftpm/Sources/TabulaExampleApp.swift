import SwiftUI
import UIKit

/// The app: a SwiftUI entry point, as Swift Playgrounds expects, whose only
/// view is the UIKit tab bar controller holding the example screens.
@main
struct TabulaExampleApp: App {
  var body: some Scene {
    WindowGroup {
      ExampleTabs()
        .ignoresSafeArea()
    }
  }
}

/// The tab bar controller of ``ExampleTabBarController``, in SwiftUI.
@MainActor
struct ExampleTabs: UIViewControllerRepresentable {
  func makeUIViewController(context: Context) -> ExampleTabBarController {
    ExampleTabBarController()
  }

  func updateUIViewController(_ controller: ExampleTabBarController, context: Context) {}
}
