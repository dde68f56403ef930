/// The hash Tabula's indexes use for identifiers.
///
/// Fixed-width integer ids (the most common kind) are hashed with one 128-bit
/// multiply of the id with a per-process random seed, folded to 64 bits (the
/// core of wyhash). It is about ten times cheaper than `Hasher`'s SipHash, and
/// that matters beyond the arithmetic: a lookup short enough lets the processor
/// overlap the cache misses of several lookups, which is what makes lookups
/// and diffs of large lists fast. Other id types use their own `hashValue`.
///
/// The seed differs per process, so that inputs cannot be chosen in advance to
/// collide (as `Hasher`'s seed does): it is derived from where the loader
/// placed this module, which address-space layout randomisation varies per
/// run. Unlike a lazily initialised random global, reading it costs one
/// instruction and no call, which keeps lookups short. Hashes are never stored
/// beyond the process.
@usableFromInline
enum IDHashing {
  @inlinable
  static var seed: UInt64 {
    let address = UInt64(UInt(bitPattern: ObjectIdentifier(IDHashing.self)))
    return (address ^ 0x2545_F491_4F6C_DD1D) &* 0xD6E8_FEB8_6659_FD93
  }

  /// The hash of `id`.
  @inlinable @inline(__always)
  static func hash<ID: Hashable>(_ id: ID) -> Int {
    hash(id, seed: seed)
  }

  /// The hash of `id` with a given seed (bulk operations read the seed once).
  @inlinable @inline(__always)
  static func hash<ID: Hashable>(_ id: ID, seed: UInt64) -> Int {
    if ID.self == Int.self {
      return mix(UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))), seed)
    }
    if ID.self == Int64.self {
      return mix(UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)), seed)
    }
    if ID.self == UInt64.self { return mix(unsafeBitCast(id, to: UInt64.self), seed) }
    if ID.self == UInt.self { return mix(UInt64(unsafeBitCast(id, to: UInt.self)), seed) }
    if ID.self == Int32.self {
      return mix(UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self))), seed)
    }
    if ID.self == UInt32.self { return mix(UInt64(unsafeBitCast(id, to: UInt32.self)), seed) }
    return id.hashValue
  }

  /// Folds the 128-bit product, then the upper half of the result into the
  /// lower: tables index by the low bits, and ids that differ only in their
  /// upper word (`i << 32`) leave the product's low word constant, so without
  /// the second fold they cluster (2.5 probes per lookup instead of 1.3).
  @inlinable @inline(__always)
  static func mix(_ bits: UInt64, _ seed: UInt64) -> Int {
    let product = (bits ^ seed).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    let folded = product.high ^ product.low
    return Int(truncatingIfNeeded: folded ^ (folded &>> 32))
  }

  /// The hashes of the ids of `elements`, in order.
  @inlinable
  static func hashes<Element: Identifiable>(of elements: [Element]) -> [Int] {
    let seed = seed
    return elements.map { hash($0.id, seed: seed) }
  }
}
