import ArgumentParser

/// `swift run -c release tabula-bench`: Tabula's speed and memory, each case
/// against a baseline measured in the same run.
@main
struct TabulaBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tabula-bench",
    abstract: "Measures Tabula against baselines, in one run.",
    discussion: """
      Prints a table, or with --json one JSON object per line:
      {"case": ..., "n": ..., "ms": ..., "baseline": ..., "baseline_ms": ..., "ratio": ...}
      plus case-specific fields. Times are medians of --runs runs. Build with -c release.
      """)

  @Flag(help: "Print one JSON object per result line instead of a table.")
  var json = false

  @Option(help: "Run only the cases whose name contains this text (repeatable).")
  var filter: [String] = []

  @Option(help: "Timed runs per measurement; the median is reported.")
  var runs = 5

  @Flag(help: "List the cases and exit.")
  var list = false

  mutating func run() async throws {
    let cases = allCases.filter { benchCase in
      filter.isEmpty || filter.contains { benchCase.name.contains($0) }
    }
    if list {
      for benchCase in allCases { print("\(benchCase.name)  \(benchCase.summary)") }
      return
    }
    if !json {
      print("tabula-bench: median of \(runs) runs; ratio = ms / baseline_ms\n")
      print(tableRow(["case", "n", "ms", "baseline", "baseline ms", "ratio", "notes"]))
    }
    for benchCase in cases {
      for result in await benchCase.run(runs) {
        if json {
          print(result.json)
        } else {
          let notes = result.extra.map { "\($0.key)=\(format($0.value))" }.joined(separator: " ")
          print(
            tableRow([
              result.name, String(result.n), format(result.milliseconds), result.baseline,
              format(result.baselineMilliseconds), format(result.ratio), notes,
            ]))
        }
      }
    }
  }

  private func tableRow(_ cells: [String]) -> String {
    let widths = [18, 9, 10, 28, 12, 8, 0]
    return zip(cells, widths).map { cell, width in
      cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
    }.joined()
  }
}

/// A named benchmark case.
struct BenchCase: Sendable {
  let name: String
  let summary: String
  let run: @MainActor @Sendable (_ runs: Int) async -> [BenchResult]
}

/// Every case, in the order they print.
let allCases: [BenchCase] =
  snapshotCases + diffCases + applyCases + presentCases + fetchedCases + terminalCases
  + outlineCases + sizingCases + pagingCases + editCases + dragCases + dropInCases
  + sharedStorageCases
