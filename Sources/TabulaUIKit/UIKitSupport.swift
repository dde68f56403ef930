// TabulaUIKit: UITableView and UICollectionView as Tabula list hosts.
//
// Apple platforms only. This is thin glue: every decision (what changed, in
// which batches, what each cell shows) is made in the portable Tabula module
// and tested on Linux against TabulaTesting's simulated views, which enforce
// the same batch rules UIKit does.

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

  /// A key for the associated bridge object; only its address is used.
  nonisolated(unsafe) private var bridgeKey: UInt8 = 0

  /// Retains `bridge` for the lifetime of `view` (UIKit holds its data source
  /// and delegate weakly).
  @MainActor
  func retain(_ bridge: AnyObject, by view: UIView) {
    objc_setAssociatedObject(view, &bridgeKey, bridge, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  }

  /// The bridge `view` retains, if any.
  @MainActor
  func retainedBridge<Bridge>(of view: UIView, as type: Bridge.Type) -> Bridge? {
    objc_getAssociatedObject(view, &bridgeKey) as? Bridge
  }
#endif
