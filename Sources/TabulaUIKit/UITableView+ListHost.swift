#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  extension UITableView: ListHost {
    /// Table views show `UITableViewCell`s.
    public typealias Cell = UITableViewCell

    /// The data source; setting it makes a bridge object the table view's
    /// `dataSource`, `delegate` and `prefetchDataSource`, and registers the
    /// plain cell class of fallback cells. The app's delegate and prefetch
    /// data source, set before or after, keep hearing every call (see
    /// ``forwardingDelegate``).
    public var hostDataSource: (any ListHostDataSource<UITableViewCell>)? {
      get { bridge?.source }
      set {
        let bridge = bridge(orMake: TableViewBridge.init)
        bridge.source = newValue
        bridge.owner = nil  // a drop-in data source claims it again after
        register(UITableViewCell.self, forCellReuseIdentifier: fallbackReuseIdentifier)
        dataSource = bridge
        reclaimDelegates()
        bridge.view = self
        bridge.observeTextSize()
        bridge.observeAssistiveTechnologies()
      }
    }

    /// The app's delegate. It hears every delegate call: those Tabula does
    /// not answer (scrolling, context menus...) and, after Tabula, those it
    /// does (selection, display); its answers (heights, sizes) win. A
    /// delegate the app sets on the view, before or after the data source,
    /// becomes it.
    public var forwardingDelegate: (any UITableViewDelegate)? {
      get { bridge?.appDelegate }
      set { forwardDelegateCalls(to: newValue) }
    }

    /// Shows `state` as the background view while the list has no rows (the
    /// background view the app set comes back after).
    public func showEmptyState(_ state: EmptyState?) {
      showEmptyStateView(state)
    }

    /// Performs one stage as `performBatchUpdates`, switching the data
    /// source's data first inside the block, then refreshes updated headers
    /// and footers as soon as the table view has taken in the batch: before
    /// `completion` runs, which may start the next batch (after which this
    /// batch's section indices no longer hold). The first visible row stays
    /// where it was on screen. Off screen (no window), it reloads instead.
    public func performBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      performListBatch(batch, animated: animated, updateData: updateData, completion: completion)
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

    /// Whether VoiceOver runs, which speaks announcements.
    public var isAnnouncing: Bool { UIAccessibility.isVoiceOverRunning }

    /// Asks the heights of the rows on screen again, keeping the first of
    /// them where it is (a batch with no changes: UIKit measures the rows
    /// again, and the glue keeps the reading position).
    public func heightsDidChange() {
      performListBatch(Changeset(), animated: false, updateData: {}, completion: {})
    }

    /// Posts `message` as a VoiceOver announcement.
    public func announce(_ message: String) {
      UIAccessibility.post(notification: announcementNotification, argument: message)
    }

    /// The data source's selection or mode changed: the table view's own
    /// selection and its multiple-selection flags become the data
    /// source's (``syncSelection()``).
    public func selectionDidChange() {
      syncSelectionWithDataSource()
    }
  }

  extension UITableView: BatchUpdatingListView {
    func reclaimPrefetchDataSource() {
      reclaim(\.prefetchDataSource, keepingAppsIn: \.appPrefetching)
      #if os(iOS)
        reclaim(\.dragDelegate, keepingAppsIn: \.appDragDelegate)
        reclaim(\.dropDelegate, keepingAppsIn: \.appDropDelegate)
      #endif
    }

    typealias Bridge = TableViewBridge

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
