/// Why a user edit cannot be written.
public enum UserEditError: Error, Equatable, CustomStringConvertible {
  /// The source (named) cannot write.
  case readOnlySource(String)

  /// The message.
  public var description: String {
    switch self {
    case .readOnlySource(let source): "the source \(source) cannot write user edits"
    }
  }
}
