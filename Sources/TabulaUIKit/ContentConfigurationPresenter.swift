#if canImport(UIKit)
  import Tabula
  import UIKit

  /// A presenter whose cells show a content configuration
  /// (`UIListContentConfiguration`, or your own `UIContentConfiguration`):
  /// the way to present rows on UIKit. The same presenter serves a table
  /// view and a collection view; the list registers its cells (no
  /// `register` call), and its reuse identifier is its type's name.
  ///
  /// ```swift
  /// struct ContactRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
  ///   typealias Model = Contact
  ///
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
  /// Name the model type with `typealias Model`: Swift cannot infer it for
  /// a generic presenter registered from another file, and reports that
  /// the type does not conform to `Presenter`. A presenter that only makes
  /// a configuration can be a closure instead:
  /// `PresenterRegistry.register(_:style:content:)`.
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
    /// ``contentConfiguration(for:context:)``; a list cell of an outline
    /// row is indented by its depth, with a chevron on a row with children
    /// (`UICollectionViewListCell.showOutline(_:toggle:)`).
    public func configure(_ cell: Cell, with model: Model, context: PresentationContext) {
      cell.contentConfiguration = contentConfiguration(for: model, context: context)
      if let outline = context.outline, let cell = cell as? UICollectionViewListCell {
        cell.showOutline(outline)
      }
    }

    /// `UICollectionViewListCell` on a collection view, `Cell` elsewhere.
    public var cellClass: Cell.Type? { defaultContentCellClass(Cell.self) }
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
