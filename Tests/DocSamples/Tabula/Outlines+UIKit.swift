// The samples of "Outlines and collapsible sections" (Outlines.md) that
// show a list: an outline in a collection view, collapsible sections in a
// table view. UIKit exists only on Apple platforms, so this file is compiled
// there only and type-checked for iOS 16 by .ci/apple on Linux. Outlines.swift
// runs the samples that need no view (trees, outlines) and the same lists on
// simulated views; it declares the same names (`Folder` among them), so the
// code here lives in a namespace of its own.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  enum OutlinesOnUIKit {
    struct Folder: Diffable, Hashable {
      let id: String
      var name: String
    }

    static let mail = Folder(id: "mail", name: "Mail")
    static let inbox = Folder(id: "inbox", name: "Inbox")
    static let work = Folder(id: "work", name: "Work")
    static let archive = Folder(id: "archive", name: "Archive")
    static let notes = Folder(id: "notes", name: "Notes")

    struct FolderPresenter: Presenter {
      var cellClass: UICollectionViewCell.Type? { UICollectionViewListCell.self }

      func reuseIdentifier(for folder: Folder, style: PresentationStyle) -> String { "folder" }

      func configure(
        _ cell: UICollectionViewCell, with folder: Folder, context: PresentationContext
      ) {
        guard let cell = cell as? UICollectionViewListCell else { return }
        var content = cell.defaultContentConfiguration()
        content.image = UIImage(systemName: "folder")
        content.text = folder.name
        cell.contentConfiguration = content
        cell.showOutline(context.outline)  // indents by depth; a chevron on folders with children
      }
    }

    /// A sidebar of folders: an outline in a collection view list.
    final class FoldersViewController: UIViewController {
      private let collectionView = UICollectionView(
        frame: .zero, collectionViewLayout: .tabula(default: .list(.sidebar)))
      private let presenters = PresenterRegistry<UICollectionViewCell>()
      private var controller: ListController<SectionInfo, OutlineRow<Folder>, UICollectionViewCell>?

      override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.frame = view.bounds
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
      }

      func show() throws {
        let tree = try Tree<Folder>.make {
          TreeNode(mail) {
            TreeNode(inbox) { work }
            archive
          }
          notes
        }

        presenters.register(FolderPresenter())  // presents Folder; rows are OutlineRow<Folder>
        let controller = ListController<SectionInfo, OutlineRow<Folder>, UICollectionViewCell>(
          host: collectionView, presenters: presenters)
        let folders = OutlineSource(
          Outline(tree), in: SectionInfo(id: "folders", title: "Folders"), makePlaceholder: nil)
        controller.connect(to: folders)
        controller.didSelect = { row, _ in try? folders.toggle(row.id) }  // a tap toggles

        try folders.expand("mail")  // Inbox and Archive animate in under Mail
        try folders.reveal("work")  // expands Inbox too
        try folders.collapse("mail")  // the three rows under Mail animate out

        self.controller = controller
      }
    }

    /// Mailboxes in sections that collapse under their headers.
    final class MailboxesViewController: UITableViewController {
      private let presenters = PresenterRegistry<UITableViewCell>()
      private var controller:
        ListController<CollapsibleSection<SectionInfo>, Folder, UITableViewCell>?

      func show() throws {
        presenters.register(Folder.self) { folder, _ in
          var content = UIListContentConfiguration.cell()
          content.text = folder.name
          return content
        }
        let mailboxes = StaticSource(
          try Snapshot(sections: [
            SnapshotSection(SectionInfo(id: "mail", title: "Mail"), items: [inbox, archive]),
            SnapshotSection(SectionInfo(id: "other", title: "Other"), items: [notes]),
          ]))

        let sections = CollapsingSource(mailboxes)
        let controller = ListController<CollapsibleSection<SectionInfo>, Folder, UITableViewCell>(
          host: tableView, presenters: presenters)
        controller.connect(to: sections)
        controller.didSelectHeader = { section, _ in
          try? sections.toggleSection(section.id)  // the rows animate out, or back in
        }

        self.controller = controller
      }
    }
  }
#endif
