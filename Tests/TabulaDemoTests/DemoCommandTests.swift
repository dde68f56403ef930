import Foundation
import GRDB
import TabulaTestSupport
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
  process.executableURL = DemoExecutable.url
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

  @Test("a script that cannot be read: a sentence naming it, exit 1, no database made")
  func unreadableScripts() throws {
    let folder = try TemporaryFolder()
    let binary = folder.path("keys.bin")
    try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x00, 0xC3, 0x28, 0xFF]).write(
      to: URL(fileURLWithPath: binary))
    let cases = [
      (folder.path("missing.txt"), "it does not exist"),
      (binary, "it is not a text file (not UTF-8)"),
      (folder.url.path, "it is a folder"),
    ]
    for (script, reason) in cases {
      let database = folder.path("demo.sqlite")
      let run = try runDemo(["--database", database, "--script", script])
      #expect(run.status == 1, "\(script)")
      #expect(run.errors == "tabula-demo: cannot read the script \(script): \(reason)\n")
      #expect(!run.errors.contains("NSCocoaErrorDomain"))
      #expect(!FileManager.default.fileExists(atPath: database), "no database for \(script)")
    }
  }

  @Test(
    "bad keys or a bad --size are reported before any database is made",
    arguments: [
      (
        ["--script", "-"], "<dwon>",
        "tabula-demo: the script, line 1, column 1: unknown key <dwon>; known keys: "
      ),
      (
        ["--script", "-"], "/<down",
        "tabula-demo: the script, line 1, column 2: unclosed key name <down: a name ends "
          + "with > (type < as <lt>)"
      ),
      (
        ["--script", "-"], "ab\n<up><left\n<enter>",
        "tabula-demo: the script, line 2, column 5: unclosed key name <left: a name ends "
          + "with > (type < as <lt>)"
      ),
      (
        ["--script", "-"], "a\tb",
        "tabula-demo: the script, line 1, column 2: control character U+0009; write keys "
          + "as <name> (<tab>, <enter>, <esc>...)"
      ),
      (["--script", "-", "--size", "10x3"], "q", "Error: --size must be WIDTHxHEIGHT"),
      (["--script", "-", "--size", "wide"], "q", "Error: --size must be WIDTHxHEIGHT"),
      (["--size", "80x"], "", "Error: --size must be WIDTHxHEIGHT"),
      (["--size", "80xx24"], "", "Error: --size must be WIDTHxHEIGHT"),
      (["--size", "wx80x24"], "", "Error: --size must be WIDTHxHEIGHT"),
    ])
  func rejectedBeforeTheDatabase(arguments: [String], input: String, error: String) throws {
    let folder = try TemporaryFolder()
    let database = folder.path("demo.sqlite")
    let run = try runDemo(["--database", database] + arguments, input: input)
    #expect(run.status != 0)
    #expect(run.errors.hasPrefix(error), "\(run.errors)")
    let left = try folder.contents()
    #expect(left == [], "no database was made: \(left)")
  }

  @Test("Ctrl-C in a script ends the demo with status 130, after the screen")
  func scriptedInterrupt() throws {
    let folder = try TemporaryFolder()
    let database = ["--database", folder.path("demo.sqlite"), "--script", "-"]
    let interrupted = try runDemo(database, input: "<down><ctrl-c><down>")
    #expect(interrupted.status == 130)
    #expect(interrupted.output.contains("› Ada"), "the screen is printed: \(interrupted.output)")
    let quit = try runDemo(database, input: "<down>q")
    #expect(quit.status == 0)
    let ended = try runDemo(database, input: "<down><ctrl-d>")
    #expect(ended.status == 0)
  }

  @Test("syncs and edits are numbered on from the last run, so no two share a name")
  func numberingAcrossRuns() throws {
    let folder = try TemporaryFolder()
    let database = [
      "--database", folder.path("demo.sqlite"), "--script", "-", "--size", "200x24",
    ]
    _ = try runDemo(database, input: "u")
    let second = try runDemo(database, input: "u")
    #expect(second.output.contains("added Ada Sync 2"), "\(second.output)")
    let found = try runDemo(database, input: "/Ada Sync")
    #expect(found.output.contains("2 match “Ada Sync”"))
    let files = database + ["--screen", "files"]
    _ = try runDemo(files, input: "u")
    let edit = try runDemo(files, input: "u")
    #expect(edit.output.contains("added New2.swift"), "\(edit.output)")
  }

  @Test("--help tells every key of the contacts: moving, selecting, deleting, undoing, folding")
  func helpNamesEveryKey() throws {
    let run = try runDemo(["--help"])
    let text = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for phrase in [
      "m picks", "space marks", "d deletes", "z undoes", "Z redoes", "folds", "u simulates a sync",
      "Enter opens",
    ] {
      #expect(text.contains(phrase), "\(phrase): \(run.output)")
    }
  }
}
