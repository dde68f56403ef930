#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  extension UITableView: ListHost {
    /// Table views show `UITableViewCell`s.
    public typealias Cell = UITableViewCell

    /// The app's delegate. It hears every delegate call: those Tabula does
    /// not answer (scrolling, context menus...) and, after Tabula, those it
    /// does (selection, display); its answers (heights, sizes) win. A
    /// delegate the app sets on the view, before or after the data source,
    /// becomes it.
    public var forwardingDelegate: (any UITableViewDelegate)? {
      get { bridge?.appDelegate }
      set { forwardDelegateCalls(to: newValue) }
    }

    /// A cell of kind `reuseIdentifier` kept for measuring
    /// (`ListController` configures it and asks its `SizableCell` height).
    public func prototypeCell(withReuseIdentifier reuseIdentifier: String) -> UITableViewCell? {
      guard let bridge else { return nil }
      if let cell = bridge.prototypes[reuseIdentifier] { return cell }
      guard let cell = dequeueReusableCell(withIdentifier: reuseIdentifier) else { return nil }
      bridge.prototypes[reuseIdentifier] = cell
      return cell
    }

    /// Whether a class, a nib or a storyboard prototype is registered
    /// under `reuseIdentifier`: `dequeueReusableCell(withIdentifier:)`
    /// answers `nil` without one. The cell it makes is kept as the
    /// identifier's prototype cell (for measuring).
    public func hasCellRegistration(forReuseIdentifier reuseIdentifier: String) -> Bool? {
      if bridge?.prototypes[reuseIdentifier] != nil { return true }
      guard let cell = dequeueReusableCell(withIdentifier: reuseIdentifier) else { return false }
      bridge?.prototypes[reuseIdentifier] = cell
      return true
    }

    /// `register(_:forCellReuseIdentifier:)`.
    public func registerCell(
      _ cellClass: UITableViewCell.Type, forReuseIdentifier reuseIdentifier: String
    ) {
      register(cellClass, forCellReuseIdentifier: reuseIdentifier)
      bridge?.prototypes[reuseIdentifier] = nil
    }

    /// Whether a header-footer view class or nib is registered under
    /// `reuseIdentifier` (`dequeueReusableHeaderFooterView(withIdentifier:)`
    /// answers `nil` without one).
    public func hasSectionViewRegistration(
      ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
    ) -> Bool? {
      dequeueReusableHeaderFooterView(withIdentifier: reuseIdentifier) != nil
    }

    /// `register(_:forHeaderFooterViewReuseIdentifier:)`, for a
    /// `UITableViewHeaderFooterView` class; `false` for another class.
    public func registerSectionView(
      _ viewClass: Any.Type, ofKind kind: SectionViewKind,
      forReuseIdentifier reuseIdentifier: String
    ) -> Bool {
      guard let viewClass = viewClass as? UITableViewHeaderFooterView.Type else { return false }
      register(viewClass, forHeaderFooterViewReuseIdentifier: reuseIdentifier)
      return true
    }

    /// The visible rows' paths, in list order.
    public var visibleItemPaths: [ItemPath] {
      (indexPathsForVisibleRows ?? []).map(ItemPath.init).sorted()
    }

    /// The visible cell at `path`.
    public func visibleCell(at path: ItemPath) -> UITableViewCell? {
      cellForRow(at: path.indexPath)
    }

    /// `dequeueReusableCell(withIdentifier:for:)`.
    public func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath)
      -> UITableViewCell
    {
      dequeueReusableCell(withIdentifier: reuseIdentifier, for: path.indexPath)
    }

    /// A plain `UITableViewCell`, registered by the table view itself, whose
    /// text is `message`.
    public func fallbackCell(for path: ItemPath, message: String) -> UITableViewCell {
      let cell = dequeueReusableCell(withIdentifier: fallbackReuseIdentifier, for: path.indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = message
      cell.contentConfiguration = content
      return cell
    }

    /// Makes the table view's own selection the data source's, when the
    /// data source keeps one (`managesSelection`): rows reloaded by a batch
    /// lose UIKit's selection, the data source keeps it by id. The glue
    /// calls it after each batch and reload; a
    /// `ListController` calls it on every change of its selection (a
    /// selection made in code included), through ``selectionDidChange()``.
    public func syncSelection() {
      syncSelectionWithDataSource()
    }
  }

  extension UITableView: BatchUpdatingListView {
    typealias Bridge = TableViewBridge

    func install(_ bridge: TableViewBridge) {
      bridge.view = self
      register(UITableViewCell.self, forCellReuseIdentifier: fallbackReuseIdentifier)
      dataSource = bridge
    }

    func numberOfItemsShown(inSection section: Int) -> Int { numberOfRows(inSection: section) }

    func performOperations(of batch: Changeset) {
      let animation = bridge?.rowAnimation ?? .automatic
      deleteSections(IndexSet(batch.sectionDeletes), with: animation)
      insertSections(IndexSet(batch.sectionInserts), with: animation)
      for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
      deleteRows(at: batch.itemDeletes.map(\.indexPath), with: animation)
      insertRows(at: batch.itemInserts.map(\.indexPath), with: animation)
      for move in batch.itemMoves { moveRow(at: move.from.indexPath, to: move.to.indexPath) }
      let updates = batch.itemUpdates
      reloadRows(at: updates.filter { $0.kind == .reload }.map(\.from.indexPath), with: animation)
      reconfigureRows(at: updates.filter { $0.kind == .reconfigure }.map(\.from.indexPath))
    }

    var visibleIndexPaths: [IndexPath] { indexPathsForVisibleRows ?? [] }

    func frameOfItem(at indexPath: IndexPath) -> CGRect? { rectForRow(at: indexPath) }

    var scrollsVertically: Bool { true }

    var selectedIndexPaths: [IndexPath] { indexPathsForSelectedRows ?? [] }

    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
      if selected {
        selectRow(at: indexPath, animated: false, scrollPosition: .none)
      } else {
        deselectRow(at: indexPath, animated: false)
      }
    }
  }

  /// The tap recognizer the bridge adds to header views, once per view.
  final class HeaderTapRecognizer: UITapGestureRecognizer {}
#endif
