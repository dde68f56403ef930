import Tabula
import TabulaTestSupport

/// A list as a plain array of sections of items, edited by position: the
/// model the controller's editing API is checked against.
struct PathModel: Equatable {
  var sections: [(model: SectionInfo, items: [TestItem])]

  static func == (lhs: PathModel, rhs: PathModel) -> Bool {
    lhs.sections.map(\.model) == rhs.sections.map(\.model)
      && lhs.sections.map(\.items) == rhs.sections.map(\.items)
  }

  var snapshot: TestSnapshot {
    try! TestSnapshot(sections: sections.map { SnapshotSection($0.model, items: $0.items) })
  }

  func sectionRange(_ index: Int) -> SnapshotError? {
    index >= 0 && index < sections.count
      ? nil : .sectionIndexOutOfRange(index, sectionCount: sections.count)
  }

  func itemRange(_ path: ItemPath) -> SnapshotError? {
    guard path.section >= 0 && path.section < sections.count else {
      return .itemPathOutOfRange(path, sectionCount: sections.count, itemCount: nil)
    }
    let count = sections[path.section].items.count
    guard path.item >= 0 && path.item < count else {
      return .itemPathOutOfRange(path, sectionCount: sections.count, itemCount: count)
    }
    return nil
  }

  func insertionRange(_ path: ItemPath, count: Int? = nil) -> SnapshotError? {
    guard path.section >= 0 && path.section < sections.count else {
      return .insertionPathOutOfRange(path, sectionCount: sections.count, itemCount: nil)
    }
    let count = count ?? sections[path.section].items.count
    guard path.item >= 0 && path.item <= count else {
      return .insertionPathOutOfRange(path, sectionCount: sections.count, itemCount: count)
    }
    return nil
  }
}

/// One positional edit, applied to the model or to a controller.
enum PathEdit: CustomStringConvertible {
  case insertSection(SectionInfo, [TestItem], at: Int)
  case deleteSection(Int)
  case moveSection(from: Int, to: Int)
  case sortSection(Int)
  case insertItems([TestItem], at: ItemPath)
  case deleteItems([ItemPath])
  case moveItem(from: ItemPath, to: ItemPath)

  var description: String {
    switch self {
    case .insertSection(let section, let items, let index):
      "insert section \(section.id) with \(items) at \(index)"
    case .deleteSection(let index): "delete section \(index)"
    case .moveSection(let from, let to): "move section \(from) to \(to)"
    case .sortSection(let index): "sort section \(index)"
    case .insertItems(let items, let path): "insert \(items) at \(path)"
    case .deleteItems(let paths): "delete \(paths)"
    case .moveItem(let from, let to): "move \(from) to \(to)"
    }
  }

  static let descending: @Sendable (TestItem, TestItem) -> Bool = { $0.id > $1.id }

  /// The model after the edit, or the error the controller must throw.
  func applied(to model: PathModel) -> Result<PathModel, SnapshotError> {
    var model = model
    switch self {
    case .insertSection(let section, let items, let index):
      guard index >= 0 && index <= model.sections.count else {
        return .failure(.sectionIndexOutOfRange(index, sectionCount: model.sections.count))
      }
      model.sections.insert((section, items), at: index)
    case .deleteSection(let index):
      if let error = model.sectionRange(index) { return .failure(error) }
      model.sections.remove(at: index)
    case .moveSection(let from, let to):
      if let error = model.sectionRange(from) ?? model.sectionRange(to) { return .failure(error) }
      guard from != to else { return .failure(.sectionMovedOntoItself(from)) }
      let moved = model.sections.remove(at: from)
      model.sections.insert(moved, at: to)
    case .sortSection(let index):
      if let error = model.sectionRange(index) { return .failure(error) }
      model.sections[index].items = stableSorted(model.sections[index].items, by: Self.descending)
    case .insertItems(let items, let path):
      if let error = model.insertionRange(path) { return .failure(error) }
      model.sections[path.section].items.insert(contentsOf: items, at: path.item)
    case .deleteItems(let paths):
      if let error = paths.lazy.compactMap(model.itemRange).first { return .failure(error) }
      for path in Set(paths).sorted(by: >) {
        model.sections[path.section].items.remove(at: path.item)
      }
    case .moveItem(let from, let to):
      if let error = model.itemRange(from) { return .failure(error) }
      guard from != to else { return .failure(.itemMovedOntoItself(from)) }
      let remaining =
        to.section >= 0 && to.section < model.sections.count
        ? model.sections[to.section].items.count - (to.section == from.section ? 1 : 0) : nil
      if let error = model.insertionRange(to, count: remaining) { return .failure(error) }
      let item = model.sections[from.section].items.remove(at: from.item)
      model.sections[to.section].items.insert(item, at: to.item)
    }
    return .success(model)
  }

  /// Sends the edit to `controller`.
  @MainActor
  func send(to controller: ListController<SectionInfo, TestItem, some Any>) throws(SnapshotError) {
    switch self {
    case .insertSection(let section, let items, let index):
      try controller.insertSection(section, items: items, at: index)
    case .deleteSection(let index): try controller.deleteSection(at: index)
    case .moveSection(let from, let to): try controller.moveSection(from: from, to: to)
    case .sortSection(let index): try controller.sortSection(at: index, by: Self.descending)
    case .insertItems(let items, let path): try controller.insertItems(items, at: path)
    case .deleteItems(let paths): try controller.deleteItems(at: paths)
    case .moveItem(let from, let to): try controller.moveItem(from: from, to: to)
    }
  }

  /// A random edit for `model`, valid most of the time.
  static func random(for model: PathModel, _ random: inout SeededRandom, ids: inout FreshIDs)
    -> PathEdit
  {
    let sectionCount = model.sections.count
    func anySection(extra: Int = 1) -> Int { random.int(in: -1...(sectionCount + extra - 1)) }
    func anyPath(slack: Int) -> ItemPath {
      let section = sectionCount == 0 ? 0 : random.int(in: 0..<sectionCount)
      let count = sectionCount == 0 ? 0 : model.sections[section].items.count
      let item = random.chance(0.05) ? count + 1 : random.int(in: 0...max(0, count - 1 + slack))
      return ItemPath(section: random.chance(0.03) ? sectionCount : section, item: item)
    }
    switch random.int(in: 0..<10) {
    case 0:
      return .insertSection(
        ids.section(), (0..<random.int(in: 0...3)).map { _ in ids.item() },
        at: random.int(in: 0...(sectionCount + (random.chance(0.05) ? 1 : 0))))
    case 1:
      return .deleteSection(
        random.chance(0.9) ? random.int(in: 0..<max(1, sectionCount)) : anySection())
    case 2: return .moveSection(from: anySection(extra: 0), to: anySection(extra: 0))
    case 3: return .sortSection(anySection(extra: 0))
    case 4, 5:
      return .insertItems(
        (0..<random.int(in: 1...3)).map { _ in ids.item() }, at: anyPath(slack: 1))
    case 6: return .deleteItems((0..<random.int(in: 1...2)).map { _ in anyPath(slack: 0) })
    default: return .moveItem(from: anyPath(slack: 0), to: anyPath(slack: 0))
    }
  }
}

extension PathModel {
  /// The sections and items of `snapshot`.
  init(_ snapshot: TestSnapshot) {
    sections = snapshot.sectionsWithItems.map { ($0.model, $0.items) }
  }
}
