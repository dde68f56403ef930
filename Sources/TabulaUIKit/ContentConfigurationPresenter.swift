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

  /// A presenter whose cells show a content configuration
  /// (`UIListContentConfiguration`, or your own `UIContentConfiguration`):
  /// the way to present rows on UIKit. The same presenter serves a table
  /// view and a collection view; the list registers its cells (no
  /// `register` call), and its reuse identifier is its type's name.
  ///
  /// ```swift
  /// struct ContactRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
  ///   func contentConfiguration(for contact: Contact, context: PresentationContext)
  ///     -> any UIContentConfiguration
  ///   {
  ///     var content = UIListContentConfiguration.subtitleCell()
  ///     content.text = contact.name
  ///     content.secondaryText = contact.email
  ///     return content
  ///   }
  /// }
  /// tablePresenters.register(ContactRow<UITableViewCell>())
  /// collectionPresenters.register(ContactRow<UICollectionViewCell>())
  /// ```
  ///
  /// On a collection view its cells are `UICollectionViewListCell`s (list
  /// sections get separators, swipe actions and accessories from them), on
  /// a table view plain `UITableViewCell`s. Cells size themselves to the
  /// configuration: on a table view leave `rowHeight` automatic, on a
  /// collection view use estimated heights (`SectionLayout.list(_:)`, or a
  /// `.estimated` item height).
  @MainActor
  public protocol ContentConfigurationPresenter<Model, Cell>: Presenter
  where Cell: ContentConfigurableCell {
    /// The model type presented (restated so that Swift infers it from
    /// ``contentConfiguration(for:context:)`` alone).
    associatedtype Model

    /// The configuration that shows `model`.
    func contentConfiguration(for model: Model, context: PresentationContext)
      -> any UIContentConfiguration
  }

  extension ContentConfigurationPresenter {
    /// The presenter's type name: one kind of cell per presenter.
    public func reuseIdentifier(for model: Model, style: PresentationStyle) -> String {
      "\(Self.self)"
    }

    /// Sets the cell's content configuration to
    /// ``contentConfiguration(for:context:)``.
    public func configure(_ cell: Cell, with model: Model, context: PresentationContext) {
      cell.contentConfiguration = contentConfiguration(for: model, context: context)
    }

    /// `UICollectionViewListCell` on a collection view, `Cell` elsewhere.
    public var cellClass: Cell.Type? { defaultContentCellClass(Cell.self) }
  }

  /// A ``ContentConfigurationPresenter`` made of a closure: for a model
  /// type that needs nothing else.
  ///
  /// ```swift
  /// presenters.register(
  ///   ContentPresenter<Contact, UITableViewCell> { contact, _ in
  ///     var content = UIListContentConfiguration.cell()
  ///     content.text = contact.name
  ///     return content
  ///   })
  /// ```
  public struct ContentPresenter<Model, Cell: ContentConfigurableCell>:
    ContentConfigurationPresenter
  {
    private let identifier: String
    private let configuration: @MainActor (Model, PresentationContext) -> any UIContentConfiguration

    /// A presenter whose cells show `configuration(model, context)`, under
    /// `reuseIdentifier` (the model type's name by default).
    public init(
      reuseIdentifier: String? = nil,
      _ configuration:
        @escaping @MainActor (_ model: Model, _ context: PresentationContext) ->
        any UIContentConfiguration
    ) {
      self.identifier = reuseIdentifier ?? "Tabula.content.\(Model.self)"
      self.configuration = configuration
    }

    /// The closure's configuration.
    public func contentConfiguration(for model: Model, context: PresentationContext)
      -> any UIContentConfiguration
    {
      configuration(model, context)
    }

    /// The reuse identifier given at creation.
    public func reuseIdentifier(for model: Model, style: PresentationStyle) -> String {
      identifier
    }
  }

  /// A section presenter whose headers and footers show content
  /// configurations (`UIListContentConfiguration.plainHeader()`, say): on a
  /// table view in `UITableViewHeaderFooterView`s, on a collection view in
  /// `UICollectionViewListCell`s, registered by the list.
  ///
  /// ```swift
  /// struct TeamHeader<View: AnyObject>: ContentSectionPresenter {
  ///   func contentConfiguration(for team: Team, kind: SectionViewKind)
  ///     -> (any UIContentConfiguration)?
  ///   {
  ///     guard kind == .header else { return nil }
  ///     var content = UIListContentConfiguration.plainHeader()
  ///     content.text = team.name
  ///     return content
  ///   }
  /// }
  /// ```
  @MainActor
  public protocol ContentSectionPresenter<Section, View>: SectionPresenter
  where View: AnyObject {
    /// The section model type presented (restated so that Swift infers it
    /// from ``contentConfiguration(for:kind:)`` alone).
    associatedtype Section

    /// The configuration of the section's view of `kind`, or `nil` when it
    /// has none (the section's title shows, if it has one).
    func contentConfiguration(for section: Section, kind: SectionViewKind)
      -> (any UIContentConfiguration)?
  }

  extension ContentSectionPresenter {
    /// The presenter's type name and the kind, when the section has a
    /// configuration of that kind.
    public func reuseIdentifier(for section: Section, kind: SectionViewKind) -> String? {
      contentConfiguration(for: section, kind: kind) == nil ? nil : "\(Self.self).\(kind)"
    }

    /// Sets the view's content configuration.
    public func configure(_ view: View, with section: Section, kind: SectionViewKind) {
      let configuration = contentConfiguration(for: section, kind: kind)
      if let view = view as? UITableViewHeaderFooterView {
        view.contentConfiguration = configuration
      } else if let view = view as? UICollectionViewListCell {
        view.contentConfiguration = configuration
      }
    }

    /// `UICollectionViewListCell` for a collection view's supplementary
    /// views, `View` elsewhere.
    public var viewClass: View.Type? {
      if View.self == UICollectionReusableView.self {
        return UICollectionViewListCell.self as? View.Type
      }
      return View.self
    }
  }

  /// `UICollectionViewListCell` when `cellType` is `UICollectionViewCell`
  /// (list sections need it, grids accept it), else `cellType`.
  @MainActor
  func defaultContentCellClass<Cell>(_ cellType: Cell.Type) -> Cell.Type {
    if cellType == UICollectionViewCell.self, let list = UICollectionViewListCell.self as? Cell.Type
    {
      return list
    }
    return cellType
  }
#endif
