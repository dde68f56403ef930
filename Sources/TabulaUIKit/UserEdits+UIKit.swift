#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  // User edits on UIKit: reordering, deleting, swipe to delete and multiple
  // selection, each bridged to the data source's portable decisions
  // (canMoveItem, targetPath, userMovedItem, canDeleteItem, userDeleteItems,
  // swipeActions, selectedItemPaths), and the edit history mirrored into an
  // UndoManager
  // (shake to undo, the Edit menu).

  // Reordering, deletes and swipe actions: iOS only (tvOS has no swipe
  // actions and no reordering control).
  #if os(iOS)
    extension TableViewBridge {
      func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        source?.canMoveItem(at: ItemPath(indexPath)) ?? false
      }

      /// UIKit has moved the row already: the data source adopts it (no batch).
      func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
      ) {
        source?.userMovedItem(from: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
      }

      /// The app's delegate's target, if it answers, then Tabula's rules
      /// (`movePolicy`, `moveTarget`) applied to it: the list keeps only
      /// moves its rules allow.
      func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
      ) -> IndexPath {
        let proposed =
          appDelegateAnswer(
            #selector(
              UITableViewDelegate.tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:))
          ) {
            $0.tableView?(
              tableView, targetIndexPathForMoveFromRowAt: sourceIndexPath,
              toProposedIndexPath: proposedDestinationIndexPath)
          } ?? proposedDestinationIndexPath
        guard let source else { return sourceIndexPath }
        return source.targetPath(forMovingItemAt: ItemPath(sourceIndexPath), to: ItemPath(proposed))
          .indexPath
      }

      func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        guard let source else { return false }
        let path = ItemPath(indexPath)
        return source.canDeleteItem(at: path) || source.canMoveItem(at: path)
          || tableView.allowsMultipleSelectionDuringEditing
      }

      /// The app's delegate's style, else `.delete` for a row the list lets
      /// the user delete, else none.
      func tableView(
        _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
      ) -> UITableViewCell.EditingStyle {
        DelegateComposition.answer(
          app: appDelegateAnswer(
            #selector(UITableViewDelegate.tableView(_:editingStyleForRowAt:))
          ) { $0.tableView?(tableView, editingStyleForRowAt: indexPath) },
          tabula: { source?.canDeleteItem(at: ItemPath(indexPath)) == true ? .delete : nil },
          view: { .none })
      }

      /// The delete button (editing mode, or a full swipe): the data source
      /// deletes the row with a batch. Another style (the insert control
      /// of a row the app's delegate gave `.insert`) goes to the drop-in
      /// data source's `commit`, as Apple's; a `ListController` has no
      /// such edit, which is reported.
      func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
      ) {
        if editingStyle == .delete {
          source?.userDeleteItems(at: [ItemPath(indexPath)])
        } else if let owner {
          owner.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
        } else {
          TabulaLog.report(
            "the user committed editing style \(editingStyle.rawValue) at \(indexPath): a "
              + "ListController handles deletes only (make the row's editing style .delete)")
        }
      }

      /// The app's delegate's swipe actions, if it gives some; else the
      /// presenter's (a delete among them deletes as a user edit); else
      /// UIKit's own delete for rows whose editing style is `.delete`.
      func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
      ) -> UISwipeActionsConfiguration? {
        appDelegateAnswer(
          #selector(UITableViewDelegate.tableView(_:trailingSwipeActionsConfigurationForRowAt:))
        ) { $0.tableView?(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath) ?? nil }
          ?? swipeConfiguration(.trailing, indexPath)
      }

      func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
      ) -> UISwipeActionsConfiguration? {
        appDelegateAnswer(
          #selector(UITableViewDelegate.tableView(_:leadingSwipeActionsConfigurationForRowAt:))
        ) { $0.tableView?(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath) ?? nil }
          ?? swipeConfiguration(.leading, indexPath)
      }

      private func swipeConfiguration(_ edge: SwipeEdge, _ indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
      {
        source.flatMap { swipeActionsConfiguration($0, edge, ItemPath(indexPath)) }
      }
    }

    /// The data source's swipe actions of the row at `path` on `edge` as
    /// UIKit's configuration (`nil` without any): each action, chosen, is
    /// performed by the data source (a delete among them deletes as a user
    /// edit) on the row where it is then: the actions stay open while the
    /// list changes. Tables and list sections of collection views share it.
    @MainActor
    func swipeActionsConfiguration<Cell>(
      _ source: any ListHostDataSource<Cell>, _ edge: SwipeEdge, _ path: ItemPath
    ) -> UISwipeActionsConfiguration? {
      let actions = source.swipeActions(forItemAt: path, edge: edge)
      guard !actions.isEmpty, let id = source.itemID(at: path) else { return nil }
      return UISwipeActionsConfiguration(
        actions: actions.map { [weak source] action in
          let contextual = UIContextualAction(
            style: action.style == .destructive ? .destructive : .normal, title: action.title
          ) { _, _, done in
            done(source?.performSwipeAction(action, forItemWithID: id) ?? false)
          }
          if let symbolName = action.symbolName {
            contextual.image = UIImage(systemName: symbolName)
          }
          if let tint = action.tint { contextual.backgroundColor = tint.color }
          return contextual
        })
    }
  #endif

  extension CollectionViewBridge {
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    {
      source?.canMoveItem(at: ItemPath(indexPath)) ?? false
    }

    /// UIKit has moved the item already: the data source adopts it.
    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      source?.userMovedItem(from: ItemPath(sourceIndexPath), to: ItemPath(destinationIndexPath))
    }

    /// The app's delegate's target, if it answers, then Tabula's rules.
    func collectionView(
      _ collectionView: UICollectionView,
      targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
      atCurrentIndexPath currentIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
      let proposed =
        appDelegateAnswer(
          #selector(
            UICollectionViewDelegate.collectionView(
              _:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:
              toProposedIndexPath:))
        ) {
          $0.collectionView?(
            collectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath: originalIndexPath,
            atCurrentIndexPath: currentIndexPath, toProposedIndexPath: proposedIndexPath)
        } ?? proposedIndexPath
      guard let source else { return originalIndexPath }
      return source.targetPath(forMovingItemAt: ItemPath(originalIndexPath), to: ItemPath(proposed))
        .indexPath
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    {
      DelegateComposition.notify(
        tabula: { source?.didDeselectItem(at: ItemPath(indexPath)) },
        app: { appDelegate?.collectionView?(collectionView, didDeselectItemAt: indexPath) })
    }
  }

  extension ListController {
    /// Mirrors the controller's `history` into `undoManager`: each user edit
    /// becomes an undo action with its name ("Move Contact"), and Undo and
    /// Redo (the Edit menu, shake to undo) call `undo()` and `redo()`.
    /// Keeps the `historyDidChange` set before it, and calls it too. Undo
    /// through the manager rather than `undo()` directly, which the manager
    /// would not hear of.
    ///
    /// Returns the binding: ``UndoBinding/unbind()`` removes this list's
    /// actions from the manager and registers no more, for a list that
    /// goes away or moves to another manager (a window's). Bind a
    /// controller to one manager at a time: two would each register every
    /// edit.
    @discardableResult
    public func bindUndoManager(_ undoManager: UndoManager) -> UndoBinding {
      let bridge = UndoBridge(controller: self, undoManager: undoManager)
      let previous = historyDidChange
      // The controller keeps the bridge (an ignored binding still binds);
      // after `unbind()` it has no manager and registers nothing.
      historyDidChange = {
        previous?()
        bridge.historyChanged()
      }
      return UndoBinding(bridge: bridge)
    }
  }

  /// A list's user edits bound to an undo manager
  /// (`ListController.bindUndoManager(_:)`): keep it while the binding
  /// should last, and ``unbind()`` when the list goes away, so that the
  /// manager keeps no actions that would do nothing.
  @MainActor
  public final class UndoBinding {
    private var end: (@MainActor () -> Void)?

    init<SectionModel, Item, Cell>(bridge: UndoBridge<SectionModel, Item, Cell>) {
      end = { [weak bridge] in bridge?.unbind() }
    }

    /// Removes the list's actions from the undo manager, and registers no
    /// more of its edits.
    public func unbind() {
      end?()
      end = nil
    }

    /// Whether the binding still registers the list's edits.
    public var isBound: Bool { end != nil }
  }

  /// Registers a controller's user edits with an undo manager. The undo
  /// manager holds its targets unowned: each registered action holds the
  /// bridge, which holds the controller and the manager weakly; the bridge
  /// holds its own target, so that its actions can be removed without
  /// touching other lists'.
  @MainActor
  final class UndoBridge<SectionModel: Diffable, Item: Diffable, Cell> {
    weak var controller: ListController<SectionModel, Item, Cell>?
    weak var undoManager: UndoManager?
    /// The target of this bridge's registrations.
    let performer = UndoStep {}
    /// The history's `recordedCount` the manager knows of.
    var seen: Int
    /// The steps the manager can undo and redo, as the history had them.
    var steps: (undo: Int, redo: Int)
    /// Set while the manager runs an undo or redo (which changes the
    /// history without being a new edit).
    var bridging = false

    init(controller: ListController<SectionModel, Item, Cell>, undoManager: UndoManager) {
      self.controller = controller
      self.undoManager = undoManager
      seen = controller.history.recordedCount
      steps = (controller.history.undoSteps.count, controller.history.redoSteps.count)
    }

    /// Removes this list's actions from the manager; registers no more.
    func unbind() {
      undoManager?.removeAllActions(withTarget: performer)
      undoManager = nil
    }

    /// A new user edit becomes an undo action; a step the history dropped
    /// (its edit failed to save) makes the manager's actions registered
    /// again from the history.
    func historyChanged() {
      guard let controller, !bridging else { return }
      let history = controller.history
      if history.recordedCount != seen, let name = history.undoName {
        register(name, redo: false)
      } else if history.undoSteps.count < steps.undo || history.redoSteps.count < steps.redo {
        reregister(history.undoSteps.map(\.name))
      }
      seen = history.recordedCount
      steps = (history.undoSteps.count, history.redoSteps.count)
    }

    /// The manager's actions for this list: one undo per step, oldest
    /// first (redo steps cannot be registered without undoing).
    private func reregister(_ names: [String]) {
      undoManager?.removeAllActions(withTarget: performer)
      for name in names { register(name, redo: false) }
    }

    private func register(_ name: String, redo: Bool) {
      guard let undoManager else { return }
      // The manager keeps the step (the `object`) and calls the target on
      // the main thread, where undo runs: an `@objc` method of a
      // main-actor class is isolated to it.
      let step = UndoStep { [self] in run(name, redo: redo) }
      undoManager.registerUndo(
        withTarget: performer, selector: #selector(UndoStep.perform(_:)), object: step)
      undoManager.setActionName(name)
    }

    /// Runs an undo (or redo) for the manager and, if the step went through,
    /// registers its inverse.
    private func run(_ name: String, redo: Bool) {
      guard let controller else { return }
      let undoBefore = controller.history.undoSteps.count
      let redoBefore = controller.history.redoSteps.count
      bridging = true
      if redo { controller.redo() } else { controller.undo() }
      bridging = false
      seen = controller.history.recordedCount
      steps = (controller.history.undoSteps.count, controller.history.redoSteps.count)
      let moved =
        redo
        ? controller.history.undoSteps.count > undoBefore
        : controller.history.redoSteps.count > redoBefore
      if moved { register(name, redo: !redo) }
    }
  }
  /// One registered undo or redo: what runs when the undo manager performs
  /// it. The manager retains it (the `object` of its registration) and
  /// holds the target (an ``UndoBridge``'s `performer`) unowned.
  @MainActor
  final class UndoStep: NSObject {
    private let action: @MainActor () -> Void

    init(_ action: @escaping @MainActor () -> Void) {
      self.action = action
    }

    /// Runs `step` (the registration's object).
    @objc func perform(_ step: UndoStep) {
      step.action()
    }
  }

  extension SwipeAction.Tint {
    /// The system colour.
    var color: UIColor {
      switch self {
      case .red: .systemRed
      case .orange: .systemOrange
      case .yellow: .systemYellow
      case .green: .systemGreen
      case .teal: .systemTeal
      case .blue: .systemBlue
      case .indigo: .systemIndigo
      case .purple: .systemPurple
      case .pink: .systemPink
      case .gray: .systemGray
      }
    }
  }
#endif
