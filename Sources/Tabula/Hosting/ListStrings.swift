/// Every word a list shows or speaks to the people using it: the names of
/// the actions VoiceOver offers on a row and the state it reads, what is
/// announced, the names of undo steps, the default delete action, the
/// placeholder rows' words, the terminal's prompts and the titles of the
/// list's key commands. English by default.
///
/// Set a list's ``ListController/strings`` to word them otherwise: each
/// is a plain value or a function of what it names.
///
/// ```swift
/// var strings = ListStrings()
/// strings.accessibility.moveUp = String(localized: "Move Up")
/// strings.accessibility.moveToSection = { title in String(localized: "Move to \(title)") }
/// controller.strings = strings
/// ```
///
/// On Apple platforms, `ListStrings.localized(bundle:table:)` (TabulaUIKit)
/// reads each from the app's own strings table, falling back to English.
public struct ListStrings: Sendable {
  /// The names of the actions VoiceOver offers on a row, and the states it
  /// reads.
  public var accessibility = AccessibilityWords()

  // MARK: Actions, undo and announcements

  /// The title of the delete swipe action a row the user may delete gets.
  public var delete = "Delete"
  /// The name of an undo step (an Undo menu shows "Undo" before it): the
  /// edit's verb, "Move", "Delete" or "Add" (switch on it to word it), and
  /// how many rows it changed. ``ListController/editName``, when set, names
  /// steps instead.
  public var undoName: @Sendable (_ verb: String, _ count: Int) -> String = { verb, count in
    count == 1 ? "\(verb) Item" : "\(verb) \(count) Items"
  }
  /// What is announced (VoiceOver speaks it, a terminal shows it), or
  /// `nil` to say nothing: by default ``ListAnnouncement/description``.
  public var announcement: @Sendable (ListAnnouncement) -> String? = { $0.description }
  /// Why dropped items could not be added: their source did not take
  /// them.
  public var dropNotKept = "the list could not keep them"
  /// Why a drop was declined: the list changed under it, or its
  /// placeholders could not show (``ListDropError``).
  public var dropDeclined = "the list changed while they were dropped"

  /// The words of the placeholder rows and of an empty list.
  public var placeholders = PlaceholderWords()

  // MARK: The terminal's prompts

  /// While the user carries a row to move it.
  public var movePrompt = "Moving: arrows to place it, Enter drops it, Esc cancels"
  /// Before deleting `count` rows.
  public var deletePrompt: @Sendable (_ count: Int) -> String = { count in
    count == 1 ? "Delete this row? y deletes" : "Delete \(count) rows? y deletes"
  }

  // MARK: Key commands

  /// The title a key command shows (the iPad's hold-⌘ overlay, the Mac
  /// menu bar).
  public var keyCommandTitle: @Sendable (ListKeyAction) -> String = { $0.englishTitle }

  /// English words.
  public init() {}

  /// The names of the actions VoiceOver offers on a row (moves, an
  /// outline's folders, a retry) and the states it reads of a folder.
  public struct AccessibilityWords: Sendable {
    /// The action that moves a row one up in its section.
    public var moveUp = "Move Up"
    /// The action that moves a row one down in its section.
    public var moveDown = "Move Down"
    /// The action that moves a row to another section, given that section's
    /// title.
    public var moveToSection: @Sendable (_ sectionTitle: String) -> String = { "Move to \($0)" }
    /// What a section without a title is called in ``moveToSection``, given
    /// its number (from 1).
    public var untitledSection: @Sendable (_ number: Int) -> String = { "Section \($0)" }
    /// The action that opens an outline's folder.
    public var expand = "Expand"
    /// The action that closes an outline's folder.
    public var collapse = "Collapse"
    /// The action that tries a failed load again.
    public var retry = "Retry"
    /// What VoiceOver says of an open folder.
    public var expanded = "expanded"
    /// What VoiceOver says of a closed folder.
    public var collapsed = "collapsed"

    /// English words.
    public init() {}
  }

  /// The words of the placeholder rows (a load, a page, an error, the end
  /// of a paged list) and of an empty list.
  public struct PlaceholderWords: Sendable {
    /// A list, or a section, still loading.
    public var loading = "Loading…"
    /// More rows of a paged list loading.
    public var loadingMore = "Loading more…"
    /// A page that failed to load, given the failure's message.
    public var loadMoreFailed: @Sendable (_ message: String) -> String = {
      "Couldn’t load more: \($0)"
    }
    /// A list with nothing to show.
    public var noResults = "Nothing here yet."
    /// Under an error row: what a tap does.
    public var retryHint = "Tap to try again."
    /// The end of a paged list.
    public var endOfList = "You’re all caught up."

    /// English words.
    public init() {}
  }
}

extension ListKeyAction {
  /// The English title of the action's key command.
  public var englishTitle: String {
    switch self {
    case .focusPrevious: "Previous Row"
    case .focusNext: "Next Row"
    case .focusPageUp: "Page Up"
    case .focusPageDown: "Page Down"
    case .focusFirst: "First Row"
    case .focusLast: "Last Row"
    case .open: "Open"
    case .toggleSelection: "Select"
    case .delete: "Delete"
    case .undo: "Undo"
    case .redo: "Redo"
    case .expand: "Expand"
    case .collapse: "Collapse"
    case .expandAll: "Expand All"
    }
  }
}
