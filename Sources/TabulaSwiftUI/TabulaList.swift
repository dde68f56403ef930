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
  /// - **Rows by type**: ``rows(for:leadingSwipeActions:swipeActions:content:)``
  ///   registers a row builder for a model type (a protocol works too: rows
  ///   of every type that conforms fall back to it, as presenters do); an
  ///   `AnyItem` snapshot mixes types. Rows follow the list as `List`'s
  ///   do: each update of the list hands its latest builders and its
  ///   environment (`@EnvironmentObject`s, custom keys, font, tint) to every
  ///   row, and SwiftUI renders again what changed; a row that reads an
  ///   `@Observable` model (iOS 17) or observes an object is rendered again
  ///   alone when it changes.
  /// - **Sections**: ``headers(for:content:)`` and ``footers(for:content:)``.
  /// - **Selection**: ``selection(_:)`` binds a `Set` of item ids both ways,
  ///   several rows at once; ids whose rows have not arrived yet (a
  ///   restored selection, a database list's first fetch) are selected
  ///   when they do. Without a binding a tap highlights the row and lets
  ///   go.
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
  /// - **Layouts and styles**: ``layout(_:)`` takes a `SectionLayout`:
  ///   `.list(.insetGrouped)` (the default), `.list(.plain)`,
  ///   `.list(.grouped)`, `.list(.sidebar)` are `List`'s `.listStyle`s;
  ///   `.grid(columns:...)` is a grid.
  ///
  /// Where it differs from `List`: rows are `UIHostingConfiguration`s in
  /// collection view cells, so a row's `@State` lives as long as its cell
  /// shows that row; the edit mode's reorder handles and delete controls
  /// show for rows of a source (an array or a snapshot is the app's, and
  /// its edits are the app's to make).
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
    /// Stores a registration's latest builders in the rows' slots and,
    /// given a registry (when the list is made), registers its presenter.
    var registrations: [@MainActor (PresenterRegistry<UICollectionViewCell>?, LiveRows) -> Void] =
      []
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
    /// `content`, with `leadingSwipeActions` on a swipe from the leading
    /// edge and `swipeActions` from the trailing edge (an action's handler
    /// runs async and may throw; `SwipeAction.delete()` deletes the row as
    /// a user edit, with undo; `symbolName` and `tint` set its look). As
    /// with `List`, the builders are the latest the list was given: a row
    /// or an action that reads the view's `@State` sees its current value.
    public func rows<Model, Row: View>(
      for type: Model.Type,
      leadingSwipeActions: @escaping @MainActor (Model) -> [SwipeAction] = { _ in [] },
      swipeActions: @escaping @MainActor (Model) -> [SwipeAction] = { _ in [] },
      @ViewBuilder content: @escaping @MainActor (Model) -> Row
    ) -> TabulaList {
      var list = self
      let key = "rows.\(ObjectIdentifier(Model.self))"
      list.registrations.append { presenters, rows in
        let slot = rows.slot(key) {
          RowSlot(content: content, leading: leadingSwipeActions, trailing: swipeActions)
        }
        slot.content = content
        slot.leading = leadingSwipeActions
        slot.trailing = swipeActions
        presenters?.register(LiveRowPresenter(slot: slot, rows: rows), for: Model.self)
      }
      return list
    }

    /// Shows section headers of sections whose model is of type `type`.
    public func headers<Section, Header: View>(
      for type: Section.Type, @ViewBuilder content: @escaping @MainActor (Section) -> Header
    ) -> TabulaList {
      sectionViews(for: type) { slot in slot.header = { AnyView(content($0)) } }
    }

    /// Shows section footers of sections whose model is of type `type`.
    public func footers<Section, Footer: View>(
      for type: Section.Type, @ViewBuilder content: @escaping @MainActor (Section) -> Footer
    ) -> TabulaList {
      sectionViews(for: type) { slot in slot.footer = { AnyView(content($0)) } }
    }

    /// Stores a header or footer builder for `type`'s sections, whose
    /// presenter shows both.
    private func sectionViews<Section>(
      for type: Section.Type, _ store: @escaping @MainActor (SectionSlot<Section>) -> Void
    ) -> TabulaList {
      var list = self
      let key = "sections.\(ObjectIdentifier(Section.self))"
      list.registrations.append { presenters, rows in
        let slot = rows.slot(key) { SectionSlot<Section>() }
        store(slot)
        presenters?.register(
          LiveSectionPresenter(slot: slot, rows: rows), forSection: Section.self)
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
      /// The undo manager the list's edits are registered with, and the
      /// binding that registers them.
      var undo: (manager: UndoManager, binding: UndoBinding)?
      /// The environment and latest builders the rows read.
      let rows = LiveRows()
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
      for register in registrations { register(coordinator.presenters, coordinator.rows) }
      coordinator.rows.update(environment: context.environment)
      let controller = ListController<SectionModel, Item, UICollectionViewCell>(
        host: collectionView, presenters: coordinator.presenters)
      controller.selectionDidChange = { [weak coordinator, weak controller] in
        guard let coordinator, let controller else { return }
        guard !coordinator.isUpdating, let binding = coordinator.selection else { return }
        // Ids whose rows have not arrived stay in the binding: they are
        // selected when they do.
        let ids = Set(controller.selectedIDs).union(controller.awaitedSelection)
        if binding.wrappedValue != ids { binding.wrappedValue = ids }
      }
      coordinator.controller = controller
      coordinator.layout = sectionLayout
      return collectionView
    }

    /// Applies what changed: the rows' builders and environment, the data,
    /// the selection, edit mode, refresh and undo.
    public func updateUIView(_ collectionView: UICollectionView, context: Context) {
      let coordinator = context.coordinator
      guard let controller = coordinator.controller else { return }
      coordinator.isUpdating = true
      defer { coordinator.isUpdating = false }
      for register in registrations { register(nil, coordinator.rows) }
      coordinator.rows.update(environment: context.environment)
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
      // Without a binding a tap highlights the row and lets go, as `List`'s
      // rows do; with one, the row stays selected.
      let keepsSelection = selectionBinding != nil
      controller.didSelect = { [weak collectionView] item, path in
        if !keepsSelection { collectionView?.deselectItem(at: path.indexPath, animated: true) }
        tapped?(item)
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
      // The environment's undo manager takes the list's edits: a new one
      // (the list moved to another window) replaces the old, whose actions
      // for this list go.
      let undoManager = context.environment.undoManager
      if coordinator.undo?.manager !== undoManager {
        coordinator.undo?.binding.unbind()
        coordinator.undo = undoManager.map { ($0, controller.bindUndoManager($0)) }
      }
      coordinator.refresh.update(context.environment.refresh, on: collectionView)
    }

    /// The list goes away: its undo actions leave the undo manager (they
    /// would do nothing), and it stops following its source.
    public static func dismantleUIView(_ collectionView: UICollectionView, coordinator: Coordinator)
    {
      coordinator.undo?.binding.unbind()
      coordinator.undo = nil
      coordinator.controller?.disconnect()
      coordinator.connected = nil
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
#endif
