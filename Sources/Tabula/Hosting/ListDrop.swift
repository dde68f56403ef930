/// Where rows dropped on a list go, in the list as it shows while the drag
/// hovers (the dragged rows still in their places).
public enum ListDropDestination: Hashable, Sendable, CustomStringConvertible {
  /// Between rows: just before the row at `path`; an `item` equal to the
  /// section's count is its end. In an outline, under the row above when
  /// that one is an open folder (as its first child), else beside it.
  case insert(at: ItemPath)
  /// Onto the row at `path`: under it, after its children (an outline's
  /// folder, open or closed; a leaf becomes a folder).
  case into(ItemPath)

  /// The insertion point of a drop a host names as UIKit does: a lone row
  /// moved within its list by where it ends, the row lifted out
  /// (`moveRow(at:to:)`'s destination), other drops by where they go in
  /// the list as it shows. `movingFrom` is where the lone moved row is
  /// (`nil` for several rows, or rows from elsewhere): moving down its
  /// section, it goes before the row after the host's destination.
  public static func insertion(
    atHostDestination destination: ItemPath, movingFrom source: ItemPath?
  ) -> ListDropDestination {
    guard let source, source.section == destination.section, source.item <= destination.item
    else { return .insert(at: destination) }
    return .insert(at: ItemPath(section: destination.section, item: destination.item + 1))
  }

  /// The path the destination names.
  public var path: ItemPath {
    switch self {
    case .insert(let path), .into(let path): path
    }
  }

  /// "before [0, 2]", "into [0, 2]".
  public var description: String {
    switch self {
    case .insert(let path): "before \(path)"
    case .into(let path): "into \(path)"
    }
  }
}

/// What a list answers a drag hovering over it: the operation a drop there
/// would make, and where it would land; what UIKit's drop proposal shows
/// (a move or copy at or into the destination, or a forbidden sign).
public struct ListDropProposal: Hashable, Sendable, CustomStringConvertible {
  /// What a drop does.
  public enum Operation: Hashable, Sendable {
    /// The dragged rows move there.
    case move
    /// Items made from what is dropped are added there.
    case copy
    /// The drop is refused there (the rows cannot move, the app's rules
    /// refuse the destination, an outline row would go under itself).
    case forbidden
    /// Nothing happens: the list takes no drop of this kind.
    case cancel
  }

  /// What a drop does.
  public var operation: Operation
  /// Where it lands (`nil` when it is refused).
  public var destination: ListDropDestination?

  /// A proposal.
  public init(_ operation: Operation, destination: ListDropDestination? = nil) {
    self.operation = operation
    self.destination = destination
  }

  /// "move before [0, 2]", "forbidden".
  public var description: String {
    "\(operation)" + (destination.map { " \($0)" } ?? "")
  }
}

/// Where a drag hovers over a list, as a host's drop delegate hears it
/// (UIKit's `dropSessionDidUpdate`): the insertion point the host
/// proposes, and the row under the finger.
public struct ListDropHover: Hashable, Sendable {
  /// The host's destination: where an inserted row would go (a row past a
  /// section's end appends to it); for a lone row moved within its list,
  /// where it ends, the row lifted out (`moveRow(at:to:)`'s destination).
  /// `nil` over empty space.
  public var destination: ItemPath?
  /// The row under the finger, if any.
  public var rowUnderFinger: ItemPath?
  /// Whether the finger is in the middle half of that row (its height
  /// less a quarter at the top and at the bottom).
  public var isInRowMiddle: Bool

  /// A hover at `destination`, over `rowUnderFinger`.
  public init(destination: ItemPath?, rowUnderFinger: ItemPath? = nil, isInRowMiddle: Bool = false)
  {
    self.destination = destination
    self.rowUnderFinger = rowUnderFinger
    self.isInRowMiddle = isInRowMiddle
  }
}

extension ListHostDataSource {
  /// What a drop hovering as `hover` says means: for the list's own rows
  /// (`localIDs`), onto the row under the finger when the host's
  /// destination is that row, the finger is in its middle half and the
  /// data source takes rows into it (an outline's folder); else a move to
  /// the host's insertion point (a lone row moving down its section goes
  /// before the row after the host's destination, which names where it
  /// ends). Items from elsewhere (`localIDs` `nil`, `externalCount` of
  /// them) are proposed for the insertion point. Without a destination,
  /// the end of the last section.
  public func dropProposal(
    localIDs: [AnyHashable]?, externalCount: Int, hover: ListDropHover
  ) -> ListDropProposal {
    let insertion = hover.destination ?? endOfList
    guard let local = localIDs else {
      return dropProposal(forExternalItemCount: externalCount, at: .insert(at: insertion))
    }
    if let row = hover.rowUnderFinger, row == hover.destination, hover.isInRowMiddle {
      let into = dropProposal(forMovingItemsWithIDs: local, to: .into(row))
      if into.operation == .move { return into }
    }
    let lone = local.count == 1 && hover.destination != nil
    return dropProposal(
      forMovingItemsWithIDs: local,
      to: .insertion(
        atHostDestination: insertion,
        movingFrom: lone ? path(ofDraggedItemWithID: local[0]) : nil))
  }
}

extension ListContentSource {
  /// The end of the last section (the first section's start of an empty
  /// list).
  public var endOfList: ItemPath {
    let sections = numberOfSections
    guard sections > 0 else { return ItemPath(section: 0, item: 0) }
    return ItemPath(section: sections - 1, item: numberOfItems(inSectionAt: sections - 1))
  }
}
