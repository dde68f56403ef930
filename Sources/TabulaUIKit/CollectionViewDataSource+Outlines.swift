#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  // Section snapshots on the drop-in collection view data source: the
  // outline's API, forwarded to the portable data source, and what UIKit's
  // list cells show of it. Apple's data source indents list cells by their
  // level and drives the outline disclosure accessory through private
  // state; Tabula sets `indentationLevel` and puts in place of an outline
  // disclosure (one without an action handler of the app's) a chevron of
  // its own that shows the item's state and toggles it.

  extension CollectionViewDataSource {
    /// The cell provider made `cell` for the item at `indexPath`: a list
    /// cell of an outline is indented by the item's level, and its outline
    /// disclosure shows and toggles the item's state.
    func didMake(
      _ cell: UICollectionViewCell, at indexPath: IndexPath, in collectionView: UICollectionView
    ) {
      guard let cell = cell as? UICollectionViewListCell,
        let item = base.itemIdentifier(for: ItemPath(indexPath))
      else { return }
      guard let position = base.outlinePosition(of: item) else {
        // A cell an outline row showed before: what the data source gave it
        // goes (the app's own indentation, on a cell it never indented,
        // stays).
        if outlineCells.remove(ObjectIdentifier(cell)) != nil {
          cell.indentationLevel = 0
          cell.accessories = cell.accessories.filter { accessory in
            guard case .customView(let view) = accessory.accessoryType else { return true }
            return !(view is OutlineDisclosure)
          }
        }
        return
      }
      outlineCells.insert(ObjectIdentifier(cell))
      cell.indentationLevel = position.depth
      guard
        let slot = cell.accessories.firstIndex(where: { $0.accessoryType == .outlineDisclosure })
      else { return }
      let native = OutlineDisclosure.native(in: cell, at: slot)
      // The app's own action handler expands and collapses: it stays.
      guard !native.hasActionHandler else { return }
      if native.isHeaderStyle {
        headerDisclosures.insert(item)
      } else {
        headerDisclosures.remove(item)
      }
      var accessories = cell.accessories
      accessories.remove(at: slot)
      if position.hasChildren {
        let chevron = OutlineDisclosure()
        chevron.strings = base.controller.strings
        chevron.show(position.isExpanded)
        chevron.toggle = { [weak self] in self?.base.toggleExpansion(of: item) }
        accessories.insert(chevron.accessory, at: slot)
      }
      cell.accessories = accessories
    }

    /// Shows the new state of `item`'s chevron, if its cell is on screen.
    func refreshDisclosure(of item: ItemIdentifierType) {
      guard let collectionView, let path = base.path(for: item),
        let cell = collectionView.cellForItem(at: path.indexPath) as? UICollectionViewListCell,
        let position = base.outlinePosition(of: item)
      else { return }
      for accessory in cell.accessories {
        if case .customView(let view) = accessory.accessoryType,
          let chevron = view as? OutlineDisclosure
        {
          chevron.show(position.isExpanded)
        }
      }
    }

    /// A tap on a row whose disclosure has the header style: it expands or
    /// collapses, and is not selected.
    func toggleIfHeaderDisclosure(at indexPath: IndexPath) -> Bool {
      guard !headerDisclosures.isEmpty, let item = base.itemIdentifier(for: ItemPath(indexPath)),
        headerDisclosures.contains(item)
      else { return false }
      return base.toggleExpansion(of: item)
    }
  }

  /// The chevron an outline row shows in place of UIKit's outline
  /// disclosure: pointing right when collapsed, down when expanded; a tap
  /// toggles.
  @MainActor
  final class OutlineDisclosure: UIButton {
    /// Expands or collapses the row's item.
    var toggle: (@MainActor () -> Void)?
    /// Its label's and value's words.
    var strings = ListStrings()

    convenience init() {
      self.init(type: .system)
      setImage(
        UIImage(
          systemName: "chevron.right",
          withConfiguration: UIImage.SymbolConfiguration(
            textStyle: .body, scale: .small)), for: .normal)
      tintColor = .tertiaryLabel
      addTarget(self, action: #selector(tapped), for: .primaryActionTriggered)
    }

    /// Points the chevron down when `expanded`, and says so to VoiceOver.
    func show(_ expanded: Bool) {
      transform = expanded ? CGAffineTransform(rotationAngle: .pi / 2) : .identity
      accessibilityLabel = expanded ? strings.accessibility.collapse : strings.accessibility.expand
      accessibilityValue =
        expanded ? strings.accessibility.expanded : strings.accessibility.collapsed
    }

    @objc private func tapped() { toggle?() }

    /// The chevron as a trailing cell accessory, as UIKit places its
    /// outline disclosure.
    var accessory: UICellAccessory {
      .customView(
        configuration: UICellAccessory.CustomViewConfiguration(
          customView: self, placement: .trailing(displayed: .always)))
    }

    /// What UIKit's outline disclosure at `slot` of `cell`'s accessories
    /// says (read through its Objective-C properties, which Swift's
    /// `UICellAccessory` does not expose): whether the app gave it an
    /// action handler, and whether its style is the header style: `.header`,
    /// or `.automatic` on a cell configured as a section header, as UIKit
    /// decides it.
    static func native(in cell: UICollectionViewListCell, at slot: Int)
      -> (hasActionHandler: Bool, isHeaderStyle: Bool)
    {
      guard let accessories = cell.value(forKey: "accessories") as? [NSObject],
        slot < accessories.count
      else { return (false, false) }
      let accessory = accessories[slot]
      let style = (accessory.value(forKey: "style") as? Int) ?? 0
      let automatic = UICellAccessory.OutlineDisclosureOptions.Style.automatic.rawValueForTabula
      return (
        accessory.value(forKey: "actionHandler") != nil,
        style == UICellAccessory.OutlineDisclosureOptions.Style.header.rawValueForTabula
          || (style == automatic && isConfiguredAsHeader(cell))
      )
    }

    /// Whether `cell` shows a section header's content: a list content
    /// configuration with a header's text (what `defaultContentConfiguration()`
    /// gives the first item of a section whose list's `headerMode` is
    /// `.firstItemInSection`, or one of UIKit's header configurations).
    /// Other content (a hosting configuration) counts as a cell.
    static func isConfiguredAsHeader(_ cell: UICollectionViewListCell) -> Bool {
      guard let content = cell.contentConfiguration as? UIListContentConfiguration else {
        return false
      }
      let headers: [UIListContentConfiguration] = [
        .plainHeader(), .groupedHeader(), .sidebarHeader(), .prominentInsetGroupedHeader(),
        .extraProminentInsetGroupedHeader(),
      ]
      return headers.contains { header in
        header.textProperties.font == content.textProperties.font
          && header.textProperties.transform == content.textProperties.transform
      }
    }
  }

  extension UICellAccessory.OutlineDisclosureOptions.Style {
    /// The Objective-C value of the style (`UICellAccessoryOutlineDisclosureStyle`).
    var rawValueForTabula: Int {
      switch self {
      case .automatic: 0
      case .header: 1
      case .cell: 2
      @unknown default: 0
      }
    }
  }
#endif
