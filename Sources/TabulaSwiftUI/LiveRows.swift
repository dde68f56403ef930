#if canImport(SwiftUI) && canImport(UIKit)
  import Combine
  import SwiftUI
  import Tabula
  import TabulaUIKit
  import UIKit

  /// What every row of a ``TabulaList`` reads from the list as it is now:
  /// its environment and the latest row builders. Each update of the list
  /// stores them and then tells the rows, which SwiftUI renders again,
  /// changing only the views whose output changed (as `List` evaluates its
  /// rows again); cells made meanwhile read them at once.
  @MainActor
  final class LiveRows: ObservableObject {
    /// The list's environment, passed into every row and section view:
    /// `@EnvironmentObject`s, custom keys, fonts, tint.
    private(set) var environment = EnvironmentValues()
    /// The row and section builders, by model type.
    private var slots: [String: AnyObject] = [:]
    /// Whether a change is waiting to be published.
    private var isPublishing = false

    /// The slot under `key`, made by `make` the first time.
    func slot<Slot: AnyObject>(_ key: String, make: () -> Slot) -> Slot {
      if let slot = slots[key] as? Slot { return slot }
      let slot = make()
      slots[key] = slot
      return slot
    }

    /// Stores the list's environment, after its builders were stored, and
    /// tells the rows on a later turn of the main actor (outside the view
    /// update that called it: SwiftUI forbids publishing inside one).
    func update(environment: EnvironmentValues) {
      self.environment = environment
      guard !isPublishing else { return }
      isPublishing = true
      Task { @MainActor [weak self] in
        guard let self else { return }
        self.isPublishing = false
        self.objectWillChange.send()
      }
    }
  }

  /// The builders of one ``TabulaList/rows(for:leadingSwipeActions:swipeActions:content:)``,
  /// replaced at each update of the list.
  @MainActor
  final class RowSlot<Model, Row: View> {
    var content: @MainActor (Model) -> Row
    var leading: @MainActor (Model) -> [SwipeAction]
    var trailing: @MainActor (Model) -> [SwipeAction]

    init(
      content: @escaping @MainActor (Model) -> Row,
      leading: @escaping @MainActor (Model) -> [SwipeAction],
      trailing: @escaping @MainActor (Model) -> [SwipeAction]
    ) {
      self.content = content
      self.leading = leading
      self.trailing = trailing
    }
  }

  /// A row of a ``TabulaList``: the latest builder's view of its model, in
  /// the list's environment. Its body calls the builder, so SwiftUI tracks
  /// what the row reads (an `@Observable` model's properties on iOS 17, an
  /// `ObservableObject` it observes) and renders this row alone again when
  /// that changes.
  struct LiveRow<Model, Row: View>: View {
    let model: Model
    let slot: RowSlot<Model, Row>
    @ObservedObject var rows: LiveRows
    /// The cell's own environment: its traits, as the hosting
    /// configuration sets them for the cell.
    @Environment(\.self) private var cell

    var body: some View {
      slot.content(model).environment(\.self, rows.environment.keepingTraits(of: cell))
    }
  }

  /// Presents a model type's rows with its slot's latest builders.
  @MainActor
  struct LiveRowPresenter<Model, Row: View>: ContentConfigurationPresenter {
    typealias Cell = UICollectionViewCell

    let slot: RowSlot<Model, Row>
    let rows: LiveRows

    func contentConfiguration(for model: Model, context: PresentationContext)
      -> any UIContentConfiguration
    {
      UIHostingConfiguration { LiveRow(model: model, slot: slot, rows: rows) }
    }

    func leadingSwipeActions(for model: Model) -> [SwipeAction] { slot.leading(model) }

    func trailingSwipeActions(for model: Model) -> [SwipeAction] { slot.trailing(model) }
  }

  /// The header and footer builders of one section model type.
  @MainActor
  final class SectionSlot<Section> {
    var header: (@MainActor (Section) -> AnyView)?
    var footer: (@MainActor (Section) -> AnyView)?
  }

  /// A section view of a ``TabulaList``: the latest builder's view, in the
  /// list's environment.
  struct LiveSectionView<Section>: View {
    let section: Section
    let build: @MainActor (Section) -> AnyView
    @ObservedObject var rows: LiveRows
    /// The view's own environment, as the hosting configuration sets it.
    @Environment(\.self) private var cell

    var body: some View {
      build(section).environment(\.self, rows.environment.keepingTraits(of: cell))
    }
  }

  extension EnvironmentValues {
    /// The list's environment (its objects, custom keys, font, tint) with
    /// what the hosting cell sets of its own kept: the traits of the cell
    /// now (text size, colour scheme, direction, scale, size classes,
    /// legibility), which change with the cell before the list updates,
    /// and whether it is enabled.
    func keepingTraits(of cell: EnvironmentValues) -> EnvironmentValues {
      var merged = self
      merged.dynamicTypeSize = cell.dynamicTypeSize
      merged.colorScheme = cell.colorScheme
      merged.layoutDirection = cell.layoutDirection
      merged.displayScale = cell.displayScale
      merged.horizontalSizeClass = cell.horizontalSizeClass
      merged.verticalSizeClass = cell.verticalSizeClass
      merged.legibilityWeight = cell.legibilityWeight
      merged.isEnabled = cell.isEnabled
      return merged
    }
  }

  /// Presents a section model type's headers and footers with its slot's
  /// latest builders; a kind without a builder shows nothing.
  @MainActor
  struct LiveSectionPresenter<Section>: ContentSectionPresenter {
    typealias View = UICollectionReusableView

    let slot: SectionSlot<Section>
    let rows: LiveRows

    func reuseIdentifier(for section: Section, kind: SectionViewKind) -> String? {
      builder(kind) == nil ? nil : "TabulaList.\(Section.self).\(kind)"
    }

    func contentConfiguration(for section: Section, kind: SectionViewKind)
      -> (any UIContentConfiguration)?
    {
      guard let build = builder(kind) else { return nil }
      let rows = rows
      return UIHostingConfiguration {
        LiveSectionView(section: section, build: build, rows: rows)
      }
    }

    private func builder(_ kind: SectionViewKind) -> (@MainActor (Section) -> AnyView)? {
      kind == .header ? slot.header : slot.footer
    }
  }
#endif
