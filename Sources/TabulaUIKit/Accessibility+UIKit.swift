#if canImport(UIKit)
  import Tabula
  import UIKit

  // VoiceOver's actions on rows (moves, an outline's folders) and headers
  // with the header trait; the actions are the data source's
  // (ListHostDataSource.accessibilityActions(forItemAt:)), set on each cell
  // the glue hands out, beside the app's own.

  /// A custom action the glue adds to a row's cell: a type of its own, so
  /// that the glue replaces its actions and keeps the app's.
  final class RowCustomAction: UIAccessibilityCustomAction {}

  extension UIView {
    /// Sets the row's accessibility actions named `names` (the app's own
    /// custom actions stay, first); `perform` runs the one picked, with the
    /// cell, and returns whether it was done.
    @MainActor
    func showRowActions(
      _ names: [String], perform: @escaping @MainActor (_ name: String, _ cell: UIView) -> Bool
    ) {
      let current = accessibilityCustomActions ?? []
      let kept = current.filter { !($0 is RowCustomAction) }
      guard !(names.isEmpty && kept.count == current.count) else { return }
      let ours = names.map { name in
        RowCustomAction(name: name) { [weak self] _ in
          guard let self else { return false }
          return perform(name, self)
        }
      }
      let all = kept + ours
      accessibilityCustomActions = all.isEmpty ? nil : all
    }

    /// Marks a section's header as a header for VoiceOver (its rotor's
    /// headings); a footer is left as it is.
    @MainActor
    func markSectionView(_ kind: SectionViewKind) {
      if kind == .header { accessibilityTraits.insert(Self.headerTrait) }
    }

    /// UIKit's `UIAccessibilityTraits.header` (`UIAccessibilityTraitHeader`,
    /// 1 << 16), by value: the iOS 16 SDK declares the constant a mutable
    /// global, which Swift 6 does not let isolated code read.
    private static let headerTrait = UIAccessibilityTraits(rawValue: 1 << 16)
  }

  /// UIKit's `UIAccessibility.Notification.announcement`
  /// (`UIAccessibilityAnnouncementNotification`, 1008), by value: the iOS 16
  /// SDK declares the constant a mutable global, which Swift 6 does not let
  /// isolated code read.
  let announcementNotification = UIAccessibility.Notification(rawValue: 1008)
#endif

#if canImport(UIKit)
  /// Offers the actions of the row at `path` on `cell` (see
  /// ``Tabula/ListAccessibilitySource/accessibilityActions(forItemAt:)``): each
  /// performs the action of its name for the row where the cell is then
  /// (`indexPath`), and afterwards the cell offers what its row offers now.
  @MainActor
  func offerRowActions<Cell: UIView>(
    on cell: Cell, at path: ItemPath, of source: any ListHostDataSource<Cell>,
    indexPath: @escaping @MainActor (Cell) -> IndexPath?
  ) {
    // Only for VoiceOver and Switch Control, which read them: other users
    // pay nothing for them. When one starts later, the bridges offer them
    // on the cells that show (`assistiveTechnologyChanged`).
    let reads = UIAccessibility.isVoiceOverRunning || UIAccessibility.isSwitchControlRunning
    let names = reads ? source.accessibilityActions(forItemAt: path).map(\.name) : []
    // An outline folder's state; a value the glue set before goes when the
    // row is no folder any more (the app's own values stay).
    let strings = source.strings
    if let value = source.accessibilityValue(forItemAt: path) {
      cell.accessibilityValue = value
    } else if let value = cell.accessibilityValue,
      [strings.accessibility.expanded, strings.accessibility.collapsed, "expanded", "collapsed"]
        .contains(value)
    {
      cell.accessibilityValue = nil
    }
    cell.showRowActions(names) { [weak source] name, view in
      guard let source, let cell = view as? Cell, let shown = indexPath(cell) else { return false }
      let done = source.performAccessibilityAction(named: name, forItemAt: ItemPath(shown))
      if let now = indexPath(cell) {
        offerRowActions(on: cell, at: ItemPath(now), of: source, indexPath: indexPath)
      }
      return done
    }
  }
#endif
