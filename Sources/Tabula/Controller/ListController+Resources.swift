// Resources (an image downloaded, a count refreshed) delivered to the
// visible rows whose presenters want them, without a diff or a reload.

extension ListController {
  /// Reconfigures the visible rows whose presenters want a resource that
  /// arrived (an image, a count), handing it to them: the cells update in
  /// place, as UIKit's `reconfigureItems` would, but without a diff or a
  /// snapshot, and rows off screen are not touched (they are configured
  /// afresh when they appear).
  ///
  /// ```swift
  /// controller.reconfigureVisibleRows(with: image, for: User.avatar, subject: user.id)
  /// ```
  ///
  /// - Returns: The number of cells updated.
  /// - Precondition: The controller has ``presenters``.
  @discardableResult
  public func reconfigureVisibleRows<Value>(
    with value: Value, for key: ResourceKey<Value>, subject: AnyHashable? = nil
  ) -> Int {
    guard let presenters else {
      preconditionFailure(
        "reconfigureVisibleRows(with:for:subject:) needs a controller created with presenters")
    }
    let resource = ResourceUpdate(key, value: value, subject: subject)
    var updated = 0
    guard let host = _host else { return 0 }
    for path in host.visibleItemPaths {
      guard let item = _specialised.item(self, path) else { continue }
      let model = Self.model(of: item)
      guard let resolved = Self.resolved(model, in: presenters),
        resolved.entry.resources.wants(resource, model), let cell = host.visibleCell(at: path)
      else {
        continue
      }
      resolved.entry.resources.update(
        cell, model, resource, Self.context(resolved, for: item, at: path))
      updated += 1
    }
    return updated
  }

  /// The former name of ``reconfigureVisibleRows(with:for:subject:)``.
  @available(*, deprecated, renamed: "reconfigureVisibleRows(with:for:subject:)")
  @discardableResult
  public func provide<Value>(
    _ value: Value, for key: ResourceKey<Value>, subject: AnyHashable? = nil
  ) -> Int {
    reconfigureVisibleRows(with: value, for: key, subject: subject)
  }
}
