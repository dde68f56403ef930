/// A missing presenter.
@nonexhaustive
public enum PresenterError: Error, Equatable, CustomStringConvertible {
  /// Nothing presents `modelType`; `registered` lists the registered types.
  case noPresenter(modelType: String, registered: [String])

  /// The message, naming the type and the registered ones.
  public var description: String {
    switch self {
    case .noPresenter(let type, let registered):
      let known = registered.isEmpty ? "none" : registered.joined(separator: ", ")
      return "no presenter for model type \(type): it is not registered, not SelfPresenting, "
        + "and no default presenter is set (registered types: \(known))"
    }
  }
}
