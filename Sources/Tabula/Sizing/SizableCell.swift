/// A cell that can say how tall it is for a width: its own layout, run on
/// a prototype cell (``ListHostRegistrations/prototypeCell(withReuseIdentifier:)``) kept
/// per cell kind, so a list's heights come from the same code that draws
/// its rows and the controller never repeats that layout.
///
/// ```swift
/// final class PostCell: UITableViewCell, SizableCell {
///   func fittingHeight(forWidth width: Double) -> Double {
///     contentView.systemLayoutSizeFitting(
///       CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
///       verticalFittingPriority: .fittingSizeLevel
///     ).height
///   }
/// }
/// ```
@MainActor
public protocol SizableCell: AnyObject {
  /// The height the cell needs, as configured now, in a list `width` wide.
  func fittingHeight(forWidth width: Double) -> Double
}
