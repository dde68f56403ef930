// Looking up the presenter for a model: the item table's lookup (exact type
// and style, exact type, the model itself, registered protocols and
// superclasses, the default presenter), and the once-per-type report of a
// model nothing presents.

extension PresenterRegistry {
  /// The presenter for a type, and the style its models are shown in.
  @usableFromInline
  typealias Resolved = ResolvedPresenter<Cell>

  /// The presenter for `model` and the style to present it in.
  ///
  /// - Throws: ``PresenterError/noPresenter(modelType:registered:)`` when
  ///   nothing presents the model's type.
  /// - Complexity: O(1) for a type seen before; the first lookup of a type
  ///   may try every registration.
  @inlinable
  func resolve(_ model: Any) throws(PresenterError) -> Resolved {
    // A type seen before: the path of every row, specialised where it is
    // inlined; the first lookup of a type goes through the table's lookup.
    if let resolved = items.resolution(of: ObjectIdentifier(Swift.type(of: model))) {
      return resolved
    }
    return try _resolveFirst(model)
  }

  /// Resolves a type the table has no answer for yet.
  @usableFromInline
  func _resolveFirst(_ model: Any) throws(PresenterError) -> Resolved {
    try items.resolve(model)
  }

  /// The presenter for `model`, or `nil` when nothing presents it: then the
  /// ``PresenterError`` message is reported to ``TabulaLog``, the first time
  /// only for each model type.
  @inlinable
  func _resolveOrReport(_ model: Any) -> Resolved? {
    do {
      return try resolve(model)
    } catch {
      _report(error, for: model)
      return nil
    }
  }

  @usableFromInline
  func _report(_ error: PresenterError, for model: Any) {
    guard items.isFirstReport(of: Swift.type(of: model)) else { return }
    TabulaLog.report(error.description)
  }
}
