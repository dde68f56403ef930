#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  #if os(iOS)
    extension TableViewBridge: UITableViewDragDelegate, UITableViewDropDelegate {
      /// Whether the app's drag or drop delegate was replaced on the view.
      func dragAndDropReplaced(in tableView: UITableView) -> Bool {
        tableView.dragDelegate !== self || tableView.dropDelegate !== self
      }

      // MARK: Drag

      /// The app's items, when the app has a drag delegate (an empty
      /// answer is its "not this row"); else the rows the data source drags
      /// from the row (every selected row with it), each once a session.
      func tableView(
        _ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
      ) -> [UIDragItem] {
        if let appDragDelegate {
          return appDragDelegate.tableView(tableView, itemsForBeginning: session, at: indexPath)
        }
        guard let source else { return [] }
        return DragAndDrop.beginning(
          at: ItemPath(indexPath), of: source, handedOut: &dragHandout, session: session)
      }

      /// The app's items, if it answers; else the row, tapped to join a
      /// drag of the list's rows.
      func tableView(
        _ tableView: UITableView, itemsForAddingTo session: UIDragSession, at indexPath: IndexPath,
        point: CGPoint
      ) -> [UIDragItem] {
        if let app = appDragDelegate?.tableView?(
          tableView, itemsForAddingTo: session, at: indexPath, point: point)
        {
          return app
        }
        guard let source else { return [] }
        return DragAndDrop.adding(at: ItemPath(indexPath), to: session, of: source)
      }

      func tableView(_ tableView: UITableView, dragPreviewParametersForRowAt indexPath: IndexPath)
        -> UIDragPreviewParameters?
      {
        appDragDelegate?.tableView?(tableView, dragPreviewParametersForRowAt: indexPath) ?? nil
      }

      func tableView(_ tableView: UITableView, dragSessionWillBegin session: UIDragSession) {
        appDragDelegate?.tableView?(tableView, dragSessionWillBegin: session)
      }

      func tableView(_ tableView: UITableView, dragSessionDidEnd session: UIDragSession) {
        dragHandout = nil
        appDragDelegate?.tableView?(tableView, dragSessionDidEnd: session)
      }

      func tableView(
        _ tableView: UITableView, dragSessionAllowsMoveOperation session: UIDragSession
      ) -> Bool {
        appDragDelegate?.tableView?(tableView, dragSessionAllowsMoveOperation: session) ?? true
      }

      /// The app's answer, else: only when no row has a payload for other
      /// apps.
      func tableView(
        _ tableView: UITableView,
        dragSessionIsRestrictedToDraggingApplication session: UIDragSession
      ) -> Bool {
        appDragDelegate?.tableView?(
          tableView, dragSessionIsRestrictedToDraggingApplication: session)
          ?? session.items.allSatisfy { $0.itemProvider.registeredTypeIdentifiers.isEmpty }
      }

      // MARK: Drop

      /// The app's answer, else: a drag of this list's rows, or one from
      /// outside the list takes (it accepts drops).
      func tableView(_ tableView: UITableView, canHandle session: UIDropSession) -> Bool {
        if let app = appDropDelegate?.tableView?(tableView, canHandle: session) { return app }
        guard let source else { return false }
        return DragAndDrop.localIDs(of: session, for: source) != nil
          || source.dropProposal(
            forExternalItemCount: session.items.count, at: .insert(at: DragAndDrop.end(of: source))
          ).operation != .cancel
      }

      func tableView(_ tableView: UITableView, dropSessionDidEnter session: UIDropSession) {
        appDropDelegate?.tableView?(tableView, dropSessionDidEnter: session)
      }

      /// The app's proposal, if it gives one (the drop is then the app's);
      /// else the data source's: a move between rows or into a folder, a
      /// copy of items from outside, or a forbidden sign.
      func tableView(
        _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
      ) -> UITableViewDropProposal {
        if let app = appDropDelegate?.tableView?(
          tableView, dropSessionDidUpdate: session, withDestinationIndexPath: destinationIndexPath)
        {
          dropProposal = nil
          return app
        }
        guard let source else { return UITableViewDropProposal(operation: .cancel) }
        let location = session.location(in: tableView)
        let row = tableView.indexPathForRow(at: location)
        let proposal = DragAndDrop.proposal(
          session, at: destinationIndexPath, rowUnderFinger: row,
          rowFrame: row.map { tableView.rectForRow(at: $0) }, location: location, of: source)
        dropProposal = proposal
        let intent: UITableViewDropProposal.Intent =
          switch proposal.destination {
          case .into: .insertIntoDestinationIndexPath
          case .insert: .insertAtDestinationIndexPath
          case nil: .unspecified
          }
        return UITableViewDropProposal(
          operation: DragAndDrop.operation(proposal.operation), intent: intent)
      }

      /// A drop the app proposed is the app's; one Tabula proposed moves
      /// the rows, or loads the items from outside with placeholder rows.
      func tableView(
        _ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator
      ) {
        guard let proposal = dropProposal, let source else {
          appDropDelegate?.tableView(tableView, performDropWith: coordinator)
          return
        }
        dropProposal = nil
        DragAndDrop.perform(
          proposal, session: coordinator.session,
          providers: coordinator.items.map(\.dragItem.itemProvider), of: source)
      }

      func tableView(_ tableView: UITableView, dropSessionDidExit session: UIDropSession) {
        appDropDelegate?.tableView?(tableView, dropSessionDidExit: session)
      }

      func tableView(_ tableView: UITableView, dropSessionDidEnd session: UIDropSession) {
        dropProposal = nil
        appDropDelegate?.tableView?(tableView, dropSessionDidEnd: session)
      }

      func tableView(_ tableView: UITableView, dropPreviewParametersForRowAt indexPath: IndexPath)
        -> UIDragPreviewParameters?
      {
        appDropDelegate?.tableView?(tableView, dropPreviewParametersForRowAt: indexPath) ?? nil
      }
    }
  #endif
#endif
