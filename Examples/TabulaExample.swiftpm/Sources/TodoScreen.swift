import SwiftUI
import Tabula
import TabulaSwiftUI

/// A to-do of the SwiftUI tab's list.
struct Todo: Diffable, Hashable {
  let id: Int
  var title: String
}

/// What the to-do rows read from the environment.
final class TodoSettings: ObservableObject {
  @Published var showsNumbers = true
}

/// A to-do row: reads the list's `@EnvironmentObject`, as a `List` row does.
struct TodoRow: View {
  @EnvironmentObject private var settings: TodoSettings
  let todo: Todo
  let pinned: Bool

  var body: some View {
    HStack {
      if settings.showsNumbers { Text("\(todo.id).").monospacedDigit().foregroundStyle(.secondary) }
      Text(todo.title)
      Spacer()
      if pinned { Image(systemName: "pin.fill").foregroundStyle(.orange) }
    }
  }
}

/// A to-do list that behaves as `List` does: rows read an environment
/// object, the Pin swipe action reads `@State`, Add selects the row it adds
/// while the row animates in, Edit shows reorder handles and delete
/// controls, and Undo undoes moves and deletes through the window's undo
/// manager.
@MainActor
struct TodoScreen: View {
  @StateObject private var settings = TodoSettings()
  @State private var todos = StaticSource<SectionInfo, Todo>()
  @State private var selection: Set<Todo.ID> = []
  @State private var pinned: Set<Todo.ID> = []
  @State private var editMode = EditMode.inactive
  @State private var nextID = 1
  @Environment(\.undoManager) private var undoManager

  var body: some View {
    TabulaList(source: todos)
      .rows(
        for: Todo.self,
        leadingSwipeActions: { todo in
          [
            SwipeAction(
              title: pinned.contains(todo.id) ? "Unpin" : "Pin",
              symbolName: pinned.contains(todo.id) ? "pin.slash" : "pin", tint: .orange
            ) { pinned.formSymmetricDifference([todo.id]) }
          ]
        },
        swipeActions: { _ in [.delete(symbolName: "trash")] }
      ) { todo in TodoRow(todo: todo, pinned: pinned.contains(todo.id)) }
      .footers(for: SectionInfo.self) { _ in
        Text(selection.isEmpty ? "Edit to select or reorder" : "\(selection.count) selected")
      }
      .selection($selection)
      .canMove { _ in true }
      .canDelete { _ in true }
      .environmentObject(settings)
      .toolbar {
        ToolbarItemGroup(placement: .navigationBarTrailing) {
          EditButton()
          Button("Undo") { undoManager?.undo() }
          Button {
            add()
          } label: {
            Image(systemName: "plus")
          }
        }
        ToolbarItem(placement: .bottomBar) {
          Toggle("Numbers", isOn: $settings.showsNumbers)
        }
      }
      .environment(\.editMode, $editMode)
      .onAppear { if todos.snapshot.numberOfItems == 0 { add(selecting: false) } }
  }

  /// Adds a to-do and selects it at once, while its row animates in.
  private func add(selecting: Bool = true) {
    let todo = Todo(id: nextID, title: "To do \(nextID)")
    nextID += 1
    do {
      try todos.setItems(
        todos.snapshot.items + [todo], in: SectionInfo(id: "todos", title: "To do"))
      if selecting { selection.insert(todo.id) }
    } catch {
      assertionFailure("\(error)")
    }
  }
}
