// The SwiftUI screen of the TabulaUIKit article "Common screens"
// (CommonScreens.md), written twice: with a TabulaList, and with SwiftUI's
// List, doing the same. .ci/apple type-checks both for iOS 16;
// CommonScreensLineCountTests counts the lines between each "screen:" mark
// and its "end of screen" mark, as for TabulaUIKit/CommonScreens.swift.
#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import Tabula
  import TabulaSwiftUI

  // MARK: What both versions share: the model and the server

  struct Email: Hashable, Identifiable, Sendable {
    let id: Int
    var subject: String
    var isRead = false
  }

  enum EmailServer {
    /// The inbox, newest first.
    static func inbox() async -> [Email] {
      (1...20).reversed().map { Email(id: $0, subject: "Message \($0)", isRead: $0 < 15) }
    }
  }

  // screen: inbox (Tabula)
  extension Email: Diffable {}

  @MainActor
  struct EmailsView: View {
    @State private var emails: [Email] = []
    @State private var selection: Set<Email.ID> = []

    var body: some View {
      NavigationStack {
        TabulaList(emails)
          .rows(for: Email.self, swipeActions: swipeActions(for:)) { email in
            Label(email.subject, systemImage: email.isRead ? "envelope.open" : "envelope.badge")
          }
          .selection($selection)
          .refreshable { emails = await EmailServer.inbox() }
          .task { emails = await EmailServer.inbox() }
          .toolbar {
            EditButton()
            Button("Delete \(selection.count)", role: .destructive) { delete(selection) }
              .disabled(selection.isEmpty)
          }
          .navigationTitle("Inbox")
      }
    }

    private func swipeActions(for email: Email) -> [SwipeAction] {
      [
        SwipeAction(title: "Delete", style: .destructive) { delete([email.id]) },
        SwipeAction(title: email.isRead ? "Unread" : "Read") { toggleRead(email.id) },
      ]
    }

    private func delete(_ ids: Set<Email.ID>) {
      emails.removeAll { ids.contains($0.id) }
      selection.subtract(ids)
    }

    private func toggleRead(_ id: Email.ID) {
      if let index = emails.firstIndex(where: { $0.id == id }) { emails[index].isRead.toggle() }
    }
  }
  // end of screen

  // screen: inbox (SwiftUI)
  @MainActor
  struct PlainEmailsView: View {
    @State private var emails: [Email] = []
    @State private var selection: Set<Email.ID> = []

    var body: some View {
      NavigationStack {
        List(emails, selection: $selection) { email in
          Label(email.subject, systemImage: email.isRead ? "envelope.open" : "envelope.badge")
            .swipeActions {
              Button("Delete", role: .destructive) { delete([email.id]) }
              Button(email.isRead ? "Unread" : "Read") { toggleRead(email.id) }
            }
        }
        .refreshable { emails = await EmailServer.inbox() }
        .task { emails = await EmailServer.inbox() }
        .toolbar {
          EditButton()
          Button("Delete \(selection.count)", role: .destructive) { delete(selection) }
            .disabled(selection.isEmpty)
        }
        .navigationTitle("Inbox")
      }
    }

    private func delete(_ ids: Set<Email.ID>) {
      emails.removeAll { ids.contains($0.id) }
      selection.subtract(ids)
    }

    private func toggleRead(_ id: Email.ID) {
      if let index = emails.firstIndex(where: { $0.id == id }) { emails[index].isRead.toggle() }
    }
  }
// end of screen
#endif
