/// A visible row of an outline: a node's item, and where it sits, so that a
/// presenter can indent it and draw a disclosure marker.
///
/// Rows are identified by their item's id. Their content includes the
/// disclosure state, so expanding or collapsing a node reconfigures its own
/// row (the marker changes) besides inserting or deleting the rows under it.
public struct OutlineRow<Item: Diffable>: Diffable {
  /// The node's item.
  public var item: Item
  /// Where the node sits: depth and disclosure.
  public var position: OutlinePosition

  /// The item's id.
  public var id: Item.ID { item.id }

  /// A row showing `item` at `position`.
  public init(_ item: Item, position: OutlinePosition) {
    self.item = item
    self.position = position
  }

  /// Whether the item's content and the position are the same.
  public func isContentEqual(to other: OutlineRow) -> Bool {
    position == other.position && item.isContentEqual(to: other.item)
  }
}

/// What a list controller needs of an ``OutlineRow`` to present it: the
/// model its presenter receives (the item, unwrapped from ``AnyItem``) and
/// the position for the context.
@usableFromInline
protocol _OutlinePresentable {
  var _presentedModel: Any { get }
  var _outlinePosition: OutlinePosition { get }
}

extension OutlineRow: _OutlinePresentable {
  @usableFromInline
  var _presentedModel: Any {
    if let any = item as? AnyItem { return any.base }
    return item
  }

  @usableFromInline
  var _outlinePosition: OutlinePosition { position }
}

extension OutlinePosition {
  /// The position of `row` in its outline when it is an outline's row (an
  /// ``OutlineRow``); `nil` for a row of a flat list. The one place that
  /// asks whether a row is an outline's.
  init?(of row: some Any) {
    guard let row = row as? any _OutlinePresentable else { return nil }
    self = row._outlinePosition
  }

  /// Whether rows of `type` are an outline's (``OutlineRow``s).
  static func areOutlineRows(_ type: Any.Type) -> Bool { type is any _OutlinePresentable.Type }
}

extension OutlineRow: Equatable where Item: Equatable {}
extension OutlineRow: Hashable where Item: Hashable {}
