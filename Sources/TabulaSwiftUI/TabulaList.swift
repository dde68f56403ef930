#if canImport(SwiftUI) && canImport(UIKit)
  import Foundation
  import SwiftUI
  import Tabula
  import TabulaUIKit
  import UIKit

  /// A SwiftUI list backed by a `UICollectionView` and Tabula's
  /// `ListController`: updates go through Tabula's diff and staging (only
  /// what changed is touched, in batches UIKit accepts), rows are SwiftUI
  /// views chosen per model type, and the data comes from any Tabula source
  /// or a snapshot.
  ///
  /// ```swift
  /// TabulaList(source: contacts)                       // a FetchedList, a PagedSource...
  ///   .rows(for: Contact.self) { contact in ContactRow(contact: contact) }
  ///   .rows(for: LoadingPlaceholder.self) { _ in ProgressView() }
  ///   .headers { section in Text(section.title ?? "") }
  ///   .selection($selected)
  ///   .refreshable { await contacts.reload() }
  /// ```
  ///
  /// What SwiftUI's `List` conventions become:
  ///
  /// - **Rows by type**: ``rows(for:content:)`` registers a row builder for
  ///   a model type (a protocol works too: rows of every type that conforms
  ///   fall back to it, as presenters do); an `AnyItem` snapshot mixes types.
  /// - **Selection**: ``selection(_:)`` binds a `Set` of item ids both ways.
  /// - **Pull to refresh**: the environment's `refresh` action (SwiftUI's
  ///   `.refreshable`) drives a `UIRefreshControl`.
  /// - **Edit mode, moves, deletes and undo**: the environment's `editMode`
  ///   turns the list's editing on; ``canMove(_:)`` and ``canDelete(_:)``
  ///   let the user reorder and swipe to delete, written back to a
  ///   `WritableSource` and undone through the environment's
  ///   `UndoManager`.
  /// - **Paging**: a `PagedSource` loads its next page as its last rows
  ///   appear (the controller reports visible rows to it).
  /// - **Scroll position**: kept across updates by Tabula's reading anchor.
  /// - **Layouts**: ``layout(_:)`` takes a `SectionLayout` (`.list(...)`,
  ///   `.grid(columns:...)`).
  @MainActor
  public struct TabulaList<SectionModel: Diffable, Item: Diffable>: UIViewRepresentable {
    /// Where the list's snapshots come from.
    enum Content {
      case snapshot(Snapshot<SectionModel, Item>)
      case source(any SnapshotSource<SectionModel, Item>)
      /// A snapshot made on each update, from what the coordinator kept
      /// (an array's `SnapshotMemo`).
      case made(@MainActor (Coordinator) -> Snapshot<SectionModel, Item>)
    }

    let content: Content
    var registrations: [@MainActor (PresenterRegistry<UICollectionViewCell>) -> Void] = []
    var sectionLayout = SectionLayout.list(.insetGrouped)
    var selectionBinding: Binding<Set<Item.ID>>?
    var moves: (@MainActor (Item) -> Bool)?
    var deletes: (@MainActor (Item) -> Bool)?
    var tapped: (@MainActor (Item) -> Void)?

    /// A list showing `snapshot`; a new snapshot animates the difference.
    public init(_ snapshot: Snapshot<SectionModel, Item>) {
      content = .snapshot(snapshot)
    }

    /// A list following `source` (a `FetchedList`, `PagedSource`,
    /// `OutlineSource`, `StaticSource`...): each snapshot it publishes
    /// animates in. Keep the source in state (`@State`, a model object):
    /// another object is another source, connected anew.
    public init(source: some SnapshotSource<SectionModel, Item>) {
      content = .source(source)
    }

    // MARK: Configuring

    /// Shows models of type `type` (in items, or inside `AnyItem`s) with
    /// `content`, and `swipeActions` on a swipe from the trailing edge (an
    /// action's handler runs async and may throw; `SwipeAction.delete()`
    /// deletes the row as a user edit, with undo). The builders are read
    /// when the list is made: rows are functions of their model.
    public func rows<Model, Row: View>(
      for type: Model.Type,
      swipeActions: @escaping @MainActor (Model) -> [SwipeAction] = { _ in [] },
      @ViewBuilder content: @escaping @MainActor (Model) -> Row
    ) -> TabulaList {
      var list = self
      list.registrations.append { presenters in
        presenters.register(
          HostingRowPresenter<Model, Row>(swipeActions: swipeActions, content: content),
          for: Model.self)
      }
      return list
    }

    /// Shows section headers of sections whose model is of type `type`.
    public func headers<Section, Header: View>(
      for type: Section.Type, @ViewBuilder content: @escaping @MainActor (Section) -> Header
    ) -> TabulaList {
      var list = self
      list.registrations.append { presenters in
        presenters.register(
          HostingHeaderPresenter<Section, Header>(content: content), forSection: Section.self)
      }
      return list
    }

    /// Lays every section out with `layout` (a list by default).
    public func layout(_ layout: SectionLayout) -> TabulaList {
      var list = self
      list.sectionLayout = layout
      return list
    }

    /// Binds the selected items' ids: the list selects what the set holds,
    /// and the set follows the user's taps.
    public func selection(_ selection: Binding<Set<Item.ID>>) -> TabulaList {
      var list = self
      list.selectionBinding = selection
      return list
    }

    /// Lets the user reorder the rows `allowed` says yes to (in edit mode,
    /// or by dragging), written back to a `WritableSource` with undo. Only
    /// a list of a source keeps edits (a `StaticSource` holds an array);
    /// a list of an array or a snapshot offers none.
    public func canMove(_ allowed: @escaping @MainActor (Item) -> Bool) -> TabulaList {
      var list = self
      list.moves = allowed
      return list
    }

    /// Lets the user delete the rows `allowed` says yes to (swipe to
    /// delete, or in edit mode), written back with undo; a source's list
    /// only, as ``canMove(_:)``.
    public func canDelete(_ allowed: @escaping @MainActor (Item) -> Bool) -> TabulaList {
      var list = self
      list.deletes = allowed
      return list
    }

    /// Calls `action` with the item the user tapped (after the row's
    /// presenter, and alongside the selection).
    public func onTap(_ action: @escaping @MainActor (Item) -> Void) -> TabulaList {
      var list = self
      list.tapped = action
      return list
    }

    // MARK: UIViewRepresentable

    /// The collection view and the controller that drives it.
    @MainActor
    public final class Coordinator {
      let presenters = PresenterRegistry<UICollectionViewCell>()
      var controller: ListController<SectionModel, Item, UICollectionViewCell>?
      var connected: ObjectIdentifier?
      var selection: Binding<Set<Item.ID>>?
      var undoManager: UndoManager?
      /// Whether `updateUIView` runs: the selection binding is the source of
      /// truth then, and is not written back (SwiftUI forbids state changes
      /// during a view update).
      var isUpdating = false
      var refresh = RefreshBridge()
      var layout: SectionLayout?
      /// What a ``Content/made(_:)`` content keeps between updates.
      var kept: AnyObject?

      init() {}
    }

    /// A coordinator, made once per list.
    public func makeCoordinator() -> Coordinator { Coordinator() }

    /// The collection view, its layout and controller.
    public func makeUIView(context: Context) -> UICollectionView {
      let collectionView = UICollectionView(
        frame: .zero, collectionViewLayout: .tabula(default: sectionLayout))
      let coordinator = context.coordinator
      for register in registrations { register(coordinator.presenters) }
      let controller = ListController<SectionModel, Item, UICollectionViewCell>(
        host: collectionView, presenters: coordinator.presenters)
      controller.reportsVisibleRows = true
      controller.selectionDidChange = { [weak coordinator, weak controller, weak collectionView] in
        guard let coordinator, let controller else { return }
        collectionView?.syncSelection()
        guard !coordinator.isUpdating, let binding = coordinator.selection else { return }
        let ids = Set(controller.selectedIDs)
        if binding.wrappedValue != ids { binding.wrappedValue = ids }
      }
      coordinator.controller = controller
      coordinator.layout = sectionLayout
      return collectionView
    }

    /// Applies what changed: the data, the selection, edit mode, refresh
    /// and undo.
    public func updateUIView(_ collectionView: UICollectionView, context: Context) {
      let coordinator = context.coordinator
      guard let controller = coordinator.controller else { return }
      coordinator.isUpdating = true
      defer { coordinator.isUpdating = false }
      if coordinator.layout != sectionLayout {
        coordinator.layout = sectionLayout
        collectionView.setCollectionViewLayout(.tabula(default: sectionLayout), animated: true)
      }
      let animated = !context.transaction.disablesAnimations
      var isSource = false
      switch content {
      case .snapshot(let snapshot):
        disconnect(coordinator)
        controller.update(to: snapshot, animatingDifferences: animated)
      case .made(let make):
        disconnect(coordinator)
        controller.update(to: make(coordinator), animatingDifferences: animated)
      case .source(let source):
        isSource = true
        if coordinator.connected != ObjectIdentifier(source) {
          coordinator.connected = ObjectIdentifier(source)
          controller.connect(to: source, animatingDifferences: true)
        }
      }
      // User edits need a source to keep them: an array or a snapshot
      // given anew at each update would undo them.
      if isSource, let moves {
        controller.canMove = { item, _ in moves(item) }
      } else {
        controller.canMove = nil
      }
      if isSource, let deletes {
        controller.canDelete = { item, _ in deletes(item) }
      } else {
        controller.canDelete = nil
      }
      if let tapped {
        controller.didSelect = { item, _ in tapped(item) }
      } else {
        controller.didSelect = nil
      }
      coordinator.selection = selectionBinding
      // Taps select only when a binding keeps the selection (as `List`);
      // without one, a tap is heard by `onTap` and leaves nothing selected.
      let mode: SelectionMode = selectionBinding == nil ? .none : .multiple
      if controller.selectionMode != mode { controller.selectionMode = mode }
      if let selectionBinding { controller.setSelection(selectionBinding.wrappedValue) }
      let editing = context.environment.editMode?.wrappedValue.isEditing ?? false
      if controller.isEditing != editing {
        controller.isEditing = editing
        collectionView.isEditing = editing
      }
      // The first undo manager the list sees takes its edits (binding
      // another would register every edit twice).
      if let undoManager = context.environment.undoManager, coordinator.undoManager == nil {
        coordinator.undoManager = undoManager
        controller.bindUndoManager(undoManager)
      }
      coordinator.refresh.update(context.environment.refresh, on: collectionView)
    }
  }

  extension TabulaList {
    /// Ends the connection to a source the list showed before.
    private func disconnect(_ coordinator: Coordinator) {
      guard coordinator.connected != nil else { return }
      coordinator.connected = nil
      coordinator.controller?.disconnect()
    }
  }

  extension TabulaList where SectionModel == SectionInfo {
    /// A list of `items` in one section; a new array animates the
    /// difference, and an unchanged one (the same storage: an unchanged
    /// `@State`) costs nothing, not even a diff (`SnapshotMemo`).
    ///
    /// - Precondition: the items' ids are unique (the message names the
    ///   duplicates and their positions).
    public init(_ items: [Item]) {
      content = .made { coordinator in
        let memo =
          coordinator.kept as? MemoBox<Item>
          ?? MemoBox(SnapshotMemo(section: SectionInfo(id: "items")))
        coordinator.kept = memo
        do {
          return try memo.memo.snapshot(of: items)
        } catch {
          preconditionFailure("TabulaList: \(error)")
        }
      }
    }
  }

  /// A ``SnapshotMemo`` a coordinator keeps between updates.
  @MainActor
  final class MemoBox<Item: Diffable> {
    var memo: SnapshotMemo<Item>
    init(_ memo: SnapshotMemo<Item>) { self.memo = memo }
  }

  /// Drives a `UIRefreshControl` from SwiftUI's `refresh` action.
  @MainActor
  final class RefreshBridge: NSObject {
    private var action: RefreshAction?
    private var control: UIRefreshControl?

    /// Shows a refresh control while `action` exists, and runs it on a pull.
    func update(_ action: RefreshAction?, on collectionView: UICollectionView) {
      self.action = action
      guard action != nil else {
        collectionView.refreshControl = nil
        control = nil
        return
      }
      guard control == nil else { return }
      #if os(iOS)
        let control = UIRefreshControl()
        control.addTarget(self, action: #selector(pulled), for: .valueChanged)
        collectionView.refreshControl = control
        self.control = control
      #endif
    }

    @objc private func pulled() {
      guard let action else {
        control?.endRefreshing()
        return
      }
      Task { @MainActor in
        await action()
        control?.endRefreshing()
      }
    }
  }
#endif
