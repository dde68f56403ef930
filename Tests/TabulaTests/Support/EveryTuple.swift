/// Calls `body` with every array of length `count` drawn from `0..<base`.
func forEveryTuple(count: Int, base: Int, _ body: ([Int]) throws -> Void) rethrows {
  guard base > 0 || count == 0 else { return }
  var digits = [Int](repeating: 0, count: count)
  while true {
    try body(digits)
    var position = 0
    while position < count {
      digits[position] += 1
      if digits[position] < base { break }
      digits[position] = 0
      position += 1
    }
    if position == count { return }
  }
}
