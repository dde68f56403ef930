import Tabula
import TabulaUIKit
import UIKit

/// The project's files as an outline in a list-style collection view: a tap
/// on a folder expands or collapses it, animating exactly the rows under it
/// (an `OutlineSource` reports them, no diff of the whole list). The shared
/// folder's contents load from a simulated server when it is opened, with a
/// loading row, and an error row the first time (tap it to try again).
final class FilesViewController: UIViewController {
  private let collectionView = UICollectionView(
    frame: .zero, collectionViewLayout: .tabula(default: .list(.insetGrouped)))
  private let presenters = PresenterRegistry<UICollectionViewCell>()
  private let files: OutlineSource<SectionInfo, AnyItem>
  private lazy var controller = ListController<
    SectionInfo, OutlineRow<AnyItem>, UICollectionViewCell
  >(host: collectionView, presenters: presenters)

  init() {
    let drive = SharedDrive()
    let tree = ProjectFiles.tree()
    // The first root ("Sources") starts open.
    let opened = tree.roots.first.map { Set([$0.id]) } ?? []
    files = OutlineSource(
      Outline(tree, expandedIDs: opened), in: SectionInfo(id: "files", title: "Project"),
      loadChildren: { folder in try await drive.children(of: folder) })
    super.init(nibName: nil, bundle: nil)
    do {
      try files.setChildrenUnloaded(AnyItem(ProjectFiles.shared).id)
    } catch {
      TabulaLog.report("the shared folder cannot be marked as loading later: \(error)")
    }
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.frame = view.bounds
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(collectionView)
    presenters.register(FileRow())
    presenters.registerPlaceholders()  // indented under their folder, as the files
    controller.didSelect = { [weak self] row, path in self?.didSelect(row, at: path) }
    controller.connect(to: files)
    navigationItem.rightBarButtonItems = [
      UIBarButtonItem(
        image: UIImage(systemName: "rectangle.compress.vertical"), style: .plain, target: self,
        action: #selector(collapseAll)),
      UIBarButtonItem(
        image: UIImage(systemName: "rectangle.expand.vertical"), style: .plain, target: self,
        action: #selector(expandAll)),
    ]
  }

  private func didSelect(_ row: OutlineRow<AnyItem>, at path: ItemPath) {
    collectionView.deselectItem(at: path.indexPath, animated: true)
    do {
      if row.position.hasChildren {
        try files.toggle(row.id)
      } else if row.item.base is ErrorPlaceholder,
        let folder = files.outline.childrenPlaceholders.first(where: { $0.value.id == row.id })
      {
        // The error row stands in for its folder's children.
        try files.retryChildren(of: folder.key)
      } else if let file = row.item.base(as: FileItem.self) {
        showNotice("\(file.name): \(file.formattedSize)")
      }
    } catch {
      // The row was on screen, so its node is in the tree: this is a bug.
      TabulaLog.report("the outline cannot toggle \(row.id): \(error)")
    }
  }

  /// Opens every folder that has children (the shared folder's load
  /// only when opened itself).
  @objc private func expandAll() {
    files.expandAll()
  }

  @objc private func collapseAll() {
    files.collapseAll()
  }
}
