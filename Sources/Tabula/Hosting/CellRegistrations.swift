/// The reuse identifiers a ``ListController``'s host can dequeue, made
/// sure of the first time each is used: a registration the host reports is
/// kept, otherwise the presenter's ``Presenter/cellClass`` (or
/// ``SectionPresenter/viewClass``) is registered. An identifier with
/// neither is reported to ``TabulaLog`` once, naming it, and the caller
/// shows a fallback instead of dequeuing (which UIKit answers with an
/// exception).
///
/// The decision is the same for every host; hosts only answer whether an
/// identifier is registered (`nil` when they cannot tell: then a class is
/// registered if the presenter has one, and the app is trusted if not) and
/// register a class.
///
/// A class the controller keeps, rather than a value it lends out, so that
/// no access to it is held while the host dequeues or a presenter
/// configures: a configuration that makes the host lay out again (and ask
/// for more cells, or heights) reaches it again. Its stored properties opt
/// out of the runtime's exclusivity checks (this is the path of every
/// cell): each method touches them only between its calls out, so no two
/// accesses can overlap.
@MainActor
@usableFromInline
final class CellRegistrations {
  /// Cell identifiers the host can dequeue.
  @exclusivity(unchecked) @usableFromInline var readyCells: Set<String> = []
  /// The last few identifiers found ready, most recent first: a list shows
  /// rows of a few kinds, and comparing a handful of strings costs less
  /// than hashing one (this is the path of every cell).
  @exclusivity(unchecked) @usableFromInline var recentReadyCells: [String] = []
  /// Section view identifiers the host can dequeue, per kind.
  @exclusivity(unchecked) var readySectionViews: [SectionViewKind: Set<String>] = [:]
  /// What was reported missing (each reported once).
  private let reports = ReportOnce<String>()

  @usableFromInline init() {}

  /// Whether `host` can dequeue a cell under `identifier`, registering
  /// `cellClass` the first time when the host reports no registration of
  /// its own. `false` (reported once) when there is none and no class to
  /// register.
  ///
  /// - Complexity: O(1) after an identifier's first use.
  @inlinable
  func prepareCell<Cell>(
    _ identifier: String, cellClass: Cell.Type?, on host: any ListHost<Cell>,
    presenter: @autoclosure () -> String
  ) -> Bool {
    for recent in recentReadyCells where recent == identifier { return true }
    if readyCells.contains(identifier) {
      if recentReadyCells.count == 8 { recentReadyCells.removeLast() }
      recentReadyCells.insert(identifier, at: 0)
      return true
    }
    return prepareNewCell(identifier, cellClass: cellClass, on: host, presenter: presenter())
  }

  @usableFromInline
  func prepareNewCell<Cell>(
    _ identifier: String, cellClass: Cell.Type?, on host: any ListHost<Cell>, presenter: String
  ) -> Bool {
    let registered = host.hasCellRegistration(forReuseIdentifier: identifier)
    if registered != true {
      if let cellClass {
        host.registerCell(cellClass, forReuseIdentifier: identifier)
      } else if registered == false {
        report(
          "cell:" + identifier,
          Self.missingCellMessage(identifier, presenter: presenter, host: host))
        return false
      }
    }
    readyCells.insert(identifier)
    return true
  }

  /// Whether `host` can dequeue a section view of `kind` under
  /// `identifier`, registering `viewClass` the first time as
  /// ``prepareCell(_:cellClass:on:presenter:)`` registers cells. `false`
  /// (reported once) when there is no registration and no class, or the
  /// class is not a kind of section view the host shows.
  func prepareSectionView<Cell>(
    _ identifier: String, kind: SectionViewKind, viewClass: Any.Type?,
    on host: any ListHost<Cell>, presenter: String
  ) -> Bool {
    if readySectionViews[kind]?.contains(identifier) == true { return true }
    let registered = host.hasSectionViewRegistration(ofKind: kind, forReuseIdentifier: identifier)
    if registered != true {
      if let viewClass {
        guard
          host.registerSectionView(viewClass, ofKind: kind, forReuseIdentifier: identifier)
        else {
          report(
            "\(kind):" + identifier,
            "\(presenter) makes \(kind) views of class \(viewClass), which \(type(of: host)) "
              + "cannot show as section views: its sections show their titles instead")
          return false
        }
      } else if registered == false {
        report(
          "\(kind):" + identifier,
          "\(presenter) dequeues \(kind) views under the reuse identifier \"\(identifier)\", "
            + "which \(type(of: host)) has no registration for, and its viewClass is nil: "
            + "register a view class or nib for \"\(identifier)\", or give it a viewClass. "
            + "Its sections show their titles instead")
        return false
      }
    }
    readySectionViews[kind, default: []].insert(identifier)
    return true
  }

  /// What a missing cell registration is reported as.
  static func missingCellMessage<Cell>(
    _ identifier: String, presenter: String, host: any ListHost<Cell>
  ) -> String {
    "\(presenter) dequeues cells under the reuse identifier \"\(identifier)\", which "
      + "\(type(of: host)) has no registration for, and its cellClass is nil: register a cell "
      + "class or nib for \"\(identifier)\", or give \(presenter) a cellClass. Its rows show a "
      + "fallback cell"
  }

  /// The text of the fallback cell of a row whose reuse identifier has no
  /// registration.
  @usableFromInline
  static func fallbackMessage(forUnregistered identifier: String) -> String {
    "no cell registered for reuse identifier \"\(identifier)\""
  }

  private func report(_ key: String, _ message: @autoclosure () -> String) {
    reports.report(key, message())
  }
}
