import Tabula

// What assistive technologies and the user's settings reach: VoiceOver's
// actions rotor and announcements, and text size changes.

extension SimulatedListView {
  /// Records `message` in ``announcements``.
  public func announce(_ message: String) {
    announcements.append(message)
  }

  /// ``isVoiceOverRunning``: only then does the list announce.
  public var isAnnouncing: Bool { isVoiceOverRunning }

  /// Asks the heights of the rows on screen again (with ``asksHeights``),
  /// keeping the first of them where it is, as UIKit re-measures rows.
  public func heightsDidChange() {
    layOutIfLoaded()
  }

  /// The user changed the text size (UIKit's
  /// `UIContentSizeCategory.didChangeNotification`, which TabulaUIKit hands
  /// to the data source): the data source hears of it.
  public func changeTextSize() {
    hostDataSource?.textSizeDidChange()
  }

  /// VoiceOver's actions rotor on the row at `path`: performs the action
  /// its cell offers under `name`, as TabulaUIKit's custom actions do (the
  /// data source's action of that name now, for the row where it is now),
  /// then sets the actions the row offers afterwards. Returns whether it
  /// was done: `false` when the row is not on screen or offers no such
  /// action (cells offer none unless ``isVoiceOverRunning``).
  @discardableResult
  public func performAccessibilityAction(named name: String, at path: ItemPath) -> Bool {
    guard let source = hostDataSource, let cell = visibleCell(at: path),
      cell.accessibilityActionNames.contains(name)
    else { return false }
    let done = source.performAccessibilityAction(named: name, forItemAt: path)
    if let now = visibleItemPaths.first(where: { visibleCell(at: $0) === cell }) {
      showRowControls(of: source, on: cell, at: now)
    }
    return done
  }
}
