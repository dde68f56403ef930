// Section views: the headers and footers the registry's section presenters
// make, answered to the host (through HostEvents) by section index. A change of the section
// presenters refreshes every section's views through an ordinary batch of
// section updates.

extension ListController {
  /// The reuse identifier of the section's view of `kind`, from the
  /// ``SectionPresenter`` registered for its model; `nil` (the title shows)
  /// with no presenter or no registry, or when the host has no registration
  /// for the identifier and the presenter no ``SectionPresenter/viewClass``
  /// to register (reported once). The presenter's view class is registered
  /// the first time an identifier is asked for.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``; otherwise
  ///   this traps with the
  ///   ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)`` message.
  func sectionViewReuseIdentifier(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> String?
  {
    guard let (presenter, model) = sectionPresenter(at: section),
      let identifier = presenter.reuseIdentifier(model, kind), let host = _host,
      cellRegistrations.prepareSectionView(
        identifier, kind: kind, viewClass: presenter.viewClass, on: host,
        presenter: presenter.name)
    else { return nil }
    return identifier
  }

  /// Configures `view` with the section's model through its
  /// ``SectionPresenter``. A view that is not of the presenter's view type
  /// is left as it is and the mismatch reported to ``TabulaLog`` (once per
  /// presenter and view type).
  ///
  /// - Precondition: `section` is a section index of ``snapshot``.
  func configureSectionView<View>(
    _ view: View, ofKind kind: SectionViewKind, inSectionAt section: Int
  ) {
    guard let (presenter, model) = sectionPresenter(at: section) else { return }
    guard presenter.configure(view, model, kind) else {
      presentation.mismatchedViews.report(
        "\(presenter.id) \(type(of: view))",
        "the section presenter for \(type(of: model)) configures \(presenter.viewTypeName) "
          + "views, but the host gave it a \(type(of: view)): the \(kind) of section "
          + "\(section) is left unconfigured")
      return
    }
  }

  /// The height of the section's view of `kind` from its
  /// ``SectionPresenter``, or `nil` (the host's default). A negative,
  /// infinite or NaN answer is reported to ``TabulaLog`` once per section
  /// model type and read as 0 (NaN) or clamped.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``.
  func sectionViewHeight(
    ofKind kind: SectionViewKind, inSectionAt section: Int, width: Double
  ) -> Double? {
    guard let (presenter, model) = sectionPresenter(at: section),
      presenter.reuseIdentifier(model, kind) != nil,
      let height = presenter.height(model, kind, width)
    else { return nil }
    guard let clamped = HeightCache<Item, RowHeights<Item>.Source, Int>.clamped(height) else {
      return height
    }
    rowHeights.invalid.report(
      ObjectIdentifier(type(of: model)),
      "the \(kind) height of section \(type(of: model)) with id "
        + "\(_snapshot._sections[section].id) is \(height): heights must be finite and not "
        + "negative (read as \(clamped))")
    return clamped
  }

  /// The layout of the section at `section` from the ``SectionPresenter``
  /// registered for its model (``SectionPresenter/layout(for:)``), or `nil`
  /// (the layout's default) without one.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``.
  func sectionLayout(forSectionAt section: Int) -> SectionLayout? {
    guard let (presenter, model) = sectionPresenter(at: section) else { return nil }
    return presenter.layout(model)
  }

  /// The section presenter of the section at `section`, and its model.
  private func sectionPresenter(at section: Int) -> (SectionPresenterEntry, Any)? {
    _snapshot._checkSectionIndex(section)
    guard let presenters, !presenters.sections.isEmpty else { return nil }
    let model = sectionModel(at: section)
    guard let presenter = presenters.sectionPresenter(for: model) else { return nil }
    return (presenter, model)
  }

  /// Adds a section update for every section that stays (and is not updated
  /// already) when the section presenters changed since the host last
  /// heard of them: their views are refreshed like those of changed
  /// sections.
  func settleSectionViews(_ changes: inout Changeset, new: Snapshot<SectionModel, Item>) {
    guard let presenters, presenters.sectionVersion != presentation.shownSectionVersion else {
      return
    }
    presentation.shownSectionVersion = presenters.sectionVersion
    let map = BatchPositionMap(changes)
    let updated = Set(changes.sectionUpdates.map(\.to))
    let oldCount =
      new.numberOfSections - changes.sectionInserts.count + changes.sectionDeletes.count
    for section in 0..<oldCount {
      guard let target = map.newSection(of: section), !updated.contains(target) else { continue }
      changes.sectionUpdates.append(IndexMove(from: section, to: target))
    }
  }
}
