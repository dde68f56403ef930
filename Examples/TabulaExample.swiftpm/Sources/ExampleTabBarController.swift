import GRDB
import SwiftUI
import UIKit

/// The example's screens, each in a navigation controller of its own: the
/// contacts (SQLite through a `FetchedList`, in a table view), the cities
/// (a plain array, through a `ListController` made for the table), the
/// feed (a paged source in a compositional collection view), the files (an
/// outline in a list-style collection view) and the team (Apple's diffable
/// data source API, on Tabula by renaming two types); then the SwiftUI
/// screens. An iPhone shows the last two under More.
final class ExampleTabBarController: UITabBarController {
  /// The contacts' database, opened (and filled on first launch) before the
  /// first screen shows: a few hundred rows take milliseconds.
  private let database = ContactsDatabase.openForApp()

  override func viewDidLoad() {
    super.viewDidLoad()
    viewControllers = [
      embed(
        ContactsViewController(database: database), title: "Contacts",
        image: "person.crop.circle"),
      embed(CitiesViewController(), title: "Cities", image: "building.2"),
      embed(FeedViewController(), title: "Feed", image: "newspaper"),
      embed(FilesViewController(), title: "Files", image: "folder"),
      embed(TeamViewController(), title: "Team", image: "person.3"),
      swiftUITab(),
    ]
  }

  /// The SwiftUI screens, in a hosting controller with a navigation stack
  /// of their own.
  private func swiftUITab() -> UIViewController {
    let screen = UIHostingController(rootView: SwiftUIScreens(database: database))
    screen.tabBarItem = UITabBarItem(
      title: "SwiftUI", image: UIImage(systemName: "swift"), selectedImage: nil)
    return screen
  }

  private func embed(_ screen: UIViewController, title: String, image: String)
    -> UINavigationController
  {
    screen.title = title
    let navigation = UINavigationController(rootViewController: screen)
    navigation.navigationBar.prefersLargeTitles = true
    navigation.tabBarItem = UITabBarItem(
      title: title, image: UIImage(systemName: image), selectedImage: nil)
    return navigation
  }
}
