#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Serves a `UITableView` from a `ListHostDataSource`: counts, cells,
  /// section views and titles, heights and estimated heights (the same
  /// cache), selections and the cell lifecycle. Every delegate and
  /// prefetching call it answers also reaches the app's own delegate and
  /// prefetch data source, as `DelegateComposition` says (Tabula first for
  /// events, the app's answer first for values); every other delegate call
  /// goes to the app's delegate alone.
  @MainActor
  final class TableViewBridge: DelegateForwarder, ListViewBridge, UITableViewDataSource,
    UITableViewDelegate,
    UITableViewDataSourcePrefetching
  {
    weak var source: (any ListHostDataSource<UITableViewCell>)?

    /// A bridge not connected yet.
    override init() { super.init() }

    /// Tells the data source that the text size changed.
    override func textSizeChanged(_ notification: Notification) {
      source?.textSizeDidChange()
    }

    /// The view the bridge serves.
    weak var view: UITableView?

    /// The cells on screen offer their rows' actions now (or stop).
    override func assistiveTechnologyChanged(_ notification: Notification) {
      guard let tableView = view, let source else { return }
      for indexPath in tableView.indexPathsForVisibleRows ?? [] {
        guard let cell = tableView.cellForRow(at: indexPath) else { continue }
        offerRowActions(on: cell, at: ItemPath(indexPath), of: source) { [weak tableView] in
          tableView?.indexPath(for: $0)
        }
      }
    }

    /// The drop-in data source whose settings the table follows (row
    /// animation, section index, editing styles other than delete), if a
    /// `TableViewDataSource` serves it: settings live with their data
    /// source, not with the view.
    weak var owner: (any TableViewOwner)?

    /// The app's own delegate, typed.
    var appDelegate: (any UITableViewDelegate)? { forwardee as? any UITableViewDelegate }

    /// The app's delegate's answer to `selector`, asked through `ask`, when
    /// the app implements it itself (UIKit's defaults in a
    /// `UITableViewController` are not an answer).
    func appDelegateAnswer<Answer>(
      _ selector: Selector, _ ask: (any UITableViewDelegate) -> Answer?
    ) -> Answer? {
      guard forwardeeAnswers(selector), let appDelegate else { return nil }
      return ask(appDelegate)
    }

    /// The app's own prefetch data source, which hears every prefetch after
    /// Tabula.
    weak var appPrefetching: (any UITableViewDataSourcePrefetching)?

    #if os(iOS)
      /// The app's own drag delegate: its answers win, and it hears every
      /// drag event after Tabula.
      weak var appDragDelegate: (any UITableViewDragDelegate)?
      /// The app's own drop delegate: its answers win, and a drop it
      /// proposed is its to perform.
      weak var appDropDelegate: (any UITableViewDropDelegate)?
      /// The last drop proposal Tabula made (`nil`: the app's delegate
      /// proposed): what a drop performs.
      var dropProposal: ListDropProposal?
      /// The row a key moves UIKit's focus to, during that focus update.
      var pendingFocus: IndexPath?
      /// The rows given to the current drag session.
      var dragHandout: DragHandout?
    #endif

    /// Cells kept for measuring, one per reuse identifier; never shown.
    var prototypes: [String: UITableViewCell] = [:]

    /// Reuse identifiers of the section views the bridge made: a shown
    /// view with one of them came from a section presenter.
    var sectionViewIdentifiers: Set<String> = []

    /// The animation of inserted, deleted and reloaded rows and sections:
    /// the drop-in data source's `defaultRowAnimation`, else `.automatic`.
    var rowAnimation: UITableView.RowAnimation { owner?.defaultRowAnimation ?? .automatic }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int {
      reclaimIfReplaced(in: tableView)
      return source?.numberOfSections ?? 0
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      source?.numberOfItems(inSectionAt: section) ?? 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      reclaimIfReplaced(in: tableView)
      guard let source else {
        TabulaLog.report("a table view asked for a cell at \(indexPath) with no data source")
        return UITableViewCell()
      }
      let path = ItemPath(indexPath)
      let cell = source.cell(for: tableView, at: path)
      offerRowActions(on: cell, at: path, of: source) { [weak tableView] in
        tableView?.indexPath(for: $0)
      }
      return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      source?.headerTitle(forSectionAt: section)
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      source?.footerTitle(forSectionAt: section)
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
      owner?.sectionIndexTitles(for: tableView)
    }

    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      owner?.tableView(tableView, sectionForSectionIndexTitle: title, at: index) ?? index
    }

    /// Whether the app set a delegate or prefetch data source after the
    /// bridge took the slots: on the next turn (not inside UIKit's call)
    /// the app's becomes the bridge's forwardee and the bridge takes the
    /// slot back, so both hear every call.
    private func reclaimIfReplaced(in tableView: UITableView) {
      guard
        tableView.delegate !== self || tableView.prefetchDataSource !== self
          || dragAndDropReplaced(in: tableView)
      else { return }
      scheduleReclaim { [weak tableView] in tableView?.reclaimDelegates() }
    }

    // MARK: Heights

    /// The app's delegate's height, else Tabula's (a presenter's, the
    /// height provider's), else the table's `rowHeight`.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      let width = Double(tableView.bounds.width)
      let app: CGFloat? = appDelegateAnswer(
        #selector(UITableViewDelegate.tableView(_:heightForRowAt:))
      ) { $0.tableView?(tableView, heightForRowAt: indexPath) }
      let height = DelegateComposition.answer(
        app: app.map(Double.init),
        tabula: { source?.height(forItemAt: ItemPath(indexPath), width: width) },
        view: { Double(tableView.rowHeight) })
      return CGFloat(height)
    }

    /// The app's delegate's estimate; else, with the table's estimates off
    /// (`estimatedRowHeight` 0), the row's exact height; else Tabula's (the
    /// cached height, the presenter's estimate or the average of measured
    /// rows), else the table's `estimatedRowHeight`, else its fixed
    /// `rowHeight`.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
      -> CGFloat
    {
      let width = Double(tableView.bounds.width)
      let app: CGFloat? = appDelegateAnswer(
        #selector(UITableViewDelegate.tableView(_:estimatedHeightForRowAt:))
      ) { $0.tableView?(tableView, estimatedHeightForRowAt: indexPath) }
      let height = DelegateComposition.estimatedRowHeight(
        app: app.map(Double.init),
        tabula: { source?.estimatedHeight(forItemAt: ItemPath(indexPath), width: width) },
        viewEstimate: Double(tableView.estimatedRowHeight),
        viewRowHeight: Double(tableView.rowHeight),
        automatic: Double(UITableView.automaticDimension),
        exact: { Double(self.tableView(tableView, heightForRowAt: indexPath)) })
      return CGFloat(height)
    }

    // MARK: Selection and the cell lifecycle

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      DelegateComposition.notify(
        tabula: { source?.didSelectItem(at: ItemPath(indexPath)) },
        app: { appDelegate?.tableView?(tableView, didSelectRowAt: indexPath) })
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
      DelegateComposition.notify(
        tabula: { source?.didDeselectItem(at: ItemPath(indexPath)) },
        app: { appDelegate?.tableView?(tableView, didDeselectRowAt: indexPath) })
    }

    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      DelegateComposition.notify(
        tabula: {
          source?.willDisplay(cell, forItemAt: ItemPath(indexPath))
          // A row selected by id shows selected (after reloads, too).
          if source?.managesSelection == true,
            source?.isItemSelected(at: ItemPath(indexPath)) == true,
            tableView.indexPathsForSelectedRows?.contains(indexPath) != true
          {
            tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
          }
        },
        app: { appDelegate?.tableView?(tableView, willDisplay: cell, forRowAt: indexPath) })
    }

    func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {
      DelegateComposition.notify(
        tabula: { source?.didEndDisplaying(cell, forItemAt: ItemPath(indexPath)) },
        app: { appDelegate?.tableView?(tableView, didEndDisplaying: cell, forRowAt: indexPath) })
    }

    // MARK: Prefetching

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      DelegateComposition.notify(
        tabula: { source?.prefetchItems(at: indexPaths.map(ItemPath.init)) },
        app: { appPrefetching?.tableView(tableView, prefetchRowsAt: indexPaths) })
    }

    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      DelegateComposition.notify(
        tabula: { source?.cancelPrefetchingItems(at: indexPaths.map(ItemPath.init)) },
        app: { appPrefetching?.tableView?(tableView, cancelPrefetchingForRowsAt: indexPaths) })
    }

    // MARK: Header taps

    /// Makes the header tappable when its section hears header taps (a
    /// `didSelectHeader` set); the app's delegate hears the call after.
    func tableView(
      _ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int
    ) {
      DelegateComposition.notify(
        tabula: {
          let tappable = source?.respondsToHeaderSelection(inSectionAt: section) ?? false
          let recognizer = view.gestureRecognizers?.first { $0 is HeaderTapRecognizer }
          if let recognizer {
            recognizer.isEnabled = tappable
          } else if tappable {
            view.addGestureRecognizer(
              HeaderTapRecognizer(target: self, action: #selector(headerTapped(_:))))
          }
        },
        app: {
          appDelegate?.tableView?(tableView, willDisplayHeaderView: view, forSection: section)
        })
    }

    /// A tap on a header: the section whose header holds the tap (found by
    /// its frame, so a section moved by a batch is found where it is now).
    @objc func headerTapped(_ recognizer: UITapGestureRecognizer) {
      guard let tableView = recognizer.view?.superview(of: UITableView.self) else { return }
      let point = recognizer.location(in: tableView)
      let sections = tableView.indexPathsForVisibleRows.flatMap { paths -> ClosedRange<Int>? in
        guard let first = paths.map(\.section).min(), let last = paths.map(\.section).max()
        else { return nil }
        return max(0, first - 1)...min(tableView.numberOfSections - 1, last + 1)
      }
      let candidates = sections.map(Array.init) ?? Array(0..<tableView.numberOfSections)
      guard
        let section = candidates.first(where: {
          tableView.rectForHeader(inSection: $0).contains(point)
        })
      else { return }
      source?.didSelectHeader(inSectionAt: section)
    }
  }

  /// The settings of a drop-in `TableViewDataSource` that the table's
  /// bridge follows, and the editing calls only it answers.
  @MainActor
  protocol TableViewOwner: AnyObject {
    /// How inserted, deleted and reloaded rows animate.
    var defaultRowAnimation: UITableView.RowAnimation { get }
    /// The section index's titles.
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    /// The section a section-index title leads to.
    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int
    /// The user committed an editing style (an insert, a delete).
    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath)
  }

  extension UIView {
    /// The nearest ancestor of this view of type `type`.
    func superview<View: UIView>(of type: View.Type) -> View? {
      var view = superview
      while let current = view {
        if let match = current as? View { return match }
        view = current.superview
      }
      return nil
    }
  }
#endif
