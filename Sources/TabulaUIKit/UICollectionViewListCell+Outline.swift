#if canImport(UIKit)
  import Tabula
  import UIKit

  extension UICollectionViewListCell {
    /// Shows an outline row's place in its tree: indents the cell by the
    /// row's depth and, when the row has children, adds a chevron that
    /// points right while they are hidden and down while they show.
    ///
    /// Call it from a presenter's `configure` with the context's
    /// `outline` (`PresentationContext.outline`); a row that is not in an
    /// outline (`nil`) gets no indentation and no chevron, so a reused cell
    /// drops the ones it showed. The cell's other accessories stay. Without
    /// a `toggle`, the cell's `accessibilityValue` says "expanded" or
    /// "collapsed" (`nil` for a leaf).
    ///
    /// ```swift
    /// func configure(_ cell: UICollectionViewCell, with file: File, context: PresentationContext) {
    ///   var content = UIListContentConfiguration.cell()
    ///   content.text = file.name
    ///   cell.contentConfiguration = content
    ///   (cell as? UICollectionViewListCell)?.showOutline(context.outline)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - position: The row's depth and disclosure.
    ///   - toggle: What a tap on the chevron does, typically the outline
    ///     source's `toggle(_:)` of the row's id. Without it the chevron
    ///     only shows the state, and a tap anywhere on the row selects it
    ///     (a `didSelect` that toggles makes the whole row the control, as
    ///     UIKit's header-style disclosure does).
    ///   - strings: The words VoiceOver says of the chevron and the row
    ///     (the list's ``Tabula/ListController/strings``).
    public func showOutline(
      _ position: OutlinePosition?, toggle: (@MainActor () -> Void)? = nil,
      strings: ListStrings = ListStrings()
    ) {
      indentationLevel = position?.depth ?? 0
      var kept = accessories.filter { accessory in
        guard case .customView(let view) = accessory.accessoryType else { return true }
        return !(view is OutlineDisclosure)
      }
      defer { accessories = kept }
      guard let position, position.hasChildren else {
        accessibilityValue = nil
        return
      }
      let chevron = OutlineDisclosure()
      chevron.strings = strings
      chevron.show(position.isExpanded)
      chevron.toggle = toggle
      // Without an action the chevron is a marker: taps reach the row.
      chevron.isUserInteractionEnabled = toggle != nil
      if toggle == nil {
        // The row is the control: VoiceOver reads its state on the row.
        accessibilityValue =
          position.isExpanded ? strings.accessibility.expanded : strings.accessibility.collapsed
      }
      kept.append(chevron.accessory)
    }

    /// Shows `controls` while the list is editing: a delete control before
    /// the content and a reorder handle at the end (`.delete()` and
    /// `.reorder()` accessories, displayed while editing), and neither
    /// where `controls` lacks it. The cell's other accessories stay. What
    /// the collection view's glue does for every row a `ListController`
    /// makes (``Tabula/ListController/showsEditingControls``).
    func showEditingControls(_ controls: EditingControls) {
      let current = accessories
      var kept = current.filter { $0.accessoryType != .delete && $0.accessoryType != .reorder }
      if controls.contains(.delete) { kept.insert(.delete(displayed: .whenEditing), at: 0) }
      if controls.contains(.reorder) { kept.append(.reorder(displayed: .whenEditing)) }
      guard kept.count != current.count || !controls.isEmpty else { return }
      accessories = kept
    }
  }
#endif
