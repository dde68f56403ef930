#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Serves a `UITableView` from a `ListHostDataSource`: counts, cells,
  /// section views and titles, heights and estimated heights (the same
  /// cache), and forwards selections; every other delegate call goes to the
  /// app's delegate.
  @MainActor
  final class TableViewBridge: DelegateForwarder, UITableViewDataSource, UITableViewDelegate,
    UITableViewDataSourcePrefetching
  {
    weak var source: (any ListHostDataSource<UITableViewCell>)?

    /// The app's own delegate, typed.
    var appDelegate: (any UITableViewDelegate)? { forwardee as? any UITableViewDelegate }

    /// Cells kept for measuring, one per reuse identifier; never shown.
    var prototypes: [String: UITableViewCell] = [:]

    /// The animation of inserted, deleted and reloaded rows and sections
    /// (a `TableViewDataSource`'s `defaultRowAnimation`).
    var rowAnimation = UITableView.RowAnimation.automatic

    /// The section index's titles and where each leads, when the app gives
    /// them (a `TableViewDataSource` subclass's overrides).
    var sectionIndex: (titles: () -> [String]?, section: (_ title: String, _ index: Int) -> Int)?

    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
      sectionIndex?.titles()
    }

    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      sectionIndex?.section(title, index) ?? index
    }

    func numberOfSections(in tableView: UITableView) -> Int {
      source?.numberOfSections ?? 0
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      source?.numberOfItems(inSectionAt: section) ?? 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      guard let source else {
        TabulaLog.report("a table view asked for a cell at \(indexPath) with no data source")
        return UITableViewCell()
      }
      return source.cell(for: tableView, at: ItemPath(indexPath))
    }

    /// Makes a header tappable: a tap reports the header's section to the
    /// data source (its tag holds the section it shows now).
    func tableView(
      _ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int
    ) {
      view.tag = section
      if view.gestureRecognizers?.contains(where: { $0 is HeaderTapRecognizer }) != true {
        view.addGestureRecognizer(
          HeaderTapRecognizer(target: self, action: #selector(headerTapped(_:))))
      }
    }

    @objc func headerTapped(_ recognizer: UITapGestureRecognizer) {
      guard let section = recognizer.view?.tag else { return }
      source?.didSelectHeader(inSectionAt: section)
    }

    /// Reuse identifiers of the section views the bridge made: a shown
    /// view with one of them came from a section presenter.
    var sectionViewIdentifiers: Set<String> = []

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      source?.headerTitle(forSectionAt: section)
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      source?.footerTitle(forSectionAt: section)
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      let width = Double(tableView.bounds.width)
      guard let height = source?.height(forItemAt: ItemPath(indexPath), width: width) else {
        return UITableView.automaticDimension
      }
      return CGFloat(height)
    }

    /// The data source's estimate (the cached height, the presenter's
    /// estimate or the average of measured rows), else the table view's
    /// `estimatedRowHeight`.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
      -> CGFloat
    {
      let width = Double(tableView.bounds.width)
      guard let height = source?.estimatedHeight(forItemAt: ItemPath(indexPath), width: width)
      else { return UITableView.automaticDimension }
      return CGFloat(height)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      source?.didSelectItem(at: ItemPath(indexPath))
    }

    func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      source?.willDisplay(cell, forItemAt: ItemPath(indexPath))
      // A row selected by id shows selected (after reloads, too).
      if source?.managesSelection == true, source?.isItemSelected(at: ItemPath(indexPath)) == true,
        tableView.indexPathsForSelectedRows?.contains(indexPath) != true
      {
        tableView.selectRow(at: indexPath, animated: false, scrollPosition: .none)
      }
    }

    func tableView(
      _ tableView: UITableView, didEndDisplaying cell: UITableViewCell,
      forRowAt indexPath: IndexPath
    ) {
      source?.didEndDisplaying(cell, forItemAt: ItemPath(indexPath))
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      source?.prefetchItems(at: indexPaths.map(ItemPath.init))
    }

    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
      source?.cancelPrefetchingItems(at: indexPaths.map(ItemPath.init))
    }
  }
#endif
