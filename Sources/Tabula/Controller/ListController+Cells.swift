// The answers a host reads (through HostEvents): cells and titles of the
// snapshot on screen. Making a cell is the path of every row that scrolls
// into view: it calls the closure the initializer specialised for the item
// type, which inlines `_presentCell`.

extension ListController {
  /// The cell for the item at `path`: from its presenter, or the
  /// ``cellProvider``. A model no presenter presents gets the host's
  /// ``ListHost/fallbackCell(for:message:)``, and the ``PresenterError``
  /// message is reported to ``TabulaLog`` (once per model type). The first
  /// time a presenter's reuse identifier is used, the host is asked whether
  /// it has a registration for it, and the presenter's
  /// ``Presenter/cellClass`` is registered if not; a row whose identifier
  /// has neither shows the fallback cell, reported once. Inlined into the
  /// closure the initializer makes.
  ///
  /// - Precondition: The controller has presenters or a cell provider, and
  ///   `path` is inside ``snapshot`` (else this traps with the
  ///   ``SnapshotError/itemPathOutOfRange(_:sectionCount:itemCount:)``
  ///   message).
  @inlinable
  func _presentCell(_ host: any ListHost<Cell>, _ path: ItemPath) -> Cell {
    guard let item = _shownItem(at: path) else { _outOfRange(path) }
    if let tracking = configurationTracking {
      return _presentTracked(host, path, item, tracking)
    }
    return _present(host, path, item)
  }

  /// The item at `path` of the shown snapshot, or `nil` outside it: from
  /// the leaf last read when it holds the item (rows read in order, as a
  /// scroll reads them), without reading the snapshot; else from the
  /// snapshot, through the read cursor.
  @inlinable @inline(__always)
  func _shownItem(at path: ItemPath) -> Item? {
    if let item = _readCursor.item(at: path) { return item }
    if let item = _snapshot._flatItem(at: path) { return item }
    return _sharedShownItem(at: path)
  }

  /// ``_shownItem(at:)`` in shared storage, out of line (see
  /// `Snapshot._flatItem(at:)`).
  @inlinable @inline(never)
  func _sharedShownItem(at path: ItemPath) -> Item? {
    _snapshot._item(at: path, reading: &_readCursor)
  }

  /// The cell for `item` at `path`, made while `tracking` records what its
  /// configuration reads (see ``configurationTracking``).
  @usableFromInline
  func _presentTracked(
    _ host: any ListHost<Cell>, _ path: ItemPath, _ item: Item,
    _ tracking: any ConfigurationTracking
  ) -> Cell {
    var cell: Cell?
    tracking.track({ cell = _present(host, path, item) }, onChange: trackedRowChanged(item.id))
    guard let cell else {
      preconditionFailure("the configuration tracking did not run the configuration it was given")
    }
    return cell
  }

  /// The cell for `item` at `path` (see ``_presentCell(_:_:)``).
  @inlinable
  func _present(_ host: any ListHost<Cell>, _ path: ItemPath, _ item: Item) -> Cell {
    if let presenters {
      let model = Self.model(of: item)
      guard let resolved = Self.resolved(model, in: presenters) else {
        return host.fallbackCell(for: path, message: Self.fallbackMessage(for: model))
      }
      let context = Self.context(resolved, for: item, at: path)
      switch resolved.entry.present(host, model, context, cellRegistrations) {
      case .cell(let cell):
        return cell
      case .unregistered(let identifier):
        return host.fallbackCell(
          for: path, message: CellRegistrations.fallbackMessage(forUnregistered: identifier))
      }
    }
    guard let cellProvider else {
      preconditionFailure("a ListController needs presenters or a cell provider to make cells")
    }
    return cellProvider(host, path, item)
  }

  /// The section's header title: ``sectionTitle``'s answer, else the
  /// section model's ``HeaderTitleProviding/headerTitle``, if it has one.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``; otherwise
  ///   this traps with the
  ///   ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)`` message.
  func headerTitle(forSectionAt section: Int) -> String? {
    _snapshot._checkSectionIndex(section)
    if let sectionTitle = presentation.sectionTitle {
      return sectionTitle(.header, _snapshot.sections[section], section)
    }
    return (sectionModel(at: section) as? any HeaderTitleProviding)?.headerTitle
  }

  /// The section's footer title: ``sectionTitle``'s answer, else the
  /// section model's ``HeaderTitleProviding/footerTitle``, if it has one.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``; otherwise
  ///   this traps with the
  ///   ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)`` message.
  func footerTitle(forSectionAt section: Int) -> String? {
    _snapshot._checkSectionIndex(section)
    if let sectionTitle = presentation.sectionTitle {
      return sectionTitle(.footer, _snapshot.sections[section], section)
    }
    return (sectionModel(at: section) as? any HeaderTitleProviding)?.footerTitle
  }

  /// The model of the section at `section` that titles and section
  /// presenters see: an ``AnyItem`` section's base (so that sections of
  /// several model types can share a snapshot), else the section itself.
  func sectionModel(at section: Int) -> Any {
    let model = _snapshot._sections[section]
    if SectionModel.self == AnyItem.self { return unsafeBitCast(model, to: AnyItem.self).base }
    return model
  }

  /// Traps with the snapshot's message for a path outside it.
  @usableFromInline
  func _outOfRange(_ path: ItemPath) -> Never {
    preconditionFailure(
      _snapshot._rangeError(for: path)?.description ?? "item path \(path) is out of range")
  }
}

extension ListController {
  /// What the tracking calls when a read of the row of `id` changes: the
  /// row is configured again on the main actor.
  @usableFromInline
  func trackedRowChanged(_ id: Item.ID) -> @Sendable () -> Void {
    { [weak self] in
      Task { @MainActor in self?.configureTrackedRow(id) }
    }
  }

  /// Configures the row of `id` again, if it is on screen: its presenter's
  /// `configure` on the cell it shows, tracked anew; with a cell provider,
  /// a reconfigure of the item (the provider dequeues).
  func configureTrackedRow(_ id: Item.ID) {
    guard let tracking = configurationTracking, let host = _host,
      let path = _snapshot.path(of: id), let cell = host.visibleCell(at: path),
      let item = _snapshot.item(at: path)
    else { return }
    guard let presenters else {
      var latest = latestSnapshot
      guard latest.contains(itemWithID: id) else { return }
      try? latest.reconfigureItems([id])
      apply(latest, animatingDifferences: false, completion: nil)
      return
    }
    let model = Self.model(of: item)
    guard let resolved = Self.resolved(model, in: presenters) else { return }
    let context = Self.context(resolved, for: item, at: path)
    tracking.track(
      { resolved.entry.configure(cell, with: model, context: context) },
      onChange: trackedRowChanged(id))
  }
}
