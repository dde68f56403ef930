#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// Compares two values as SQLite's `ORDER BY` does: NULL, then numbers
/// (integers and reals compared by exact value, as SQLite does, not through
/// `Double`), then text (BINARY: bytewise UTF-8; NOCASE: ASCII letters
/// folded first), then blobs (bytewise).
@usableFromInline
func compareSQLite(_ left: DatabaseValue, _ right: DatabaseValue, caseInsensitive: Bool) -> Int {
  func rank(_ value: DatabaseValue) -> Int {
    switch value.storage {
    case .null: 0
    case .int64, .double: 1
    case .string: 2
    case .blob: 3
    }
  }
  let leftRank = rank(left)
  let rightRank = rank(right)
  if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
  switch (left.storage, right.storage) {
  case (.int64(let a), .int64(let b)): return a == b ? 0 : (a < b ? -1 : 1)
  case (.int64(let a), .double(let b)): return compareInteger(a, toReal: b)
  case (.double(let a), .int64(let b)): return -compareInteger(b, toReal: a)
  case (.double(let a), .double(let b)): return a == b ? 0 : (a < b ? -1 : 1)
  case (.string(let a), .string(let b)):
    return compareBytes(Array(a.utf8), Array(b.utf8), foldingASCII: caseInsensitive)
  case (.blob(let a), .blob(let b)): return compareBytes(Array(a), Array(b), foldingASCII: false)
  default: return 0
  }
}

/// Compares an integer with a real by exact value, as SQLite's
/// `sqlite3IntFloatCompare` does: 2^53 + 1 is greater than the real 2^53,
/// although `Double(2^53 + 1) == 2^53`.
func compareInteger(_ integer: Int64, toReal real: Double) -> Int {
  if real.isNaN { return 1 }  // SQLite stores NaN as NULL; be total anyway
  // Every Int64 is in [-2^63, 2^63); reals outside it compare at once.
  if real < -9_223_372_036_854_775_808.0 { return 1 }
  if real >= 9_223_372_036_854_775_808.0 { return -1 }
  // Here the real's integral part fits in an Int64 exactly.
  let whole = Int64(real.rounded(.towardZero))
  if integer != whole { return integer < whole ? -1 : 1 }
  let fraction = real - Double(whole)  // exact: both are in range
  return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0)
}

private func compareBytes(_ a: [UInt8], _ b: [UInt8], foldingASCII: Bool) -> Int {
  for (x, y) in zip(a, b) {
    let left = foldingASCII && x >= 65 && x <= 90 ? x + 32 : x
    let right = foldingASCII && y >= 65 && y <= 90 ? y + 32 : y
    if left != right { return left < right ? -1 : 1 }
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
