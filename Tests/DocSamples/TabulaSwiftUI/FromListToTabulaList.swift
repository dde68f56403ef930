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
#endif
