/// How a section of a collection view lays out its items: rows of one or
/// more columns, item heights fixed or measured by the cells themselves
/// (self-sizing), spacing, insets, and the heights of its header and
/// footer.
///
/// A section's layout is chosen by its model type: the
/// ``SectionPresenter`` registered for the type answers
/// ``SectionPresenter/layout(for:)``, with the same fallback from exact
/// type to protocols as for its views. `TabulaUIKit` turns it into a
/// compositional layout section (`NSCollectionLayoutSection`, or a list
/// section of `UICollectionLayoutListConfiguration` for ``list(_:)``);
/// `SimulatedCollectionView` lays out the same way, so tests see the sizes
/// an app shows.
///
/// ```swift
/// struct PhotoSection: SectionPresenter {
///   func reuseIdentifier(for album: Album, kind: SectionViewKind) -> String? { nil }
///   func configure(_ view: UICollectionReusableView, with album: Album, kind: SectionViewKind) {}
///   func layout(for album: Album) -> SectionLayout? {
///     .grid(columns: 3, itemHeight: .absolute(120), spacing: 2)
///   }
/// }
/// ```
public struct SectionLayout: Hashable, Sendable {
  /// A length along the scrolling axis: fixed, or a first guess that the
  /// cell (or view) then measures itself.
  public enum Height: Hashable, Sendable {
    /// Exactly this many points.
    case absolute(Double)
    /// About this many points until the cell measures itself (UIKit:
    /// `.estimated`, self-sizing with Auto Layout or a content
    /// configuration).
    case estimated(Double)

    /// The points: exact, or the estimate.
    public var points: Double {
      switch self {
      case .absolute(let points), .estimated(let points): points
      }
    }

    /// Whether the cell measures itself.
    public var isEstimated: Bool {
      if case .estimated = self { return true }
      return false
    }
  }

  /// The standard list appearances (UIKit's
  /// `UICollectionLayoutListConfiguration.Appearance`).
  public enum ListAppearance: Hashable, Sendable {
    /// Edge-to-edge rows.
    case plain
    /// Grouped sections.
    case grouped
    /// Grouped sections inset with rounded corners.
    case insetGrouped
    /// A sidebar.
    case sidebar
  }

  /// Space around the section's items, in points.
  public struct Insets: Hashable, Sendable {
    /// Above the first row.
    public var top: Double
    /// Before the first column.
    public var leading: Double
    /// Below the last row.
    public var bottom: Double
    /// After the last column.
    public var trailing: Double

    /// Insets of the given sizes.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
      self.top = top
      self.leading = leading
      self.bottom = bottom
      self.trailing = trailing
    }

    /// No insets.
    public static let zero = Insets()
  }

  /// The list appearance, for a list section (``list(_:)``): UIKit then
  /// lays it out with `UICollectionLayoutListConfiguration`, with the
  /// presenters' swipe actions. `nil` for a grid of ``columns``.
  public var listAppearance: ListAppearance?
  /// Items per row (1 for a list).
  public var columns: Int
  /// The height of each item (of each row, for a grid).
  public var itemHeight: Height
  /// Between two items of a row, in points.
  public var itemSpacing: Double
  /// Between two rows, in points.
  public var lineSpacing: Double
  /// Around the items.
  public var insets: Insets
  /// The header's height when the section has one (a section view or a
  /// title).
  public var headerHeight: Height
  /// The footer's height when the section has one.
  public var footerHeight: Height
  /// Whether the header stays on screen while its section scrolls under it.
  public var pinsHeaders: Bool

  /// A layout of the given parts.
  ///
  /// - Precondition: `columns` is at least 1, and every length is finite
  ///   and not negative.
  public init(
    columns: Int = 1, itemHeight: Height = .estimated(44), itemSpacing: Double = 0,
    lineSpacing: Double = 0, insets: Insets = .zero, headerHeight: Height = .estimated(44),
    footerHeight: Height = .estimated(44), pinsHeaders: Bool = false,
    listAppearance: ListAppearance? = nil
  ) {
    precondition(columns >= 1, "a section layout needs at least 1 column, not \(columns)")
    for (name, length) in [
      ("itemHeight", itemHeight.points), ("itemSpacing", itemSpacing),
      ("lineSpacing", lineSpacing), ("headerHeight", headerHeight.points),
      ("footerHeight", footerHeight.points), ("insets.top", insets.top),
      ("insets.leading", insets.leading), ("insets.bottom", insets.bottom),
      ("insets.trailing", insets.trailing),
    ] {
      precondition(
        length.isFinite && length >= 0,
        "a section layout's \(name) must be finite and not negative, not \(length)")
    }
    self.columns = columns
    self.itemHeight = itemHeight
    self.itemSpacing = itemSpacing
    self.lineSpacing = lineSpacing
    self.insets = insets
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
    self.pinsHeaders = pinsHeaders
    self.listAppearance = listAppearance
  }

  /// A list: one self-sizing row per item (estimated 44 points), in the
  /// given appearance, with swipe actions on UIKit.
  public static func list(_ appearance: ListAppearance = .plain) -> SectionLayout {
    SectionLayout(listAppearance: appearance)
  }

  /// A grid of `columns` equal columns, each row `itemHeight` tall
  /// (self-sizing rows take their tallest item), `spacing` points between
  /// items and between rows.
  ///
  /// - Precondition: `columns` is at least 1.
  public static func grid(
    columns: Int, itemHeight: Height, spacing: Double = 0, insets: Insets = .zero
  ) -> SectionLayout {
    SectionLayout(
      columns: columns, itemHeight: itemHeight, itemSpacing: spacing, lineSpacing: spacing,
      insets: insets)
  }

  /// The width of one item in a section `width` points wide.
  public func itemWidth(inWidth width: Double) -> Double {
    let available = width - insets.leading - insets.trailing - itemSpacing * Double(columns - 1)
    return max(0, available / Double(columns))
  }
}
