// Announcements: what users who do not see the list change are told (a
// VoiceOver announcement, the terminal's status line): a connected source
// that finished loading or failed, and rows that went away without the
// user deleting them.

extension ListController {
  /// What the list tells its host to announce (``ListHostAnnouncing/announce(_:)``),
  /// if anything: by default ``strings``' ``ListStrings/announcement``;
  /// return a localized text, or `nil` to say nothing. Setting it to
  /// `{ _ in nil }` turns announcements off.
  public var announcementText: @MainActor (ListAnnouncement) -> String? {
    get {
      if let text = status.text { return text }
      let strings = status.strings
      return { strings.announcement($0) }
    }
    set { status.text = newValue }
  }

  /// Every word the list shows or speaks (VoiceOver's actions and values,
  /// announcements, undo names, the default delete action, placeholders,
  /// key command titles): English by default. See ``ListStrings``.
  public var strings: ListStrings {
    get { status.strings }
    set { status.strings = newValue }
  }

  /// Announces `announcement` through the host, as ``announcementText``
  /// words it.
  func announce(_ announcement: ListAnnouncement) {
    guard _host?.isAnnouncing == true else { return }
    // The app's wording, when it gives one (`nil`: say nothing).
    let words =
      if let custom = status.text {
        custom(announcement)
      } else {
        status.strings.announcement(announcement)
      }
    guard let text = words else { return }
    _host?.announce(text)
  }

  /// A connected source's state after it published: a load that ended is
  /// announced (loaded, empty, failed), once per change of state.
  func sourceStateDidChange(_ state: LoadingState, itemCount: Int) {
    let previous = status.lastState
    status.lastState = state
    guard state != previous else { return }
    switch state {
    case .loaded:
      if previous == .loading || previous == .refreshing || previous == .initial {
        announce(.loaded(itemCount: itemCount))
      }
    case .noContent:
      announce(.empty)
    case .error(let message):
      announce(.failed(message))
    case .initial, .loading, .refreshing:
      break
    }
  }

  /// Rows `changes` removes from `old` that the user did not delete, and
  /// that `new` does not hold elsewhere, are announced; the user's own
  /// deletes are crossed off.
  func announceRemovals(
    _ changes: Changeset, old: Snapshot<SectionModel, Item>, new: Snapshot<SectionModel, Item>
  ) {
    guard !changes.itemDeletes.isEmpty || !changes.sectionDeletes.isEmpty,
      _host?.isAnnouncing == true
    else { return }
    var removed: [Item.ID] = changes.itemDeletes.compactMap { old.item(at: $0)?.id }
    for section in changes.sectionDeletes where section < old.numberOfSections {
      removed += old.items(inSectionAt: section).map(\.id)
    }
    var count = 0
    for id in removed where userEdits.state.deletedByUser.remove(id) == nil {
      // A row deleted here and inserted in another section moved.
      if !new.contains(itemWithID: id) { count += 1 }
    }
    if count > 0 { announce(.removed(count: count)) }
  }
}

/// What a ``ListController`` tells its user of its data: the words, what
/// announcements need between updates, the empty state.
struct ListStatusState {
  /// How an announcement is worded, when the app says (else by `strings`).
  var text: (@MainActor (ListAnnouncement) -> String?)?
  /// Every word the list shows or speaks.
  var strings = ListStrings()
  /// The connected source's state when it last published.
  var lastState: LoadingState?
  /// What the list shows while it has no rows, and whether the host shows
  /// it now.
  var empty = EmptyStateTracking()
}
