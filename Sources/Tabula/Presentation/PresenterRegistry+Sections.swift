// Section presenters: header and footer views per section model type. The
// lookup falls back as the items' does, from the exact type to the types
// registered as protocols or superclasses; with none, the section shows its
// title.

extension PresenterRegistry {
  /// Registers `presenter` for the header and footer views of sections whose
  /// model is a `section` (the exact type, or a protocol or superclass its
  /// models conform to or inherit from). A later registration for the same
  /// type replaces it; hosts then show the new views.
  public func register<P: SectionPresenter>(
    _ presenter: P, forSection section: P.Section.Type = P.Section.self
  ) {
    nextPresenterID += 1
    let type = ObjectIdentifier(section)
    let entry = SectionPresenterEntry(presenter, id: nextPresenterID)
    sectionExact[type] = entry
    sectionRegistrations.removeAll { $0.type == type }
    sectionRegistrations.append((type, entry))
    _sectionsChanged()
  }

  /// The presenter of `section`'s views: registered for its exact type, else
  /// the first registered type it is an instance of; `nil` for none.
  func sectionPresenter(for section: Any) -> SectionPresenterEntry? {
    let type = ObjectIdentifier(Swift.type(of: section))
    if let resolved = sectionResolutions[type] { return resolved }
    let found =
      sectionExact[type] ?? sectionRegistrations.first { $0.entry.accepts(section) }?.entry
    sectionResolutions[type] = .some(found)
    return found
  }
}
