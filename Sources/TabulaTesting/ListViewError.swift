import Tabula

/// Something UIKit would raise an `NSInternalInconsistencyException` for (a
/// batch update it cannot animate, a cell it cannot dequeue), with the
/// exception's message.
///
/// Index paths print as UIKit prints them, without the object address:
/// `<NSIndexPath> {length = 2, path = 0 - 1}`. Cases UIKit's behaviour varies
/// on between versions are rejected too (``isStrict``); Tabula never produces
/// them, and their messages end in "(strict)".
public struct ListViewError: Error, Equatable, CustomStringConvertible {
  /// The exception's reason.
  public var message: String
  /// Whether this is one of the strict cases, which some UIKit versions accept.
  public var isStrict: Bool

  /// Creates an error.
  public init(_ message: String, strict: Bool = false) {
    self.message = strict ? message + " (strict)" : message
    self.isStrict = strict
  }

  /// The message.
  public var description: String { message }
}
