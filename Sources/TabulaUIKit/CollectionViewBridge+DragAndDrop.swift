#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  #if os(iOS)
    extension CollectionViewBridge: UICollectionViewDragDelegate, UICollectionViewDropDelegate {
      /// Whether the app's drag or drop delegate was replaced on the view.
      func dragAndDropReplaced(in collectionView: UICollectionView) -> Bool {
        collectionView.dragDelegate !== self || collectionView.dropDelegate !== self
      }

      // MARK: Drag

      /// The app's items, when the app has a drag delegate (an empty
      /// answer is its "not this row"); else the rows the data source drags
      /// from the row (every selected row with it), each once a session.
      func collectionView(
        _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession,
        at indexPath: IndexPath
      ) -> [UIDragItem] {
        if let appDragDelegate {
          return appDragDelegate.collectionView(
            collectionView, itemsForBeginning: session, at: indexPath)
        }
        guard let source else { return [] }
        return DragAndDrop.beginning(
          at: ItemPath(indexPath), of: source, handedOut: &dragHandout, session: session)
      }

      /// The app's items, if it answers; else the row, tapped to join a
      /// drag of the list's rows.
      func collectionView(
        _ collectionView: UICollectionView, itemsForAddingTo session: UIDragSession,
        at indexPath: IndexPath, point: CGPoint
      ) -> [UIDragItem] {
        if let app = appDragDelegate?.collectionView?(
          collectionView, itemsForAddingTo: session, at: indexPath, point: point)
        {
          return app
        }
        guard let source else { return [] }
        return DragAndDrop.adding(at: ItemPath(indexPath), to: session, of: source)
      }

      func collectionView(
        _ collectionView: UICollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
      )
        -> UIDragPreviewParameters?
      {
        appDragDelegate?.collectionView?(collectionView, dragPreviewParametersForItemAt: indexPath)
          ?? nil
      }

      func collectionView(
        _ collectionView: UICollectionView, dragSessionWillBegin session: UIDragSession
      ) {
        appDragDelegate?.collectionView?(collectionView, dragSessionWillBegin: session)
      }

      func collectionView(
        _ collectionView: UICollectionView, dragSessionDidEnd session: UIDragSession
      ) {
        dragHandout = nil
        appDragDelegate?.collectionView?(collectionView, dragSessionDidEnd: session)
      }

      func collectionView(
        _ collectionView: UICollectionView, dragSessionAllowsMoveOperation session: UIDragSession
      ) -> Bool {
        appDragDelegate?.collectionView?(collectionView, dragSessionAllowsMoveOperation: session)
          ?? true
      }

      /// The app's answer, else: only when no row has a payload for other
      /// apps.
      func collectionView(
        _ collectionView: UICollectionView,
        dragSessionIsRestrictedToDraggingApplication session: UIDragSession
      ) -> Bool {
        appDragDelegate?.collectionView?(
          collectionView, dragSessionIsRestrictedToDraggingApplication: session)
          ?? session.items.allSatisfy { $0.itemProvider.registeredTypeIdentifiers.isEmpty }
      }

      // MARK: Drop

      /// The app's answer, else: a drag of this list's rows, or one from
      /// outside the list takes (it accepts drops).
      func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession)
        -> Bool
      {
        if let app = appDropDelegate?.collectionView?(collectionView, canHandle: session) {
          return app
        }
        guard let source else { return false }
        return DragAndDrop.localIDs(of: session, for: source) != nil
          || source.dropProposal(
            forExternalItemCount: session.items.count, at: .insert(at: DragAndDrop.end(of: source))
          ).operation != .cancel
      }

      func collectionView(
        _ collectionView: UICollectionView, dropSessionDidEnter session: UIDropSession
      ) {
        appDropDelegate?.collectionView?(collectionView, dropSessionDidEnter: session)
      }

      /// The app's proposal, if it gives one (the drop is then the app's);
      /// else the data source's: a move between rows or into a folder, a
      /// copy of items from outside, or a forbidden sign.
      func collectionView(
        _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
      ) -> UICollectionViewDropProposal {
        if let app = appDropDelegate?.collectionView?(
          collectionView, dropSessionDidUpdate: session,
          withDestinationIndexPath: destinationIndexPath)
        {
          dropProposal = nil
          return app
        }
        guard let source else { return UICollectionViewDropProposal(operation: .cancel) }
        let location = session.location(in: collectionView)
        let row = collectionView.indexPathForItem(at: location)
        let proposal = DragAndDrop.proposal(
          session, at: destinationIndexPath, rowUnderFinger: row,
          rowFrame: row.flatMap { collectionView.layoutAttributesForItem(at: $0)?.frame },
          location: location, of: source)
        dropProposal = proposal
        let intent: UICollectionViewDropProposal.Intent =
          switch proposal.destination {
          case .into: .insertIntoDestinationIndexPath
          case .insert: .insertAtDestinationIndexPath
          case nil: .unspecified
          }
        return UICollectionViewDropProposal(
          operation: DragAndDrop.operation(proposal.operation), intent: intent)
      }

      /// A drop the app proposed is the app's; one Tabula proposed moves
      /// the rows, or loads the items from outside with placeholder rows.
      func collectionView(
        _ collectionView: UICollectionView,
        performDropWith coordinator: UICollectionViewDropCoordinator
      ) {
        guard let proposal = dropProposal, let source else {
          appDropDelegate?.collectionView(collectionView, performDropWith: coordinator)
          return
        }
        dropProposal = nil
        DragAndDrop.perform(
          proposal, session: coordinator.session,
          providers: coordinator.items.map(\.dragItem.itemProvider), of: source)
      }

      func collectionView(
        _ collectionView: UICollectionView, dropSessionDidExit session: UIDropSession
      ) {
        appDropDelegate?.collectionView?(collectionView, dropSessionDidExit: session)
      }

      func collectionView(
        _ collectionView: UICollectionView, dropSessionDidEnd session: UIDropSession
      ) {
        dropProposal = nil
        appDropDelegate?.collectionView?(collectionView, dropSessionDidEnd: session)
      }

      func collectionView(
        _ collectionView: UICollectionView, dropPreviewParametersForItemAt indexPath: IndexPath
      )
        -> UIDragPreviewParameters?
      {
        appDropDelegate?.collectionView?(collectionView, dropPreviewParametersForItemAt: indexPath)
          ?? nil
      }
    }
  #endif
#endif
