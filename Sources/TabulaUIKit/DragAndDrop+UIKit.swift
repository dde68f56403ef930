#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  // Drag and drop on UIKit: the bridges are the views' drag and drop
  // delegates (iOS, iPadOS, Mac Catalyst), composed with the app's own (the
  // app's answers win where it gives one; a drop the app proposed is the
  // app's to perform). What a drag takes, what a drop at a place means and
  // what it does are the data source's portable decisions (dragItemIDs,
  // dropProposal, performDrop, performExternalDrop), tested on the
  // simulated views.

  #if os(iOS)
    /// What the bridge puts on each drag item it makes (its
    /// `localObject`): the row's id and the data source it came from.
    final class ListDragItem: NSObject {
      let id: AnyHashable
      weak var source: AnyObject?

      init(id: AnyHashable, source: AnyObject) {
        self.id = id
        self.source = source
      }
    }

    /// The ids one bridge gave a drag session.
    struct DragHandout {
      let session: ObjectIdentifier
      var ids: Set<AnyHashable> = []
    }

    /// The parts of drag and drop both bridges share.
    @MainActor
    enum DragAndDrop {
      /// The drag items of `ids`: each with the payload the app describes
      /// (an empty provider otherwise: the row moves within the app only)
      /// and the row's id.
      static func items(_ ids: [AnyHashable], of source: any ListDragSource) -> [UIDragItem] {
        ids.map { id in
          let provider =
            source.dragPayload(forItemWithID: id) as? NSItemProvider ?? NSItemProvider()
          let item = UIDragItem(itemProvider: provider)
          item.localObject = ListDragItem(id: id, source: source)
          return item
        }
      }

      /// The items a drag session begins with at `path`: the rows the data
      /// source drags from there that this session was not given yet.
      /// UIKit asks once for each selected row when the user drags a
      /// selected row of a table, and once in a collection view: either
      /// way every row is in the session once.
      static func beginning(
        at path: ItemPath, of source: any ListDragSource, handedOut: inout DragHandout?,
        session: UIDragSession
      ) -> [UIDragItem] {
        let key = ObjectIdentifier(session)
        if handedOut?.session != key { handedOut = DragHandout(session: key) }
        var given = handedOut!.ids
        let ids = source.dragItemIDs(startingAt: path).filter { given.insert($0).inserted }
        handedOut!.ids = given
        return items(ids, of: source)
      }

      /// The ids a drag session carries, when every item is a row of
      /// `source` (a drag within the list); `nil` for a drag from
      /// elsewhere.
      static func localIDs(of session: UIDropSession, for source: any ListDragSource)
        -> [AnyHashable]?
      {
        guard let local = session.localDragSession else { return nil }
        let rows = local.items.compactMap { $0.localObject as? ListDragItem }
        guard !rows.isEmpty, rows.count == local.items.count,
          rows.allSatisfy({ $0.source === source })
        else { return nil }
        return rows.map(\.id)
      }

      /// The ids a drag session of this list carries already.
      static func takenIDs(of session: UIDragSession) -> Set<AnyHashable> {
        Set(session.items.compactMap { ($0.localObject as? ListDragItem)?.id })
      }

      /// The row at `path`, tapped to join a drag of the list's rows: its
      /// item, when it can move and the session does not carry it yet.
      static func adding(
        at path: ItemPath, to session: UIDragSession, of source: any ListDragSource
      ) -> [UIDragItem] {
        guard let id = source.dragItemIDs(startingAt: path).first,
          !takenIDs(of: session).contains(id)
        else { return [] }
        return items([id], of: source)
      }

      /// What a drop of `session` over the view means: the data source's
      /// portable decision (``Tabula/ListHostDataSource/dropProposal(localIDs:externalCount:hover:)``)
      /// for where UIKit's destination is and the finger is.
      static func proposal(
        _ session: UIDropSession, at destination: IndexPath?, rowUnderFinger: IndexPath?,
        rowFrame: CGRect?, location: CGPoint, of source: any ListHostDataSource
      ) -> ListDropProposal {
        let middle = rowFrame.map { $0.insetBy(dx: 0, dy: $0.height / 4).contains(location) }
        return source.dropProposal(
          localIDs: localIDs(of: session, for: source), externalCount: session.items.count,
          hover: ListDropHover(
            destination: destination.map(ItemPath.init),
            rowUnderFinger: rowUnderFinger.map(ItemPath.init), isInRowMiddle: middle ?? false))
      }

      /// Performs a drop Tabula proposed: the rows move, or the items
      /// dropped from outside load with placeholder rows.
      static func perform(
        _ proposal: ListDropProposal, session: UIDropSession, providers: [NSItemProvider],
        of source: any ListHostDataSource
      ) {
        guard let destination = proposal.destination else { return }
        switch proposal.operation {
        case .move:
          if let ids = localIDs(of: session, for: source) {
            _ = source.performDrop(ofItemsWithIDs: ids, to: destination)
          }
        case .copy:
          source.performExternalDrop(of: providers, at: destination.path)
        case .forbidden, .cancel:
          break
        }
      }

      /// UIKit's operation for a proposal's.
      static func operation(_ operation: ListDropProposal.Operation) -> UIDropOperation {
        switch operation {
        case .move: .move
        case .copy: .copy
        case .forbidden: .forbidden
        case .cancel: .cancel
        }
      }

      /// The end of the last section (the first section's start of an
      /// empty list).
      static func end(of source: any ListContentSource) -> ItemPath { source.endOfList }
    }

    extension ListController {
      /// Describes a row dragged out of the list, to other apps and lists:
      /// an `NSItemProvider` with the row's data (`nil`: the row moves
      /// within the app only). Rows the user may move are dragged whether
      /// or not this is set.
      public var dragItemProvider: (@MainActor (_ item: Item) -> NSItemProvider?)? {
        get {
          guard let payload = dragPayloadOfItem else { return nil }
          return { @MainActor (item: Item) -> NSItemProvider? in payload(item) as? NSItemProvider }
        }
        set {
          guard let provider = newValue else {
            dragPayloadOfItem = nil
            return
          }
          dragPayloadOfItem = { @MainActor (item: Item) -> AnyObject? in provider(item) }
        }
      }

      /// Accepts drops from other apps and lists: while `loadItems` turns
      /// the dropped item providers into items, `placeholder` rows (each
      /// made of a number no other placeholder of the list gets, for a
      /// unique id while several drops load) stand where they were
      /// dropped; then the
      /// items take their place, or, when loading throws, the placeholders
      /// go and the failure is reported (``didFailToLoadDrop``) and
      /// announced. See ``insertDroppedItems(count:at:load:)`` for where
      /// the items go (owning its data, the list inserts them; following a
      /// source, `loadItems` adds them to its data).
      public func acceptDrops(
        placeholder: @escaping @MainActor (_ number: Int) -> Item,
        loadItems: @escaping @MainActor (_ providers: [NSItemProvider]) async throws -> [Item]
      ) {
        dropPlaceholder = placeholder
        loadDroppedPayloads = { payloads in
          try await loadItems(payloads.compactMap { $0 as? NSItemProvider })
        }
      }
    }
  #endif
#endif
