#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  // A list in a table or collection view whose cells a closure configures,
  // as `UICollectionView.CellRegistration` does: the cell class is
  // registered for you, nothing can fail to conform across files, and the
  // cell type is written once (the view's, or the one given). The item type
  // is named once, as a registration names it; sections are `SectionInfo`s
  // (what `Snapshot(grouping:by:)` makes) unless `sections:` names a type.

  extension ListController where Cell == UITableViewCell, SectionModel == SectionInfo {
    /// A list of `Item`s in `tableView`, each row a `UITableViewCell` that
    /// `configure` fills: the common screen in one statement.
    ///
    /// ```swift
    /// private lazy var list = ListController(tableView, for: Contact.self) { cell, contact in
    ///   var content = cell.defaultContentConfiguration()
    ///   content.text = contact.name
    ///   cell.contentConfiguration = content
    /// }
    /// ```
    public convenience init(
      _ tableView: UITableView, for item: Item.Type,
      configure: @escaping @MainActor (_ cell: UITableViewCell, _ item: Item) -> Void
    ) {
      self.init(
        tableView, for: item, sections: SectionInfo.self, cellType: UITableViewCell.self,
        configure: configure)
    }

    /// A list of `Item`s in `tableView`, each row a cell of `cellType` (a
    /// subclass of yours) that `configure` fills.
    public convenience init<RowCell: UITableViewCell>(
      _ tableView: UITableView, for item: Item.Type, cellType: RowCell.Type,
      configure: @escaping @MainActor (_ cell: RowCell, _ item: Item) -> Void
    ) {
      self.init(
        tableView, for: item, sections: SectionInfo.self, cellType: cellType,
        configure: configure)
    }
  }

  extension ListController where Cell == UITableViewCell {
    /// A list of `Item`s in sections of `SectionModel` in `tableView`, each
    /// row a cell of `cellType` (registered under the class's name) that
    /// `configure` fills.
    public convenience init<RowCell: UITableViewCell>(
      _ tableView: UITableView, for item: Item.Type, sections: SectionModel.Type,
      cellType: RowCell.Type,
      configure: @escaping @MainActor (_ cell: RowCell, _ item: Item) -> Void
    ) {
      let identifier = "Tabula.cell.\(RowCell.self)"
      tableView.register(RowCell.self, forCellReuseIdentifier: identifier)
      self.init(host: tableView) { host, path, item in
        let cell = host.dequeueCell(withReuseIdentifier: identifier, for: path)
        if let cell = cell as? RowCell { configure(cell, item) }
        return cell
      }
    }
  }

  extension ListController where Cell == UICollectionViewCell, SectionModel == SectionInfo {
    /// A list of `Item`s in `collectionView`, each a
    /// `UICollectionViewListCell` (separators, swipe actions and
    /// accessories in list sections) that `configure` fills; the
    /// collection view's layout lays them out.
    ///
    /// ```swift
    /// private lazy var list = ListController(collectionView, for: Photo.self) { cell, photo in
    ///   var content = cell.defaultContentConfiguration()
    ///   content.text = photo.caption
    ///   cell.contentConfiguration = content
    /// }
    /// ```
    public convenience init(
      _ collectionView: UICollectionView, for item: Item.Type,
      configure: @escaping @MainActor (_ cell: UICollectionViewListCell, _ item: Item) -> Void
    ) {
      self.init(
        collectionView, for: item, sections: SectionInfo.self,
        cellType: UICollectionViewListCell.self, configure: configure)
    }

    /// A list of `Item`s in `collectionView`, each a cell of `cellType` (a
    /// subclass of yours) that `configure` fills.
    public convenience init<ItemCell: UICollectionViewCell>(
      _ collectionView: UICollectionView, for item: Item.Type, cellType: ItemCell.Type,
      configure: @escaping @MainActor (_ cell: ItemCell, _ item: Item) -> Void
    ) {
      self.init(
        collectionView, for: item, sections: SectionInfo.self, cellType: cellType,
        configure: configure)
    }
  }

  extension ListController where Cell == UICollectionViewCell {
    /// A list of `Item`s in sections of `SectionModel` in
    /// `collectionView`, each a cell of `cellType` (registered under the
    /// class's name) that `configure` fills.
    public convenience init<ItemCell: UICollectionViewCell>(
      _ collectionView: UICollectionView, for item: Item.Type, sections: SectionModel.Type,
      cellType: ItemCell.Type,
      configure: @escaping @MainActor (_ cell: ItemCell, _ item: Item) -> Void
    ) {
      let identifier = "Tabula.cell.\(ItemCell.self)"
      collectionView.register(ItemCell.self, forCellWithReuseIdentifier: identifier)
      self.init(host: collectionView) { host, path, item in
        let cell = host.dequeueCell(withReuseIdentifier: identifier, for: path)
        if let cell = cell as? ItemCell { configure(cell, item) }
        return cell
      }
    }
  }
#endif
