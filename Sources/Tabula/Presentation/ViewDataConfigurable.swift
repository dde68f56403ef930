/// A cell that declares the data it shows as a type of its own, built from a
/// model by a ``ViewDataPresenter``: only the cell knows what it needs, only
/// the view data knows how to get it from a model.
///
/// ```swift
/// final class SquirrelCell: UITableViewCell, ViewDataConfigurable {
///   struct ViewData { let name: String }
///   func apply(_ data: ViewData) { textLabel?.text = data.name }
/// }
/// ```
@MainActor
public protocol ViewDataConfigurable {
  /// The data the cell shows.
  associatedtype ViewData

  /// Shows `data`.
  func apply(_ data: ViewData)
}
