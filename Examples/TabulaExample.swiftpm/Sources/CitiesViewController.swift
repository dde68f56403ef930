import Tabula
import TabulaUIKit
import UIKit

/// A city of the Cities tab.
struct City: Diffable, Hashable {
  let id: Int
  var name: String
  var country: String
  /// The first letter of the name: the list's section.
  var initial: String { String(name.prefix(1)).uppercased() }

  /// The cities the tab starts with, and comes back to on Reset.
  static let all: [City] = [
    ("Amsterdam", "Netherlands"), ("Athens", "Greece"), ("Auckland", "New Zealand"),
    ("Bangkok", "Thailand"), ("Barcelona", "Spain"), ("Berlin", "Germany"),
    ("Bogotá", "Colombia"), ("Buenos Aires", "Argentina"), ("Cairo", "Egypt"),
    ("Cape Town", "South Africa"), ("Chicago", "United States"), ("Copenhagen", "Denmark"),
    ("Dublin", "Ireland"), ("Edinburgh", "United Kingdom"), ("Florence", "Italy"),
    ("Geneva", "Switzerland"), ("Hanoi", "Vietnam"), ("Helsinki", "Finland"),
    ("Istanbul", "Turkey"), ("Jakarta", "Indonesia"), ("Kyoto", "Japan"),
    ("Lima", "Peru"), ("Lisbon", "Portugal"), ("London", "United Kingdom"),
    ("Madrid", "Spain"), ("Marrakesh", "Morocco"), ("Melbourne", "Australia"),
    ("Mexico City", "Mexico"), ("Montreal", "Canada"), ("Mumbai", "India"),
    ("Nairobi", "Kenya"), ("New York", "United States"), ("Oslo", "Norway"),
    ("Paris", "France"), ("Prague", "Czechia"), ("Quebec City", "Canada"),
    ("Reykjavik", "Iceland"), ("Rio de Janeiro", "Brazil"), ("Rome", "Italy"),
    ("Santiago", "Chile"), ("Seoul", "South Korea"), ("Singapore", "Singapore"),
    ("Stockholm", "Sweden"), ("Sydney", "Australia"), ("Taipei", "Taiwan"),
    ("Tokyo", "Japan"), ("Toronto", "Canada"), ("Valencia", "Spain"),
    ("Vancouver", "Canada"), ("Vienna", "Austria"), ("Warsaw", "Poland"),
    ("Zanzibar City", "Tanzania"), ("Zurich", "Switzerland"),
  ].enumerated().map { City(id: $0.offset, name: $0.element.0, country: $0.element.1) }
}

/// The common screen of TabulaUIKit's article "Common screens", in the
/// app: a plain Swift array of cities in a table view, through a
/// `ListController` made for the table with a closure that fills each
/// cell. Sections by initial come from `apply(_:groupedBy:sectionOrder:)`;
/// the search field filters the array; a swipe deletes a city
/// (`commitDelete` takes it out of the array, and the list animates the
/// difference); an empty state says why nothing shows. Reset puts every
/// city back.
final class CitiesViewController: UITableViewController, UISearchResultsUpdating {
  private var cities = City.all { didSet { show() } }
  private var query = ""
  private lazy var list = ListController(tableView, for: City.self) { cell, city in
    var content = UIListContentConfiguration.subtitleCell()
    content.text = city.name
    content.secondaryText = city.country
    content.secondaryTextProperties.color = .secondaryLabel
    cell.contentConfiguration = content
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let search = UISearchController(searchResultsController: nil)
    search.searchResultsUpdater = self
    search.obscuresBackgroundDuringPresentation = false
    navigationItem.searchController = search
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Reset", style: .plain, target: self, action: #selector(reset))
    list.commitDelete = { [weak self] deleted, _ in
      self?.cities.removeAll { city in deleted.contains { $0.id == city.id } }
    }
    show()
  }

  func updateSearchResults(for searchController: UISearchController) {
    query = searchController.searchBar.text ?? ""
    show()
  }

  /// Shows the cities that match the search, sorted, in sections by initial.
  private func show() {
    let found = cities.filter {
      query.isEmpty || $0.name.localizedCaseInsensitiveContains(query)
        || $0.country.localizedCaseInsensitiveContains(query)
    }
    list.emptyState =
      query.isEmpty
      ? .message("No cities left", secondaryText: "Tap Reset.", symbolName: "building.2")
      : .message("No cities match “\(query)”", symbolName: "magnifyingglass")
    list.apply(
      found.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending },
      groupedBy: \.initial, sectionOrder: .ascending)
  }

  @objc private func reset() { cities = City.all }
}
