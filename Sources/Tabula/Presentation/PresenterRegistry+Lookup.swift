// Looking up the presenter for a model, in the order the type's
// documentation gives: exact type and style, exact type, the model itself,
// registered protocols and superclasses, the default presenter. Each dynamic
// type is resolved once, until the registry changes.

extension PresenterRegistry {
  /// The presenter for a type, and the style its models are shown in.
  @MainActor
  @usableFromInline
  final class Resolved {
    /// The presenter.
    @usableFromInline let entry: PresenterEntry<Cell>
    /// The style of the model's type.
    @usableFromInline let style: PresentationStyle
    /// Where the contexts it makes send actions.
    @usableFromInline let dispatcher: PresenterRegistry<Cell>

    init(entry: PresenterEntry<Cell>, style: PresentationStyle, dispatcher: PresenterRegistry<Cell>)
    {
      self.entry = entry
      self.style = style
      self.dispatcher = dispatcher
    }

    /// The context for presenting at `path`.
    @inlinable
    func context(at path: ItemPath) -> PresentationContext {
      PresentationContext(style: style, path: path, dispatcher: dispatcher)
    }
  }

  /// The presenter for `model` and the style to present it in.
  ///
  /// - Throws: ``PresenterError/noPresenter(modelType:registered:)`` when
  ///   nothing presents the model's type.
  /// - Complexity: O(1) for a type seen before; the first lookup of a type
  ///   may try every registration.
  @usableFromInline
  func resolve(_ model: Any) throws(PresenterError) -> Resolved {
    let type = ObjectIdentifier(Swift.type(of: model))
    if let index = resolvedTypes.firstIndex(of: type) { return resolutions[index] }
    let style = styles[type] ?? .default
    let found = try find(model, type: type, style: style)
    let result = Resolved(entry: found, style: style, dispatcher: self)
    resolvedTypes.append(type)
    resolutions.append(result)
    return result
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
    guard reportedModelTypes.insert(ObjectIdentifier(Swift.type(of: model))).inserted else {
      return
    }
    TabulaLog.report(error.description)
  }

  private func find(_ model: Any, type: ObjectIdentifier, style: PresentationStyle)
    throws(PresenterError) -> PresenterEntry<Cell>
  {
    if let entry = exact[Key(type: type, style: style)] { return entry }
    if let entry = exact[Key(type: type, style: .default)] { return entry }
    if let presenting = model as? any SelfPresenting<Cell> {
      return PresenterEntry(selfPresenting: presenting)
    }
    let castable = registrations.filter { $0.entry.accepts(model) }
    if let entry = castable.first(where: { $0.key.style == style }) ?? castable.first {
      return entry.entry
    }
    if let defaultPresenter { return defaultPresenter.entry }
    throw .noPresenter(
      modelType: String(describing: Swift.type(of: model)),
      registered: registrations.map {
        $0.key.style == .default ? $0.typeName : "\($0.typeName) (style \($0.key.style))"
      })
  }
}
