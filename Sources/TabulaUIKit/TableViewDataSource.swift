#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Apple's `UITableViewDiffableDataSource`, same API, same meaning:
  /// rename the type (and `NSDiffableDataSourceSnapshot` to
  /// `DiffableSnapshot`) and a table screen runs on Tabula's diff and
  /// staging, with duplicate and unknown identifiers reported instead of
  /// crashing (see the migration article, "Adopting Tabula by renaming two
  /// types").
  ///
  /// ```swift
  /// let dataSource = TableViewDataSource<Section, Contact.ID>(tableView: tableView) {
  ///   tableView, indexPath, id in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
  ///   cell.textLabel?.text = store.contact(id).name
  ///   return cell
  /// }
  /// dataSource.apply(snapshot, animatingDifferences: true)
  /// ```
  ///
  /// Subclasses override the table's editing methods as with Apple's:
  /// `tableView(_:canEditRowAt:)` and `tableView(_:canMoveRowAt:)` (both
  /// `false` by default), `tableView(_:commit:forRowAt:)` (a delete the
  /// user asked for: apply a snapshot without the row),
  /// `tableView(_:moveRowAt:to:)` (called once ``snapshot()`` shows the
  /// move), titles and the section index.
  ///
  /// Under it are a `DiffableDataSource` and its
  /// `ListController` (``base``), which become the table view's data
  /// source. The table's `delegate` and `prefetchDataSource` stay the
  /// app's, set before or after: Tabula's bridge sits in those slots and
  /// calls the app's for every call, as the app expects from Apple's.
  @MainActor
  open class TableViewDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, TableViewOwner {
    /// Makes the cell of an item, as Apple's cell provider.
    public typealias CellProvider =
      @MainActor (
        _ tableView: UITableView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
      )
      -> UITableViewCell?

    /// The portable data source under this one, for the day an app wants
    /// Tabula's controller, presenters and user edits.
    public let base: DiffableDataSource<UITableView, SectionIdentifierType, ItemIdentifierType>
    private weak var tableView: UITableView?
    private let cellProvider: CellProvider

    /// A data source for `tableView` with cells from `cellProvider`; it
    /// becomes the table view's data source.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
      self.tableView = tableView
      self.cellProvider = cellProvider
      base = DiffableDataSource(host: tableView) { tableView, path, id in
        cellProvider(tableView, path.indexPath, id)
      }
      super.init()
      // As UIKit: a row that cannot be edited shows no reorder control either.
      base.canMoveItem = { [weak self] path in
        self?.ask {
          $0.tableView($1, canEditRowAt: path.indexPath)
            && $0.tableView($1, canMoveRowAt: path.indexPath)
        } ?? false
      }
      base.canDeleteItem = { [weak self] path in
        self?.ask { $0.tableView($1, canEditRowAt: path.indexPath) } ?? false
      }
      base.didMoveItem = { [weak self] from, to in
        self?.ask { $0.tableView($1, moveRowAt: from.indexPath, to: to.indexPath) }
      }
      base.commitDelete = { [weak self] path in
        self?.ask { $0.tableView($1, commit: .delete, forRowAt: path.indexPath) }
      }
      base.sectionTitle = { [weak self] kind, section in
        self?.ask {
          kind == .header
            ? $0.tableView($1, titleForHeaderInSection: section)
            : $0.tableView($1, titleForFooterInSection: section)
        } ?? nil
      }
      // The settings below live here, with this data source: a data source
      // made for the table later starts from its own.
      tableView.bridge?.owner = self
    }

    /// `body` with this data source and its table view, if it is still
    /// there.
    private func ask<Answer>(_ body: (TableViewDataSource, UITableView) -> Answer) -> Answer? {
      tableView.map { body(self, $0) }
    }

    // MARK: Applying snapshots

    /// Shows `snapshot`, the difference animated (or not), then calls
    /// `completion`; problems its edits met are reported to `TabulaLog`.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      base.apply(snapshot, animatingDifferences: animatingDifferences) { completion?() }
    }

    /// Shows `snapshot` and returns once the table shows it.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true
    ) async {
      await base.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` by reloading the table, without a diff.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      base.applySnapshotUsingReloadData(snapshot) { completion?() }
    }

    /// Shows `snapshot` by reloading the table, and returns once it does.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      await base.applySnapshotUsingReloadData(snapshot)
    }

    /// The last snapshot applied, with the user's moves: what the table
    /// shows once `apply` returns.
    open func snapshot() -> DiffableSnapshot<SectionIdentifierType, ItemIdentifierType> {
      base.snapshot()
    }

    // MARK: Identifiers and index paths

    /// The identifier of the item the table shows at `indexPath`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      base.itemIdentifier(for: ItemPath(indexPath))
    }

    /// The index path at which the table shows `itemIdentifier`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
      base.path(for: itemIdentifier)?.indexPath
    }

    /// The identifier of the section the table shows at `index`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
      base.sectionIdentifier(for: index)
    }

    /// The index at which the table shows the section `sectionIdentifier`.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
      base.index(for: sectionIdentifier)
    }

    /// How inserted, deleted and reloaded rows animate (`.automatic`).
    public var defaultRowAnimation = UITableView.RowAnimation.automatic

    // MARK: The table's data source, for subclasses

    /// The number of sections of ``snapshot()``.
    open func numberOfSections(in tableView: UITableView) -> Int {
      base.numberOfSections
    }

    /// The number of rows of ``snapshot()`` in `section`.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      base.numberOfItems(inSectionAt: section)
    }

    /// The cell of the row at `indexPath`: the one on screen, else one from
    /// the cell provider. UIKit does not call this (nor the two counts
    /// above): Tabula's bridge answers the table, so overriding them
    /// changes nothing the table shows.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      if let cell = tableView.cellForRow(at: indexPath) { return cell }
      guard let id = itemIdentifier(for: indexPath) else { return UITableViewCell() }
      return cellProvider(tableView, indexPath, id) ?? UITableViewCell()
    }

    /// The header title of `section` (none by default).
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      nil
    }

    /// The footer title of `section` (none by default).
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      nil
    }

    /// Whether the row at `indexPath` can be edited (deleted); `false` by
    /// default, as Apple's.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      false
    }

    /// The user asked to delete the row at `indexPath` (`.delete`: apply a
    /// snapshot without it), or tapped the insert control of a row the
    /// delegate gave the `.insert` editing style; nothing happens by
    /// default, as Apple's.
    open func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {}

    /// Whether the row at `indexPath` can be moved; `false` by default, as
    /// Apple's.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      false
    }

    /// The user moved a row; ``snapshot()`` shows the move already. Rows
    /// dropped together are reported one move after another, each path
    /// read as the moves before it left the table: apply each to the
    /// app's array in turn. Apply snapshots from here freely: they reach
    /// the table once this returns.
    open func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {}

    /// The section index's titles (none by default).
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

    /// The section a section-index title leads to (by default, the
    /// title's index).
    open func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      index
    }
  }
#endif
