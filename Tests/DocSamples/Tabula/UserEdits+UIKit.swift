// The sample of "User edits: moves, deletes, undo" (UserEdits.md), on
// UIKit. UIKit exists only on Apple platforms, so this file is compiled there
// only and type-checked for iOS 16 by .ci/apple on Linux. UserEdits.swift
// runs the same presenter against a simulated table view, where a test
// drags the row; it declares the same type names, so the types here live in
// a namespace of their own.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  enum UserEditsOnUIKit {
    struct Chore: Diffable, Hashable {
      let id: Int
      var title: String
      var isPinned = false
    }

    struct ChoreRowPresenter: Presenter {
      func reuseIdentifier(for chore: Chore, style: PresentationStyle) -> String { "chore" }
      func configure(_ cell: UITableViewCell, with chore: Chore, context: PresentationContext) {
        var content = cell.defaultContentConfiguration()
        content.text = chore.title
        cell.contentConfiguration = content
      }
      func canMove(_ chore: Chore) -> Bool { !chore.isPinned }
    }

    final class ChoresViewController: UITableViewController {
      private let presenters = PresenterRegistry<UITableViewCell>()
      private lazy var controller = ListController<SectionInfo, Chore, UITableViewCell>(
        host: tableView, presenters: presenters)

      override func viewDidLoad() {
        super.viewDidLoad()
        presenters.register(ChoreRowPresenter())
        if let undoManager { controller.bindUndoManager(undoManager) }
      }

      func show(_ week: [Chore]) throws(SnapshotError) {
        let chores = StaticSource(try Snapshot(week, in: SectionInfo(id: "week")))
        controller.connect(to: chores)
        controller.movePolicy = .withinSection

        // Reorder controls on the rows that can move. The user drags a chore: the table
        // view moves its row, then the controller adopts the move and writes it to `chores`.
        tableView.isEditing = true
      }

      func enableDragAndDrop() {
        // Rows drag on iPad and Mac; on iPhone, turn it on. A drag takes every selected row.
        tableView.dragInteractionEnabled = true
        controller.selectionMode = .multiple

        // Rows dragged out carry their title; text dropped from other apps becomes chores.
        controller.dragItemProvider = { chore in NSItemProvider(object: chore.title as NSString) }
        controller.acceptDrops(
          placeholder: { Chore(id: -1 - $0, title: "Adding…") },
          loadItems: { providers in
            var added: [Chore] = []
            for provider in providers {
              added.append(Chore(id: newID(), title: try await provider.text()))
            }
            return added
          })
      }

      func speakTheUsersLanguage() {
        controller.strings = .localized()  // the app's Tabula.strings, else English
      }

      // The list's shortcuts in the iPad's hold-⌘ overlay and the Mac's menus.
      override var keyCommands: [UIKeyCommand]? { tableView.listKeyCommands }
    }

    @MainActor private static var lastID = 1000

    /// A fresh id for a chore made of a drop.
    @MainActor static func newID() -> Int {
      lastID += 1
      return lastID
    }
  }

  extension NSItemProvider {
    /// The text the provider holds.
    @MainActor
    func text() async throws -> String {
      try await withCheckedThrowingContinuation { continuation in
        _ = loadObject(ofClass: NSString.self) { object, error in
          if let text = object as? NSString {
            continuation.resume(returning: text as String)
          } else {
            continuation.resume(throwing: error ?? CocoaError(.fileReadUnknown))
          }
        }
      }
    }
  }
#endif
