// The samples of TabulaSwiftUI's article "From List to TabulaList";
// type-checked for iOS by .ci/apple.
#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import Tabula
  import TabulaSwiftUI

  struct Todo: Diffable, Hashable, Identifiable {
    let id: Int
    var title: String

    static func reload() async -> [Todo] { [Todo(id: 1, title: "Write the article")] }
  }

  @MainActor
  struct TodoList: View {
    @State private var todos: [Todo] = []
    @State private var selection: Set<Todo.ID> = []

    var body: some View {
      List(todos, selection: $selection) { todo in
        Text(todo.title)
      }
      .refreshable { todos = await Todo.reload() }
    }
  }

  @MainActor
  struct TodoTabulaList: View {
    @State private var todos: [Todo] = []
    @State private var selection: Set<Todo.ID> = []

    var body: some View {
      TabulaList(todos)
        .rows(for: Todo.self) { todo in Text(todo.title) }
        .selection($selection)
        .refreshable { todos = await Todo.reload() }
    }
  }

  struct Person: Diffable, Hashable {
    let id: Int
    var name: String
  }

  @MainActor
  struct LiveContactsList: View {
    let contacts: any SnapshotSource<SectionInfo, AnyItem>  // a FetchedList, a PagedSource...

    var body: some View {
      TabulaList(source: contacts)
        .rows(for: Person.self) { person in Text(person.name) }
        .rows(for: LoadingPlaceholder.self) { _ in ProgressView() }
        .rows(for: ErrorPlaceholder.self) { error in Text(error.message) }
        .headers(for: SectionInfo.self) { section in Text(section.title ?? section.id) }
    }
  }

  final class TodoSettings: ObservableObject {
    @Published var showsNumbers = true
  }

  struct TodoRow: View {
    @EnvironmentObject private var settings: TodoSettings
    let todo: Todo
    let pinned: Bool

    var body: some View {
      HStack {
        if settings.showsNumbers { Text("\(todo.id).").monospacedDigit() }
        Text(todo.title)
        Spacer()
        if pinned { Image(systemName: "pin.fill") }
      }
    }
  }

  @MainActor
  struct EditableTodos: View {
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
              SwipeAction(title: pinned.contains(todo.id) ? "Unpin" : "Pin", tint: .orange) {
                pinned.formSymmetricDifference([todo.id])
              }
            ]
          },
          swipeActions: { _ in [.delete()] }
        ) { todo in TodoRow(todo: todo, pinned: pinned.contains(todo.id)) }
        .selection($selection)
        .canMove { _ in true }
        .canDelete { _ in true }
        .environmentObject(settings)
        .toolbar {
          EditButton()
          Button("Undo") { undoManager?.undo() }
          Button("Add") { add() }
          Toggle("Numbers", isOn: $settings.showsNumbers)
        }
        .environment(\.editMode, $editMode)
    }

    private func add() {
      let todo = Todo(id: nextID, title: "To do \(nextID)")
      nextID += 1
      do {
        try todos.setItems(todos.snapshot.items + [todo], in: SectionInfo(id: "todos"))
        selection.insert(todo.id)  // while the row animates in: it stays selected
      } catch {
        assertionFailure("\(error)")  // a duplicate id, named with its positions
      }
    }
  }
#endif
