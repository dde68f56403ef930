import Foundation

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// A request edit that does not apply to the request.
@nonexhaustive
public enum FetchedRequestError: Error, Equatable, CustomStringConvertible {
  /// The edit (`operation`) needs a table request, and the request is SQL.
  case notATableRequest(String)

  /// The message, naming the edit and how to do it instead.
  public var description: String {
    switch self {
    case .notATableRequest(let operation):
      "\(operation) needs a table request, but the request is SQL (FetchedRequest(sql:)): "
        + "its filter and order are part of its SQL; show another request with setRequest(_:)"
    }
  }
}
