/// The measurement harness: timing, results, and their two output forms.

/// One line of output: a case at one size, against its baseline.
struct BenchResult {
  var name: String
  var n: Int
  var milliseconds: Double
  var baseline: String
  var baselineMilliseconds: Double
  /// Case-specific fields, in output order.
  var extra: [(key: String, value: Double)] = []

  var ratio: Double { milliseconds / baselineMilliseconds }

  var json: String {
    var fields = [
      "\"case\": \"\(name)\"", "\"n\": \(n)", "\"ms\": \(format(milliseconds))",
      "\"baseline\": \"\(baseline)\"", "\"baseline_ms\": \(format(baselineMilliseconds))",
      "\"ratio\": \(format(ratio))",
    ]
    fields += extra.map { "\"\($0.key)\": \(format($0.value))" }
    return "{\(fields.joined(separator: ", "))}"
  }
}

/// A number for humans and JSON: whole numbers without decimals, others with
/// about four significant digits.
func format(_ value: Double) -> String {
  if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
  let text = String(value)
  guard !text.contains("e"), let dot = text.firstIndex(of: ".") else { return text }
  let magnitude = abs(value)
  if magnitude >= 1 {
    let decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3
    let end = text.index(dot, offsetBy: decimals + 1, limitedBy: text.endIndex) ?? text.endIndex
    return String(text[..<end])
  }
  // Below one: keep four digits from the first significant one.
  let fraction = text[text.index(after: dot)...]
  let zeros = fraction.prefix { $0 == "0" }.count
  let end =
    text.index(dot, offsetBy: zeros + 5, limitedBy: text.endIndex) ?? text.endIndex
  return String(text[..<end])
}

/// `duration` in milliseconds.
func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// Keeps the optimizer from removing work whose result is unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The median wall-clock time of `runs` runs of `body`, in milliseconds.
/// `setUp` runs before each run, untimed, and its result is passed in.
func measure<Input, Output>(
  runs: Int, setUp: () -> Input, _ body: (Input) -> Output
) -> Double {
  let clock = ContinuousClock()
  var times: [Double] = []
  for _ in 0..<max(1, runs) {
    let input = setUp()
    var output: Output?
    times.append(milliseconds(clock.measure { output = body(input) }))
    blackHole(output)
  }
  times.sort()
  return times[times.count / 2]
}

/// The median time of `runs` runs of `body`, in milliseconds.
func measure<Output>(runs: Int, _ body: () -> Output) -> Double {
  measure(runs: runs, setUp: {}, { _ in body() })
}

/// The median times of `first` and `second`, in milliseconds, measured in
/// alternation so that changes in the machine's load hit both alike.
func measurePair<First, Second>(
  runs: Int, _ first: () -> First, _ second: () -> Second
) -> (Double, Double) {
  let clock = ContinuousClock()
  var firstTimes: [Double] = []
  var secondTimes: [Double] = []
  for _ in 0..<max(1, runs) {
    var firstResult: First?
    firstTimes.append(milliseconds(clock.measure { firstResult = first() }))
    blackHole(firstResult)
    var secondResult: Second?
    secondTimes.append(milliseconds(clock.measure { secondResult = second() }))
    blackHole(secondResult)
  }
  firstTimes.sort()
  secondTimes.sort()
  return (firstTimes[firstTimes.count / 2], secondTimes[secondTimes.count / 2])
}

/// The median times of `first` and `second`, each run on a fresh input
/// from its set-up (not timed), measured in alternation so that changes in
/// the machine's load hit both alike.
func measurePair<FirstInput, SecondInput, First, Second>(
  runs: Int, setUp firstSetUp: () -> FirstInput, _ first: (FirstInput) -> First,
  setUp secondSetUp: () -> SecondInput, _ second: (SecondInput) -> Second
) -> (Double, Double) {
  let clock = ContinuousClock()
  var firstTimes: [Double] = []
  var secondTimes: [Double] = []
  for _ in 0..<max(1, runs) {
    let firstInput = firstSetUp()
    var firstResult: First?
    firstTimes.append(milliseconds(clock.measure { firstResult = first(firstInput) }))
    blackHole(firstResult)
    let secondInput = secondSetUp()
    var secondResult: Second?
    secondTimes.append(milliseconds(clock.measure { secondResult = second(secondInput) }))
    blackHole(secondResult)
  }
  firstTimes.sort()
  secondTimes.sort()
  return (firstTimes[firstTimes.count / 2], secondTimes[secondTimes.count / 2])
}
