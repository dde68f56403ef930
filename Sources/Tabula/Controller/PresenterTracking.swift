/// What a ``ListController``'s host last saw of its presenter registry:
/// when the registry changes (a new style, a presenter registered), the
/// visible rows or the section views are refreshed once.
@MainActor
struct PresenterTracking<SectionModel> {
  /// The app's section titles, if it gives them (else the models').
  var sectionTitle: SectionTitleProvider<SectionModel>?
  /// The registry's `sectionVersion` the host's section views were last
  /// refreshed for.
  var shownSectionVersion = 0
  /// The registry's `version` the visible cells were last refreshed for.
  var shownPresenterVersion = 0
  /// The registration with the registry for its changes; released (and so
  /// ended) with the controller.
  var observation: ObservationToken?
  /// Section views of the wrong class, reported once per presenter and
  /// view type.
  let mismatchedViews = ReportOnce<String>()
}

/// Answers a section's header or footer title in place of its model's
/// ``HeaderTitleProviding`` answer (see ``ListController/sectionTitle``).
typealias SectionTitleProvider<SectionModel> =
  @MainActor (_ kind: SectionViewKind, _ section: SectionModel, _ index: Int) -> String?
