// Section presenters: header and footer views per section model type, kept
// in the section table. A change of them bumps `sectionVersion`, not
// `version`: the controller then refreshes section views, not rows.

extension PresenterRegistry {
  /// Registers `presenter` for the header and footer views of sections whose
  /// model is a `section` (the exact type, or a protocol or superclass its
  /// models conform to or inherit from). A later registration for the same
  /// type replaces it; hosts then show the new views.
  public func register<P: SectionPresenter>(
    _ presenter: P, forSection section: P.Section.Type = P.Section.self
  ) {
    sections.register(presenter, for: section)
    _changed()
  }

  /// The presenter of `section`'s views: registered for its exact type, else
  /// the first registered type it is an instance of; `nil` for none.
  func sectionPresenter(for section: Any) -> SectionPresenterEntry? {
    sections.presenter(for: section)
  }

  /// The section presenters, oldest first.
  var sectionRegistrations: [(type: ObjectIdentifier, entry: SectionPresenterEntry)] {
    sections.registrations
  }

  /// Increases with every change of the section presenters (``version`` is
  /// not).
  var sectionVersion: Int { sections.version }
}
