import GRDB
import SwiftUI
import Tabula
import TabulaGRDB
import TabulaSwiftUI

/// A row of the long list.
struct Numbered: Diffable, Hashable {
  let id: Int
  var starred = false
}

/// The SwiftUI tab: four `TabulaList`s with SwiftUI rows, chosen at the
/// top: a to-do list that behaves as `List` does (environment, selection,
/// edit mode, undo), 100,000 rows, an outline that opens on tap, and the
/// contacts live from SQLite.
@MainActor
struct SwiftUIScreens: View {
  enum Screen: String, CaseIterable, Identifiable {
    case todos = "To do"
    case long = "100,000 rows"
    case outline = "Outline"
    case contacts = "Contacts"
    var id: Self { self }
  }

  let database: DatabaseQueue
  @State private var screen = Screen.todos

  var body: some View {
    NavigationStack {
      VStack(spacing: 0) {
        Picker("Screen", selection: $screen) {
          ForEach(Screen.allCases) { Text($0.rawValue).tag($0) }
        }
        .pickerStyle(.segmented)
        .padding()
        switch screen {
        case .todos: TodoScreen()
        case .long: LongList()
        case .outline: OutlineScreen()
        case .contacts: LiveContacts(database: database)
        }
      }
      .navigationTitle("SwiftUI")
      .navigationBarTitleDisplayMode(.inline)
    }
  }
}

/// 100,000 rows: a star toggles one (one row diffed and reconfigured, not
/// the whole list); pull to shuffle a hundred of them.
@MainActor
struct LongList: View {
  @State private var rows = (0..<100_000).map { Numbered(id: $0) }
  @State private var selection: Set<Int> = []

  /// Stars or unstars a row: one row changes, one row is reconfigured.
  private func toggleStar(_ id: Int) {
    if let index = rows.firstIndex(where: { $0.id == id }) { rows[index].starred.toggle() }
  }

  var body: some View {
    TabulaList(rows)
      .rows(
        for: Numbered.self,
        swipeActions: { row in
          [SwipeAction(title: row.starred ? "Unstar" : "Star") { toggleStar(row.id) }]
        }
      ) { row in
        HStack {
          Text("Row \(row.id)")
          Spacer()
          if row.starred { Image(systemName: "star.fill").foregroundStyle(.yellow) }
        }
      }
      .selection($selection)
      .onTap { row in toggleStar(row.id) }
      .refreshable {
        var shuffled = rows
        let moved = shuffled.suffix(100)
        shuffled.removeLast(100)
        shuffled.insert(contentsOf: moved, at: 0)
        rows = shuffled
      }
  }
}

/// The project outline of the Files tab, in SwiftUI: tap a folder to open
/// or close it (the outline reports the change; nothing else is diffed).
@MainActor
struct OutlineScreen: View {
  @State private var files = OutlineSource(
    Outline(ProjectFiles.tree()), in: SectionInfo(id: "files", title: "Project"))

  var body: some View {
    TabulaList(source: files)
      .rows(for: FileItem.self) { file in
        Label(file.name, systemImage: FileRow.symbol(for: file))
      }
      .headers(for: SectionInfo.self) { section in Text(section.title ?? "") }
      .onTap { row in try? files.toggle(row.id) }
  }
}

/// The contacts, live from SQLite through a `FetchedList`: rows, headers
/// by initial, and placeholders while loading, as SwiftUI views.
@MainActor
struct LiveContacts: View {
  @State private var contacts: FetchedList<Contact, AnyItem>

  init(database: DatabaseQueue) {
    _contacts = State(
      initialValue: FetchedList(
        database,
        request: FetchedRequest(
          table: "contact", orderedBy: [.ascending("initial"), .ascending("position")]),
        sectionedBy: .column("initial", order: .ascending),
        placeholderSection: SectionInfo(id: "contacts")))
  }

  var body: some View {
    TabulaList(source: contacts)
      .rows(for: Contact.self) { contact in
        VStack(alignment: .leading) {
          Text(contact.name)
          Text(contact.city).font(.caption).foregroundStyle(.secondary)
        }
      }
      .rows(for: LoadingPlaceholder.self) { _ in ProgressView() }
      .headers(for: SectionInfo.self) { section in Text(section.title ?? section.id) }
  }
}
