#if canImport(UIKit)
  import Tabula
  import UIKit

  // Section headers and footers on a table view: the section presenters'
  // views and heights, asked by the bridge, and refreshed in place after a
  // batch that updated their sections.

  extension TableViewBridge {
    /// The app's delegate's header view, if it gives one; else the section
    /// presenter's (else the title shows).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
      appDelegateAnswer(#selector(UITableViewDelegate.tableView(_:viewForHeaderInSection:))) {
        $0.tableView?(tableView, viewForHeaderInSection: section) ?? nil
      }
        ?? sectionView(.header, inSection: section, of: tableView)
    }

    /// The app's delegate's footer view, as the header's.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
      appDelegateAnswer(#selector(UITableViewDelegate.tableView(_:viewForFooterInSection:))) {
        $0.tableView?(tableView, viewForFooterInSection: section) ?? nil
      }
        ?? sectionView(.footer, inSection: section, of: tableView)
    }

    /// The app's delegate's header height; else the section presenter's;
    /// else the table view's `sectionHeaderHeight`.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
      DelegateComposition.answer(
        app: appDelegateAnswer(
          #selector(UITableViewDelegate.tableView(_:heightForHeaderInSection:))
        ) {
          $0.tableView?(tableView, heightForHeaderInSection: section)
        },
        tabula: { sectionHeight(.header, inSection: section, of: tableView) },
        view: { tableView.sectionHeaderHeight })
    }

    /// The app's delegate's footer height, as the header's.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
      DelegateComposition.answer(
        app: appDelegateAnswer(
          #selector(UITableViewDelegate.tableView(_:heightForFooterInSection:))
        ) {
          $0.tableView?(tableView, heightForFooterInSection: section)
        },
        tabula: { sectionHeight(.footer, inSection: section, of: tableView) },
        view: { tableView.sectionFooterHeight })
    }

    /// The section presenter's view (a registered header-footer view class,
    /// or a plain `UITableViewHeaderFooterView`), configured; `nil` when the
    /// section has none.
    func sectionView(_ kind: SectionViewKind, inSection section: Int, of tableView: UITableView)
      -> UITableViewHeaderFooterView?
    {
      guard let source,
        let identifier = source.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section)
      else { return nil }
      sectionViewIdentifiers.insert(identifier)
      let view =
        tableView.dequeueReusableHeaderFooterView(withIdentifier: identifier)
        ?? UITableViewHeaderFooterView(reuseIdentifier: identifier)
      source.configureSectionView(view, ofKind: kind, inSectionAt: section)
      view.markSectionView(kind)
      return view
    }

    /// The section presenter's height for a section view, if it answers one.
    private func sectionHeight(
      _ kind: SectionViewKind, inSection section: Int, of tableView: UITableView
    ) -> CGFloat? {
      let width = Double(tableView.bounds.width)
      return source?.sectionViewHeight(ofKind: kind, inSectionAt: section, width: width).map {
        CGFloat($0)
      }
    }

    /// Whether the app's delegate makes section views of `kind`: those are
    /// the app's to refresh.
    func appMakesSectionViews(_ kind: SectionViewKind) -> Bool {
      let selector =
        kind == .header
        ? #selector(UITableViewDelegate.tableView(_:viewForHeaderInSection:))
        : #selector(UITableViewDelegate.tableView(_:viewForFooterInSection:))
      return forwardee?.responds(to: selector) ?? false
    }
  }

  extension UITableView {

    /// Refreshes the visible headers and footers of updated `sections`
    /// without reloading them (which would cancel the rows' animations): a
    /// section presenter's view whose reuse identifier holds is configured
    /// again in place, a title is set again. A view that must change kind
    /// (another reuse identifier, a view that comes or goes) is replaced by
    /// reloading its section, after the batch.
    func refreshSections(_ sections: [Int], animated: Bool) {
      guard let bridge else { return }
      var replaced = IndexSet()
      for section in sections {
        for kind in SectionViewKind.allCases {
          let shown =
            kind == .header ? headerView(forSection: section) : footerView(forSection: section)
          guard let shown else { continue }
          let identifier = hostDataSource?.sectionViewReuseIdentifier(
            ofKind: kind, inSectionAt: section)
          let wasPresented =
            shown.reuseIdentifier.map(bridge.sectionViewIdentifiers.contains) ?? false
          if let identifier, shown.reuseIdentifier == identifier {
            hostDataSource?.configureSectionView(shown, ofKind: kind, inSectionAt: section)
          } else if identifier != nil || wasPresented {
            replaced.insert(section)
          } else if !bridge.appMakesSectionViews(kind) {
            let title =
              kind == .header
              ? hostDataSource?.headerTitle(forSectionAt: section)
              : hostDataSource?.footerTitle(forSectionAt: section)
            update(shown, to: title)
          }
        }
      }
      guard !replaced.isEmpty else { return }
      let reload = { [self] in reloadSections(replaced, with: .none) }
      if animated { reload() } else { UIView.performWithoutAnimation(reload) }
    }

    private func update(_ view: UITableViewHeaderFooterView?, to title: String?) {
      guard let view else { return }
      var configuration =
        (view.contentConfiguration as? UIListContentConfiguration)
        ?? view.defaultContentConfiguration()
      configuration.text = title
      view.contentConfiguration = configuration
    }
  }
#endif
