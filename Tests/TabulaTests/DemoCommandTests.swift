import Foundation
import GRDB
import Testing

/// What a run of the `tabula-demo` executable did.
struct DemoRun {
  var status: Int32
  var output: String
  var errors: String
}

/// Runs `tabula-demo` with `arguments` and `input` on standard input.
func runDemo(_ arguments: [String], input: String = "") throws -> DemoRun {
  let process = Process()
  process.executableURL = DemoTests.executable
  process.arguments = arguments
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  // Standard error is small; read it after standard output reaches its end.
  let output = stdout.fileHandleForReading.readDataToEndOfFile()
  let errors = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return DemoRun(
    status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
    errors: String(decoding: errors, as: UTF8.self))
}

@Suite("tabula-demo: the command line")
struct DemoCommandTests {
  @Test("--database in a folder that does not exist: a sentence naming the file, exit 1")
  func missingFolder() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("missing/demo.sqlite")
    let run = try runDemo(["--database", path])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "tabula-demo: cannot open \(path): the folder \(folder.path("missing")) does not exist\n"
    )
    #expect(try folder.contents() == [], "no folder was made")
  }

  @Test("--database on someone else's SQLite database: refused, nothing written")
  func foreignDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("shop.sqlite")
    do {
      let queue = try DatabaseQueue(path: path)
      try queue.write { try $0.execute(sql: "CREATE TABLE product (id INTEGER PRIMARY KEY)") }
      try queue.close()
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let run = try runDemo(["--database", path, "--script", "-"], input: "q")
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("tabula-demo: cannot open \(path): "), "\(run.errors)")
    #expect(run.errors.contains("did not create"), "\(run.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try folder.contents() == ["shop.sqlite"])
  }

  @Test("--database on a file that is not SQLite: refused, left as it was")
  func notSQLite() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("notes.txt")
    try Data("dear diary".utf8).write(to: URL(fileURLWithPath: path))
    let run = try runDemo(["--database", path])
    #expect(run.status == 1)
    #expect(
      run.errors
        == "tabula-demo: cannot open \(path): it is not an SQLite database, so not the demo's\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("dear diary".utf8))
  }

  @Test("syncs persist in the database; --reset starts afresh")
  func persistenceAndReset() throws {
    let folder = try TemporaryFolder()
    let database = ["--database", folder.path("demo.sqlite"), "--script", "-"]
    let synced = try runDemo(database, input: "u")
    #expect(synced.output.contains("Sync: "), "\(synced.output)")
    let later = try runDemo(database, input: "/Ada Sync")
    #expect(later.output.contains("1 match “Ada Sync”"), "the sync was kept: \(later.output)")
    let reset = try runDemo(database + ["--reset"], input: "/Ada Sync")
    #expect(reset.status == 0)
    #expect(reset.output.contains("0 match “Ada Sync”"), "\(reset.output)")
  }

  @Test("--help says what e does and where the database is")
  func help() throws {
    let run = try runDemo(["--help"])
    #expect(run.status == 0)
    let text = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("e switches a simulated network outage on or off"), "\(run.output)")
    #expect(text.contains("$XDG_CACHE_HOME/tabula-demo/demo.sqlite"))
    #expect(text.contains("~/.cache/tabula-demo/demo.sqlite"))
    #expect(text.contains("--reset"))
    #expect(!text.contains("makes the next refresh fail"))
  }
}
