// The samples of "Variable heights and scroll anchoring" (Sizing.md) that
// show a table view. UIKit exists only on Apple platforms, so this file is
// compiled there only and type-checked for iOS 16 by .ci/apple on Linux.
// Sizing.swift measures the same way on simulated cells, and runs the
// samples that need no view (the height index, the scroll anchor); it
// declares the same type names, so the types here live in a namespace of
// their own.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  enum SizingOnUIKit {
    struct Note: Diffable, Hashable {
      let id: Int
      var text: String
    }

    final class NoteCell: UITableViewCell, SizableCell {
      /// The height Auto Layout gives the cell and its content configuration.
      func fittingHeight(forWidth width: Double) -> Double {
        let size = systemLayoutSizeFitting(
          CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
          withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        return Double(size.height)
      }
    }

    struct NotePresenter: Presenter {
      var cellClass: UITableViewCell.Type? { NoteCell.self }

      func reuseIdentifier(for note: Note, style: PresentationStyle) -> String { "note" }

      func configure(_ cell: UITableViewCell, with note: Note, context: PresentationContext) {
        var content = cell.defaultContentConfiguration()
        content.text = note.text
        cell.contentConfiguration = content
      }

      var measuresCells: Bool { true }

      func estimatedHeight(for note: Note, width: Double, style: PresentationStyle) -> Double? {
        56
      }
    }

    /// Measures the first note, as the table view's `heightForRowAt` asks
    /// the controller to.
    @MainActor
    static func measure(_ notes: Snapshot<SectionInfo, Note>) -> [Double?] {
      let tableView = UITableView()
      let presenters = PresenterRegistry<UITableViewCell>()
      presenters.register(NotePresenter())
      let controller = ListController(host: tableView, snapshot: notes, presenters: presenters)

      let first = ItemPath(section: 0, item: 0)
      let wide = controller.height(forItemAt: first, width: 390)  // measured on a prototype cell
      let narrow = controller.height(forItemAt: first, width: 200)  // measured again: a new width
      let again = controller.height(forItemAt: first, width: 200)  // cached: not measured
      return [wide, narrow, again]
    }

    /// A list that leaves the content offset alone, as Apple's data
    /// sources do.
    @MainActor
    static func keepOffset(of controller: ListController<SectionInfo, Note, UITableViewCell>) {
      controller.scrollAnchoring = .none  // rows inserted above push the rows on screen down
    }
  }
#endif
