import Testing

@testable import Tabula

/// The reuse pool the simulated and terminal list views keep their cells
/// in, alone.
@MainActor
@Suite("CellReusePool: registrations, reuse queues and prototypes")
struct CellReusePoolTests {
  /// A cell that counts its preparations for reuse.
  class Cell: ReusableCell {
    let reuseIdentifier: String
    var reuses = 0
    required init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
    func recycle() { reuses += 1 }
  }

  final class Special: Cell {}

  @Test("registrations by identifier, counted, the latest one winning")
  func registrations() {
    let pool = CellReusePool<Cell>()
    #expect(pool.cellClass(forReuseIdentifier: "row") == nil)
    pool.register(Cell.self, forReuseIdentifier: "row")
    pool.register(Special.self, forReuseIdentifier: "row")
    #expect(pool.cellClass(forReuseIdentifier: "row") == Special.self)
    #expect(pool.registrationCount == 2, "replacing a registration counts too")
  }

  @Test("a dequeue reuses a waiting cell of the identifier, prepared, else makes one")
  func reuse() {
    let pool = CellReusePool<Cell>()
    let made = pool.dequeue(withReuseIdentifier: "row", class: Special.self)
    #expect(made is Special)
    #expect(made.reuses == 0)
    pool.enqueue(made)
    #expect(pool.waitingCount == 1)
    #expect(pool.reusedCell(withReuseIdentifier: "other") == nil, "only its own identifier")
    let reused = pool.dequeue(withReuseIdentifier: "row", class: Cell.self)
    #expect(reused === made)
    #expect(reused.reuses == 1, "prepared for reuse")
    #expect(pool.waitingCount == 0)
  }

  @Test("a prototype is made once per identifier and never handed out for reuse")
  func prototypes() {
    let pool = CellReusePool<Cell>()
    let first = pool.prototype(withReuseIdentifier: "row", class: Cell.self)
    #expect(pool.prototype(withReuseIdentifier: "row", class: Special.self) === first)
    #expect(pool.prototype(withReuseIdentifier: "tall", class: Special.self) !== first)
    #expect(pool.waitingCount == 0)
    #expect(pool.dequeue(withReuseIdentifier: "row", class: Cell.self) !== first)
  }
}
