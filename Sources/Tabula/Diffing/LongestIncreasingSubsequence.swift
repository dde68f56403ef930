/// Marks the elements of a longest strictly increasing subsequence of `values`
/// (which are distinct).
///
/// Patience sorting with predecessor links. A value above every pile top is
/// appended without a search, so a nearly sorted sequence (the common case:
/// few items moved) costs close to O(k); an already increasing one returns
/// early without allocating links.
///
/// - Returns: `inSubsequence[i]` is true when `values[i]` is kept.
/// - Complexity: O(k log k), k = `values.count`; O(k) when increasing.
@inlinable
func longestIncreasingSubsequence(_ values: UnsafeBufferPointer<Int32>) -> [Bool] {
  let count = values.count
  var isIncreasing = true
  if count > 1 {
    for index in 1..<count where values[index - 1] >= values[index] {
      isIncreasing = false
      break
    }
  }
  if isIncreasing { return [Bool](repeating: true, count: count) }

  var tails: [Int32] = []  // indices into `values`: the smallest tail of each length
  var previous = [Int32](repeating: -1, count: count)
  tails.reserveCapacity(64)
  for index in 0..<count {
    let value = values[index]
    if let last = tails.last, values[Int(last)] >= value {
      // Find the first pile whose top is not below `value`.
      var low = 0
      var high = tails.count - 1
      while low < high {
        let middle = (low + high) >> 1
        if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
      }
      previous[index] = low > 0 ? tails[low - 1] : -1
      tails[low] = Int32(truncatingIfNeeded: index)
    } else {
      previous[index] = tails.last ?? -1
      tails.append(Int32(truncatingIfNeeded: index))
    }
  }
  var result = [Bool](repeating: false, count: count)
  var cursor = Int(tails.last ?? -1)
  while cursor >= 0 {
    result[cursor] = true
    cursor = Int(previous[cursor])
  }
  return result
}
