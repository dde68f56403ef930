/// How a ``ListHost`` tells users who do not see the list what changed.
@MainActor
public protocol ListHostAnnouncing: AnyObject {
  /// Tells users who do not see the list change what happened (UIKit:
  /// a VoiceOver announcement; a terminal: its status line).
  func announce(_ message: String)

  /// Whether anyone hears ``announce(_:)`` now (UIKit: while VoiceOver
  /// runs): the list works out what to announce only then.
  var isAnnouncing: Bool { get }
}

extension ListHostAnnouncing {
  /// Nothing: the host has no one to tell.
  public func announce(_ message: String) {}

  /// `false`: the host has no one to tell.
  public var isAnnouncing: Bool { false }
}
