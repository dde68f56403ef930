/// Why a list declined a drop from outside before its items loaded: the
/// drop cannot be shown where the user made it. The list shows nothing of
/// it, announces it (``ListAnnouncement/dropFailed(count:message:)``) and
/// hands the error to ``ListController/didFailToLoadDrop`` (else
/// ``TabulaLog``); it never traps.
@nonexhaustive
public enum ListDropError: Error, Equatable, CustomStringConvertible {
  /// The placeholder rows' ids are taken: by rows of the list, by the
  /// placeholders of another drop still loading, or by each other (the
  /// ids' debug descriptions). Make each placeholder's id of the number
  /// the list passes (``ListController/dropPlaceholder``), which no other
  /// placeholder of the list gets.
  case placeholderIDsTaken([String])
  /// The section the drop went to is gone from the list's data: an update
  /// applied while the user dropped removed it (its id's debug
  /// description).
  case sectionRemoved(String)

  /// The message, naming the ids.
  public var description: String {
    switch self {
    case .placeholderIDsTaken(let ids):
      "the drop's placeholder rows cannot be shown: their IDs \(ids.joined(separator: ", ")) "
        + "are taken (by rows of the list, another drop's placeholders or each other)"
    case .sectionRemoved(let id):
      "the drop's section \(id) is gone: an update removed it while the user dropped"
    }
  }
}
