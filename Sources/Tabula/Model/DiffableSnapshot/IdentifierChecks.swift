/// The checks of identifiers that Apple's diffable snapshots stop the app
/// for, and the wording of their problems: shared by ``DiffableSnapshot``
/// and ``DiffableSectionSnapshot``, which record the problem and apply the
/// rest of the edit.
@usableFromInline
enum IdentifierChecks {
  /// The identifiers that `place` finds no place for (not in the
  /// snapshot), each once, and the problem with the others (there already,
  /// or repeated), named with their positions; `nil` when there is none.
  @inlinable
  static func unique<ID: Hashable>(
    _ identifiers: [ID], noun: String, place: (ID) -> String?
  ) -> (kept: [ID], problem: String?) {
    var seen: [ID: Int] = [:]
    var kept: [ID] = []
    var problems: [String] = []
    for (position, id) in identifiers.enumerated() {
      if let place = place(id) {
        problems.append("\(name(id)) (at \(position)) is \(place) already")
      } else if let first = seen[id] {
        problems.append("\(name(id)) (at \(position)) repeats the one at \(first)")
      } else {
        seen[id] = position
        kept.append(id)
      }
    }
    guard !problems.isEmpty else { return (kept, nil) }
    return (
      kept,
      "\(noun) identifiers must be unique: \(problems.joined(separator: "; ")); "
        + "\(count(kept.count, "other")) added"
    )
  }

  /// The identifiers `isKnown` accepts, and the problem with the others,
  /// named with their positions; `nil` when there is none.
  @inlinable
  static func known<ID>(_ identifiers: [ID], noun: String, isKnown: (ID) -> Bool)
    -> (kept: [ID], problem: String?)
  {
    let unknown = identifiers.enumerated().filter { !isKnown($0.element) }
    guard !unknown.isEmpty else { return (identifiers, nil) }
    return (
      identifiers.filter(isKnown),
      "unknown \(noun) "
        + unknown.map { "\(name($0.element)) (at \($0.offset))" }.joined(separator: ", ")
        + ": not in the snapshot, ignored"
    )
  }

  /// An identifier as the problems name it.
  @usableFromInline
  static func name(_ identifier: some Any) -> String { String(reflecting: identifier) }

  /// "no others", "1 other", "3 others".
  @usableFromInline
  static func count(_ count: Int, _ noun: String) -> String {
    count == 0 ? "no \(noun)s" : count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
