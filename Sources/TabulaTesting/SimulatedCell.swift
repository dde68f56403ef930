import Tabula

/// A cell of a ``SimulatedTableView`` or ``SimulatedCollectionView``.
///
/// Like `UITableViewCell`, it is made once per reuse identifier and recycled:
/// a cell that scrolls off or is replaced goes to the reuse pool, and
/// ``prepareForReuse()`` runs when it is dequeued again. Subclass it for cells
/// with more state; the view makes cells with ``init(reuseIdentifier:)``.
///
/// The plain properties are what a test reads back: what text the cell
/// shows and which item it represents.
@MainActor
open class SimulatedCell {
  /// The identifier the cell was registered and dequeued under.
  public let reuseIdentifier: String
  /// The main text the cell shows.
  public var text = ""
  /// Secondary text, if any.
  public var detailText: String?
  /// The id of the item the cell shows, as its configuration set it.
  public var representedID: AnyHashable?
  /// How many times the cell was prepared for reuse.
  public private(set) var reuseCount = 0
  /// The editing controls a collection view's list cell shows for its row
  /// (UIKit's `.delete()` and `.reorder()` accessories, which TabulaUIKit
  /// adds as the data source says); a table's rows show theirs by
  /// themselves, so its cells keep none.
  public internal(set) var editingControls: EditingControls = []
  /// The names of the actions VoiceOver offers on the cell's row, as
  /// TabulaUIKit sets them (UIKit's `accessibilityCustomActions`) when the
  /// cell is configured and after one of them ran (see
  /// ``SimulatedListView/performAccessibilityAction(named:at:)``).
  public internal(set) var accessibilityActionNames: [String] = []
  /// What VoiceOver says of the row's state, as the glue sets it on a
  /// UIKit cell (an outline folder's "expanded" or "collapsed").
  public internal(set) var accessibilityValue: String?

  /// Makes a cell; the view calls this when its reuse pool is empty.
  public required init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Resets the cell before it is reused. Subclasses call `super`.
  open func prepareForReuse() {
    text = ""
    detailText = nil
    representedID = nil
  }

  /// Prepares the cell for reuse, counting it (``reuseCount``).
  package func recycle() {
    reuseCount += 1
    prepareForReuse()
  }
}

extension SimulatedCell: ReusableCell {}
