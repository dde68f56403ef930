#if canImport(UIKit)
  import Tabula
  import UIKit

  extension RowControllers where Controller: UIViewController, Cell: UIView {
    /// Child view controllers in cells, with UIKit's containment calls:
    /// each row's controller (made by `make`) is added as a child of
    /// `parent` and its view fills the cell's content view while the row is
    /// on screen; it is removed when the row leaves.
    public convenience init(parent: UIViewController, make: @escaping (ID) -> Controller) {
      self.init(
        make: make,
        attach: { [weak parent] controller, cell in
          guard let parent else { return }
          let container = RowControllers.contentView(of: cell)
          parent.addChild(controller)
          controller.view.frame = container.bounds
          controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
          container.addSubview(controller.view)
          controller.didMove(toParent: parent)
        },
        detach: { controller, _ in
          controller.willMove(toParent: nil)
          controller.view.removeFromSuperview()
          controller.removeFromParent()
        })
    }

    /// Where a child's view goes: the cell's content view.
    static func contentView(of cell: UIView) -> UIView {
      if let cell = cell as? UITableViewCell { return cell.contentView }
      if let cell = cell as? UICollectionViewCell { return cell.contentView }
      return cell
    }
  }
#endif
