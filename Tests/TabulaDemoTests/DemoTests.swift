import Foundation
import TabulaTestSupport
import Testing

@Suite("tabula-demo")
struct DemoTests {
  /// Runs the demo with `arguments` and `input` on standard input; returns
  /// its exit status and standard output.
  func runDemo(_ arguments: [String], input: String = "") throws -> (Int32, String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabula-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = DemoExecutable.url
    process.arguments =
      ["--database", folder.appendingPathComponent("demo.sqlite").path] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  @Test("scripted: filter, select, quit; exit code 0")
  func scripted() throws {
    let (status, output) = try runDemo(["--script", "-"], input: "/Grace H<enter><down><enter>q")
    #expect(status == 0)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.contains("match “Grace H”") == true)
    #expect(
      lines.contains {
        $0.hasPrefix("› Grace Hamilton") || $0.hasPrefix("› Grace Hoare")
          || $0.hasPrefix("› Grace Hopper")
      })
    #expect(output.contains("Opened Grace H"))
    #expect(!output.contains("\u{1B}"), "no escape codes in scripted output")
  }

  @Test("scripted: the feed's images, style switch and a failed refresh with retry")
  func scriptedFeed() throws {
    let (status, output) = try runDemo(
      ["--script", "-", "--screen", "feed", "--size", "80x10"], input: "ser")
    #expect(status == 0)
    #expect(output.contains("▣ photo-"), "images arrived and updated their rows")
    #expect(output.contains("Refresh failed: the network is unreachable (simulated)"))
    #expect(output.contains("[photo]"), "the content stayed on screen")
    let (_, retried) = try runDemo(
      ["--script", "-", "--screen", "feed", "--size", "80x10"], input: "erer")
    #expect(retried.contains(" 30 posts\n"), "\(retried)")
  }

  @Test("piped: the list once, as plain text")
  func piped() throws {
    let (status, output) = try runDemo([])
    #expect(status == 0)
    #expect(!output.contains("\u{1B}"))
    let lines = output.split(separator: "\n")
    #expect(lines.first == "A")
    #expect(lines.filter { $0.hasPrefix("  ") }.count == 3000, "every contact")
  }

  @Test("--help documents the options")
  func help() throws {
    let (status, output) = try runDemo(["--help"])
    #expect(status == 0)
    for option in ["--script", "--size", "--screen", "--database", "--image-delay"] {
      #expect(output.contains(option), "\(option)")
    }
  }
}
