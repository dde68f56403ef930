#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// UIKit's own API that a `UITableView` and a `UICollectionView` both
  /// have, under the same names, which the glue calls.
  @MainActor
  protocol UIKitListView: UIScrollView {
    /// UIKit's kind of prefetch data source for this view.
    associatedtype PrefetchDataSource
    /// UIKit's `prefetchDataSource`.
    var prefetchDataSource: PrefetchDataSource? { get set }
    /// UIKit's `backgroundView`: an empty state shows there.
    var backgroundView: UIView? { get set }
    /// UIKit's `numberOfSections`, as the view shows them.
    var numberOfSections: Int { get }
    /// UIKit's `hasUncommittedUpdates`.
    var hasUncommittedUpdates: Bool { get }
    /// UIKit's `performBatchUpdates(_:completion:)`.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
    /// UIKit's `allowsMultipleSelection`.
    var allowsMultipleSelection: Bool { get set }
    /// UIKit's `allowsMultipleSelectionDuringEditing`.
    var allowsMultipleSelectionDuringEditing: Bool { get set }
  }

  /// What Tabula does the same way on a `UITableView` and a
  /// `UICollectionView`: a batch (switching the data source's data inside
  /// `performBatchUpdates`, refreshing updated section views before the
  /// completion, a reload instead when the view is off screen), the
  /// reading position kept through it, and the view's selection kept equal
  /// to the data source's. Each view supplies its own calls.
  @MainActor
  protocol BatchUpdatingListView: UIKitListView, ListHost where Cell: UIView {
    /// The bridge type that serves this kind of view.
    associatedtype Bridge: ListViewBridge<Cell>
    where Bridge.AppPrefetching == PrefetchDataSource

    /// The number of rows (items) the view shows in a section.
    func numberOfItemsShown(inSection section: Int) -> Int
    /// Makes the bridge the view's drag and drop delegates again (on iOS)
    /// when the app set its own.
    func reclaimDragDelegates()
    /// The operations of `batch`, in UIKit's calls (inside
    /// `performBatchUpdates`).
    func performOperations(of batch: Changeset)
    /// Refreshes the section views of updated `sections` (new positions).
    func refreshSections(_ sections: [Int], animated: Bool)
    /// The index paths of the visible rows or items.
    var visibleIndexPaths: [IndexPath] { get }
    /// The frame of a row or item in the content, if laid out.
    func frameOfItem(at indexPath: IndexPath) -> CGRect?
    /// Whether the view scrolls vertically (the reading position is kept
    /// along that axis only).
    var scrollsVertically: Bool { get }
    /// The index paths UIKit shows selected.
    var selectedIndexPaths: [IndexPath] { get }
    /// Selects or deselects a row or item without animation or scrolling.
    func setSelected(_ selected: Bool, at indexPath: IndexPath)
    /// Makes `bridge` serve the view and its `dataSource`, and registers
    /// the plain cell class of fallback cells.
    func install(_ bridge: Bridge)
  }

  /// What the glue needs of the bridge object of a view: the data source
  /// it asks, and the drop-in data source that owns it, if any.
  @MainActor
  protocol ListViewBridge<Cell>: DelegateForwarder, UIScrollViewDelegate {
    /// The kind of cell of the view served.
    associatedtype Cell
    /// The kind of drop-in data source that owns a bridge.
    associatedtype Owner
    /// A bridge not connected yet.
    init()
    /// The data source, held weakly.
    var source: (any ListHostDataSource<Cell>)? { get set }
    /// The drop-in data source that owns the view's data, if any.
    var owner: Owner? { get set }
    /// The kind of the view's prefetch data source.
    associatedtype AppPrefetching
    /// The app's prefetch data source, which the bridge calls too.
    var appPrefetching: AppPrefetching? { get set }
  }

  extension BatchUpdatingListView {
    /// Shows `state` as the background view while the list has no rows (the
    /// background view the app set comes back after).
    public func showEmptyState(_ state: EmptyState?) {
      showEmptyStateView(state)
    }

    /// Performs one stage as `performBatchUpdates`, switching the data
    /// source's data first inside the block, then refreshes the section
    /// views of updated sections before `completion` runs (as the
    /// `ListHost` contract says), which may start the next batch. The first
    /// visible row stays where it was on screen (in a vertical layout).
    /// Off screen (no window), it reloads instead.
    public func performBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      performListBatch(batch, animated: animated, updateData: updateData, completion: completion)
    }

    /// Whether VoiceOver runs, which speaks announcements.
    public var isAnnouncing: Bool { UIAccessibility.isVoiceOverRunning }

    /// Posts `message` as a VoiceOver announcement.
    public func announce(_ message: String) {
      UIAccessibility.post(notification: announcementNotification, argument: message)
    }

    /// Asks the heights of the rows on screen again, keeping the first of
    /// them where it is (a batch with no changes: UIKit measures the rows
    /// again, and the glue keeps the reading position).
    public func heightsDidChange() {
      performListBatch(Changeset(), animated: false, updateData: {}, completion: {})
    }

    /// The data source's selection or mode changed: the view's own
    /// selection and its multiple-selection flags become the data
    /// source's.
    public func selectionDidChange() {
      syncSelectionWithDataSource()
    }

    /// The data source; setting it makes a bridge object the view's
    /// `dataSource`, `delegate` and `prefetchDataSource`, and registers the
    /// plain cell class of fallback cells. The app's delegate and prefetch
    /// data source, set before or after, keep hearing every call (see the
    /// view's `forwardingDelegate`).
    public var hostDataSource: (any ListHostDataSource<Cell>)? {
      get { bridge?.source }
      set {
        let bridge = bridge(orMake: Bridge.init)
        bridge.source = newValue
        bridge.owner = nil  // a drop-in data source claims it again after
        install(bridge)
        reclaimDelegates()
        bridge.observeTextSize()
        bridge.observeAssistiveTechnologies()
      }
    }
  }

  extension BatchUpdatingListView {
    /// The bridge this view keeps, if it has one.
    var bridge: Bridge? { ViewAssociation<Bridge>.bridge.value(of: self) }

    /// Makes the bridge the view's delegate, prefetch data source (and, on
    /// iOS, drag and drop delegates) again, after the app set its own: the
    /// app's becomes the bridge's forwardee, or is kept by the bridge and
    /// called too (both hear every call). `nil` set by the app leaves the
    /// bridge without a forwardee.
    func reclaimDelegates() {
      guard let bridge else { return }
      // UIScrollView's delegate is the table's or collection view's.
      let scrollView: UIScrollView = self
      if scrollView.delegate !== bridge { forwardDelegateCalls(to: scrollView.delegate) }
      reclaim(\.prefetchDataSource, keepingAppsIn: \.appPrefetching)
      reclaimDragDelegates()
    }

    /// Makes `appDelegate` the bridge's forwardee and the bridge the view's
    /// delegate again: the app's delegate hears every call (the view's
    /// `forwardingDelegate`).
    func forwardDelegateCalls(to appDelegate: NSObjectProtocol?) {
      guard let bridge else { return }
      bridge.forwardee = appDelegate
      let scrollView: UIScrollView = self
      scrollView.delegate = nil  // UIKit asks again which calls the delegate answers
      scrollView.delegate = bridge
    }

    /// Makes the bridge the view's `delegate` of one kind again (its
    /// prefetch data source, its drag or drop delegate) when the app set
    /// its own there, which the bridge keeps in `appDelegate` and calls
    /// too.
    func reclaim<Delegate>(
      _ delegate: ReferenceWritableKeyPath<Self, Delegate?>,
      keepingAppsIn appDelegate: ReferenceWritableKeyPath<Bridge, Delegate?>
    ) {
      guard let bridge, let bridgeAsDelegate = bridge as? Delegate,
        self[keyPath: delegate] as AnyObject? !== bridge
      else { return }
      bridge[keyPath: appDelegate] = self[keyPath: delegate]
      self[keyPath: delegate] = bridgeAsDelegate
    }

    /// The bridge this view keeps, made (by `make`) and kept on first use.
    func bridge(orMake make: () -> Bridge) -> Bridge {
      if let bridge { return bridge }
      let made = make()
      ViewAssociation<Bridge>.bridge.set(made, on: self)
      return made
    }

    /// Performs one stage as `performBatchUpdates`, switching the data
    /// source's data first inside the block, then refreshes the section
    /// views of updated sections as soon as the view has taken the batch
    /// in: before `completion` runs, which may start the next batch (after
    /// which this batch's section positions no longer hold). The first
    /// visible row stays where it was on screen when the data source's
    /// `scrollAnchoring` says so and the list is not at rest at its top.
    func performListBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      reclaimDelegates()
      // Off screen (no window) an animation is bookkeeping nobody sees, and
      // UIKit may raise on it: reload instead. The completion still runs
      // later, as after an animation, never inside the caller's apply.
      guard window != nil else {
        updateData()
        reloadData()
        syncSelectionWithDataSource()
        Task { @MainActor in completion() }
        return
      }
      let sections = batch.sectionUpdates.map(\.to)
      let refreshUpdatedSections = RunOnce { [self] in
        refreshSections(sections, animated: animated)
      }
      let anchoring = hostDataSource?.scrollAnchoring ?? .firstVisibleRow
      let anchors = anchoring.anchors(
        contentOffset: Double(contentOffset.y), top: Double(-adjustedContentInset.top))
      withoutActuallyEscaping(updateData) { updateData in
        let anchor = anchors ? readingAnchor() : nil
        let oldCounts = anchor == nil ? [] : (0..<numberOfSections).map(numberOfItemsShown)
        let perform = { [self] in
          performBatchUpdates(
            { [self] in
              updateData()
              performOperations(of: batch)
            },
            completion: { _ in
              // In case UIKit finishes at once, before performBatchUpdates returns.
              refreshUpdatedSections()
              completion()
            })
          // What the user reads stays put: the first visible row (or its
          // nearest surviving neighbour) where it was on screen.
          if let anchor {
            keep(anchor, after: BatchPositionMap(batch), oldCounts: oldCounts)
          }
        }
        if animated { perform() } else { UIView.performWithoutAnimation(perform) }
      }
      refreshUpdatedSections()
      // Rows a batch reloaded lost UIKit's selection; the data source kept it.
      syncSelectionWithDataSource()
    }

    /// The first visible row and how far the top of the visible area is
    /// below the row's top.
    func readingAnchor() -> ScrollAnchor? {
      guard scrollsVertically, let first = visibleIndexPaths.min(),
        let frame = frameOfItem(at: first)
      else { return nil }
      let top = contentOffset.y + adjustedContentInset.top
      return ScrollAnchor(path: ItemPath(first), distance: Double(top - frame.minY))
    }

    /// Scrolls, without animation, so that `anchor`'s row (or, when the
    /// batch removed it, its nearest surviving neighbour) is where it was.
    func keep(_ anchor: ScrollAnchor, after map: BatchPositionMap, oldCounts: [Int]) {
      let target: ItemPath
      var distance = anchor.distance
      if let moved = map.newPath(of: anchor.path) {
        target = moved
      } else if let neighbour = ScrollAnchor.nearestSurvivor(
        of: anchor.path, through: map, oldCounts: oldCounts)
      {
        target = neighbour
        distance = 0
      } else {
        return
      }
      layoutIfNeeded()
      guard let frame = frameOfItem(at: target.indexPath) else { return }
      let top = frame.minY + CGFloat(distance)
      let limit = max(
        -adjustedContentInset.top,
        contentSize.height + adjustedContentInset.bottom - bounds.height)
      let y = min(max(top - adjustedContentInset.top, -adjustedContentInset.top), limit)
      UIView.performWithoutAnimation { contentOffset.y = y }
    }

    /// Makes the view's own selection the data source's, when the data
    /// source keeps one (`managesSelection`): rows reloaded by a batch lose
    /// UIKit's selection, the data source keeps it by id.
    func syncSelectionWithDataSource() {
      guard let source = hostDataSource, source.managesSelection, !hasUncommittedUpdates else {
        return
      }
      // The mode's flags first: with a single-selection flag left, UIKit
      // would keep one row of several.
      let flags = SelectionMode.ViewFlags(source.selectionMode)
      if allowsMultipleSelection != flags.allowsMultipleSelection {
        allowsMultipleSelection = flags.allowsMultipleSelection
      }
      if allowsMultipleSelectionDuringEditing != flags.allowsMultipleSelectionDuringEditing {
        allowsMultipleSelectionDuringEditing = flags.allowsMultipleSelectionDuringEditing
      }
      let wanted = Set(source.selectedItemPaths.map(\.indexPath))
      let shown = Set(selectedIndexPaths)
      for indexPath in shown.subtracting(wanted) { setSelected(false, at: indexPath) }
      for indexPath in wanted.subtracting(shown) { setSelected(true, at: indexPath) }
    }
  }

  #if os(iOS)
    /// A view with UIKit's drag and drop delegates, which its bridge takes
    /// (keeping the app's).
    @MainActor
    protocol DragDelegating: BatchUpdatingListView
    where Bridge: DragBridging<DragDelegate, DropDelegate> {
      /// UIKit's kind of drag delegate for this view.
      associatedtype DragDelegate
      /// UIKit's kind of drop delegate for this view.
      associatedtype DropDelegate
      /// UIKit's `dragDelegate`.
      var dragDelegate: DragDelegate? { get set }
      /// UIKit's `dropDelegate`.
      var dropDelegate: DropDelegate? { get set }
    }

    /// A bridge that keeps the app's drag and drop delegates.
    @MainActor
    protocol DragBridging<AppDrag, AppDrop>: AnyObject {
      /// The kind of the view's drag delegate.
      associatedtype AppDrag
      /// The kind of the view's drop delegate.
      associatedtype AppDrop
      /// The app's drag delegate, which the bridge calls too.
      var appDragDelegate: AppDrag? { get set }
      /// The app's drop delegate, which the bridge calls too.
      var appDropDelegate: AppDrop? { get set }
    }

    extension DragDelegating {
      /// Makes the bridge the view's drag and drop delegates again when the
      /// app set its own.
      func reclaimDragDelegates() {
        reclaim(\.dragDelegate, keepingAppsIn: \.appDragDelegate)
        reclaim(\.dropDelegate, keepingAppsIn: \.appDropDelegate)
      }
    }

    extension UITableView: DragDelegating {}
    extension UICollectionView: DragDelegating {}
    extension TableViewBridge: DragBridging {}
    extension CollectionViewBridge: DragBridging {}
  #else
    extension BatchUpdatingListView {
      /// Nothing: the view has no drag and drop delegates here.
      func reclaimDragDelegates() {}
    }
  #endif
#endif
