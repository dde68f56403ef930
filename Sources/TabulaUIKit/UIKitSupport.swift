// TabulaUIKit: UITableView and UICollectionView as Tabula list hosts.
//
// Apple platforms only. This is thin glue: every decision (what changed, in
// which batches, what each cell shows) is made in the portable Tabula module
// and tested on Linux against TabulaTesting's simulated views, which enforce
// the same batch rules UIKit does. The glue is type-checked for iOS by
// `.ci/apple`.
//
// Files:
// - UIKitSupport.swift: index paths, run-once, objects a view keeps;
// - DelegateForwarder.swift: the bridges' base, which hands the app's
//   delegate every call Tabula does not answer;
// - ListViewGlue.swift: what tables and collection views share (wiring a
//   bridge, batches, off-window reloads, the reading position, selection);
// - TableViewBridge.swift, CollectionViewBridge.swift: each view's data
//   source and delegate, answered from a ListHostDataSource;
// - UITableView+ListHost.swift, UICollectionView+ListHost.swift: each
//   view's own calls; UITableView+SectionViews.swift: table headers and
//   footers; UserEdits+UIKit.swift: reordering, deletes, swipes, undo;
// - CompositionalLayout.swift: compositional layouts from SectionLayouts;
//   ContentConfigurationPresenter.swift: rows made of content
//   configurations; UIRefreshControl+PullToRefresh.swift.

#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  // Problems the glue recovers from (a cell asked for after its data source
  // went away) go to the core's reporter, `Tabula.TabulaLog`, like every
  // other recovered problem.

  /// The reuse identifier under which the list views register the plain
  /// cell class of their fallback cells (`ListHost.fallbackCell(for:message:)`).
  let fallbackReuseIdentifier = "Tabula.fallback"

  extension ItemPath {
    /// The path of `indexPath` (its `row` or `item`).
    public init(_ indexPath: IndexPath) {
      self.init(section: indexPath.section, item: indexPath.item)
    }

    /// The path as an `IndexPath`.
    public var indexPath: IndexPath { IndexPath(item: item, section: section) }
  }

  /// Runs an action once, for whichever of its callers comes first.
  @MainActor
  final class RunOnce {
    private var action: (@MainActor () -> Void)?

    init(_ action: @escaping @MainActor () -> Void) {
      self.action = action
    }

    func callAsFunction() {
      guard let action else { return }
      self.action = nil
      action()
    }
  }

  /// Objects a view keeps alive (UIKit holds its data source, delegate and
  /// targets weakly), one per key, as Objective-C associated objects.
  ///
  /// Its members are always called qualified (`ViewAssociation.bridge.set`),
  /// so no Objective-C method of a view (`retain`, `release`...) can
  /// shadow them.
  @MainActor
  struct ViewAssociation<Value: AnyObject> {
    /// The key's address is what Objective-C compares: one static storage
    /// per association.
    private let key: UnsafeRawPointer

    /// The bridge that serves a table or collection view.
    static var bridge: ViewAssociation<Value> { ViewAssociation(key: Keys.bridge) }
    /// The bridge between a pull-to-refresh machine and a `UIRefreshControl`.
    static var refreshControl: ViewAssociation<Value> { ViewAssociation(key: Keys.refreshControl) }

    /// The value `view` keeps under this key, if any, of type `Value`.
    func value(of view: UIView) -> Value? {
      objc_getAssociatedObject(view, key) as? Value
    }

    /// Makes `view` keep `value` (released with the view).
    func set(_ value: Value?, on view: UIView) {
      objc_setAssociatedObject(view, key, value, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }

  /// The association keys: only their (distinct, stable) addresses matter,
  /// so each is one byte allocated once and never freed.
  @MainActor
  private enum Keys {
    static let bridge = newKey()
    static let refreshControl = newKey()

    static func newKey() -> UnsafeRawPointer {
      UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
    }
  }
#endif
