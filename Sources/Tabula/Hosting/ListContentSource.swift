/// What a ``ListHost`` asks of the list's structure: how many sections and
/// rows, the sections' titles, views and layouts, taps on headers, and how
/// the list keeps its place through a batch.
///
/// One of the capabilities that make up a ``ListHostDataSource``.
@MainActor
public protocol ListContentSource: AnyObject {
  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of items in a section.
  func numberOfItems(inSectionAt section: Int) -> Int

  /// The header title of a section, if any.
  func headerTitle(forSectionAt section: Int) -> String?

  /// The footer title of a section, if any.
  func footerTitle(forSectionAt section: Int) -> String?

  /// The reuse identifier of the view of `kind` the section at `section`
  /// shows (see ``SectionPresenter``), or `nil` when it shows none: the host
  /// then shows the section's title, if it has one.
  ///
  /// A host asks it when the section comes on screen and again when the
  /// section is updated: the same identifier means the view on screen is
  /// configured again in place (``configureSectionView(_:ofKind:inSectionAt:)``),
  /// another one (or `nil`) that it is replaced.
  func sectionViewReuseIdentifier(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> String?

  /// Configures `view`, which the host dequeued under the section's
  /// ``sectionViewReuseIdentifier(ofKind:inSectionAt:)`` (or shows already),
  /// to show the section at `section`.
  func configureSectionView<View>(
    _ view: View, ofKind kind: SectionViewKind, inSectionAt section: Int)

  /// How the section at `section` lays out its items, for a host whose
  /// layout asks (a collection view with Tabula's compositional layout), or
  /// `nil` for the layout's default.
  func sectionLayout(forSectionAt section: Int) -> SectionLayout?

  /// The user selected the header of the section at `section` (to collapse
  /// or expand it, say).
  func didSelectHeader(inSectionAt section: Int)

  /// Whether the data source hears taps on the header of the section at
  /// `section` (``didSelectHeader(inSectionAt:)``): a host makes only those
  /// headers tappable.
  func respondsToHeaderSelection(inSectionAt section: Int) -> Bool

  /// Whether the host keeps the first visible row in place through a batch
  /// update, read before each one.
  var scrollAnchoring: ScrollAnchoring { get }
}

extension ListContentSource {
  /// No section views: sections show their titles.
  public func sectionViewReuseIdentifier(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> String?
  { nil }

  /// Nothing to configure: there are no section views.
  public func configureSectionView<View>(
    _ view: View, ofKind kind: SectionViewKind, inSectionAt section: Int
  ) {}

  /// `nil`: the layout's default.
  public func sectionLayout(forSectionAt section: Int) -> SectionLayout? { nil }

  /// Ignores the tap: a data source without sections that respond to their
  /// header need not implement it.
  public func didSelectHeader(inSectionAt section: Int) {}

  /// `false`: headers are not tapped.
  public func respondsToHeaderSelection(inSectionAt section: Int) -> Bool { false }

  /// ``ScrollAnchoring/firstVisibleRow``.
  public var scrollAnchoring: ScrollAnchoring { .firstVisibleRow }
}
