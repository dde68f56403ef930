#if canImport(UIKit)
  import Tabula
  import UIKit

  /// A cell that shows a `UIContentConfiguration`: `UITableViewCell` and
  /// `UICollectionViewCell` (and their subclasses).
  @MainActor
  public protocol ContentConfigurableCell: UIView {
    /// The configuration the cell shows (UIKit's property).
    var contentConfiguration: (any UIContentConfiguration)? { get set }
  }

  extension UITableViewCell: ContentConfigurableCell {}
  extension UICollectionViewCell: ContentConfigurableCell {}
#endif
