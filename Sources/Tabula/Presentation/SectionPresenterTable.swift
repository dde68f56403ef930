/// The section half of a ``PresenterRegistry``: the ``SectionPresenter``s
/// that make the header and footer views of sections, per section model
/// type.
///
/// For a section model of dynamic type `T`, the lookup finds the presenter
/// registered for `T`, else the first registered (oldest first) for a type
/// the model can be cast to (a protocol, a superclass), else none: the
/// section shows its title. Each dynamic type is resolved once and its
/// answer kept until the table changes; ``version`` counts the changes, so
/// that a controller knows when the section views on screen are stale.
@MainActor
struct SectionPresenterTable {
  /// Every registration, oldest first.
  private(set) var registrations: [(type: ObjectIdentifier, entry: SectionPresenterEntry)] = []
  /// The presenters by exact section model type.
  private var exact: [ObjectIdentifier: SectionPresenterEntry] = [:]
  /// What each dynamic type resolved to, `nil` included.
  private var resolutions: [ObjectIdentifier: SectionPresenterEntry?] = [:]
  /// Increases with every change of the table.
  private(set) var version = 0
  /// The id of the latest registration.
  private var lastPresenterID = 0

  /// An empty table.
  init() {}

  /// Whether no section presenter is registered.
  var isEmpty: Bool { registrations.isEmpty }

  /// Registers `presenter` for sections whose model is a `section`, replacing
  /// the presenter registered for the same type (the new one is tried last
  /// among those registered for protocols and superclasses).
  mutating func register<P: SectionPresenter>(_ presenter: P, for section: P.Section.Type) {
    lastPresenterID += 1
    let type = ObjectIdentifier(section)
    let entry = SectionPresenterEntry(presenter, id: lastPresenterID)
    exact[type] = entry
    registrations.removeAll { $0.type == type }
    registrations.append((type, entry))
    resolutions = [:]
    version += 1
  }

  /// The presenter of `section`'s views: registered for its exact type, else
  /// the first registered type it is an instance of; `nil` for none.
  ///
  /// - Complexity: O(1) for a type seen before; the first lookup of a type
  ///   may try every registration.
  mutating func presenter(for section: Any) -> SectionPresenterEntry? {
    let type = ObjectIdentifier(Swift.type(of: section))
    if let resolved = resolutions[type] { return resolved }
    let found = exact[type] ?? registrations.first { $0.entry.accepts(section) }?.entry
    resolutions[type] = .some(found)
    return found
  }
}
