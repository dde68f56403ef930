import ArgumentParser
import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTerminal

/// `tabula-demo`: Tabula in a terminal.
public struct DemoCommand: AsyncParsableCommand {
  /// The command's name, summary and the help text `--help` prints.
  public static let configuration = CommandConfiguration(
    commandName: "tabula-demo",
    abstract: "Tabula's demo: live lists in your terminal.",
    discussion: """
      Three screens over an embedded SQLite database, created on first run:

        Contacts  3,000 contacts sectioned by first letter (a live FetchedList).
                  / filters as you type (Enter keeps the filter, Esc clears
                  it); u simulates a sync (rows move, appear, disappear,
                  highlighted); Enter opens a contact, and on a letter folds
                  its contacts away (Enter again unfolds them). Edits are
                  written to SQLite: m picks a contact up (the arrows carry
                  it within its letter, Enter drops it, Esc puts it back);
                  space marks contacts (•); d deletes the marked ones, or the
                  one under the cursor, once y confirms; z undoes an edit and
                  Z redoes it.
        Feed      posts, photos and ads, each with its presenter; posts wrap to
                  the width (a photo takes three lines); Enter opens one.
                  It pages endlessly:
                  30 posts at a time from a simulated server as you near the
                  end (240 stored, then older ones generated, the same on
                  every run), a loading-more row, an error row (Enter
                  retries) while the network is down. s switches the
                  posts' style; n posts three new posts above: the row you
                  read stays put. Photos' images arrive after a delay and update
                  only their rows; r refreshes (pull to refresh); e switches a
                  simulated network outage on or off: while the network is
                  down, refreshes fail and the posts stay; press e again to
                  bring it back, then r.
        Files     a project tree of 3,000 files and folders (a live FetchedTree:
                  only what is open is read). → opens a folder, ← closes it or
                  goes to the parent, Enter toggles, * opens everything under
                  the cursor; u simulates someone editing the project (a file
                  moves, one appears, one goes).

      Keys: arrows, Page Up/Down, Home/End move; Tab or 1/2/3 switch screens; q quits.
      The help line at the bottom shows the keys of the screen, as many as fit.

      The database is $XDG_CACHE_HOME/tabula-demo/demo.sqlite, or
      ~/.cache/tabula-demo/demo.sqlite when XDG_CACHE_HOME is not set. The
      changes of u are saved in it; --reset deletes it first, to start afresh.
      --database FILE uses another file: its folder must exist, and the demo
      only opens a file it created itself (it never writes into another
      database).

      When the output is not a terminal (a pipe, CI), the demo prints the
      list of the --screen (contacts by default) once as plain text and exits
      (the files screen with every folder open). With --script it plays keys
      from a file (or - for standard input) on a screen in memory and prints
      the final screen: `<name>` stands for a named key (<down>, <enter>, <esc>,
      <pgdn>, <ctrl-c>, ...; <lt> types <), any other character for itself,
      line breaks are ignored. A script with an unknown or unclosed <name> is
      refused before anything runs, naming its line and column.
      Example: printf '/Ada<enter><down><enter>q' | tabula-demo --script -

      Exit status: 0 after q or the end of the keys, 130 after Ctrl-C, 1 when
      the database or the script cannot be used, 64 for a bad option.
      """)

  @Option(
    help: """
      The database file, created and filled on first use in an existing folder \
      (default: $XDG_CACHE_HOME/tabula-demo/demo.sqlite or ~/.cache/tabula-demo/demo.sqlite).
      """)
  var database: String?

  @Flag(help: "Delete the demo's database first, undoing syncs (only a file the demo created).")
  var reset = false

  @Option(help: "Play keys from this file, or - for standard input, then print the screen.")
  var script: String?

  @Option(help: "The screen size for --script, as WIDTHxHEIGHT.")
  var size = "80x24"

  @Option(help: "The screen to start on: contacts, feed or files.")
  var screen = DemoApp.Tab.contacts

  @Option(help: "Milliseconds before a photo's image arrives (default 600; 0 with --script).")
  var imageDelay: Int?

  @Option(help: "Milliseconds a feed load takes (default 400; 0 with --script).")
  var latency: Int?

  @Flag(help: "With --script, print the screen after every key, not only at the end.")
  var printFrames = false

  /// A command with the default options (the parser fills them in).
  public init() {}

  /// Checks `--size` before anything runs.
  public func validate() throws {
    do {
      _ = try ScreenSize(parsing: size)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// Opens (or creates) the database and runs the demo: scripted with
  /// `--script`, interactive in a terminal, or printing the list when the
  /// output is not a terminal. A script or a database that cannot be used
  /// is a sentence on standard error naming it, and exit status 1; the
  /// script is read and checked first, so that a bad one leaves no
  /// database behind. Ctrl-C ends the demo with status 130 (128 + SIGINT),
  /// as a shell reports an interrupted program.
  @MainActor
  public func run() async throws {
    let keys: [Key]?
    do {
      keys = try script.map(DemoScript.keys(from:))
    } catch {
      fail(error.description)
    }
    let pool: DatabasePool
    do {
      let path = database ?? DemoDatabase.preparedDefaultPath()
      if reset { try DemoDatabase.reset(at: path) }
      pool = try DemoDatabase.open(at: path)
    } catch {
      fail(error.description)
    }
    let interrupted: Bool
    if let keys {
      interrupted = await runScript(keys, database: pool)
    } else if Terminal.isInteractive {
      interrupted = await runInteractive(database: pool)
    } else {
      interrupted = false
      await printPlain(database: pool)
    }
    if interrupted { throw ExitCode(130) }
  }

  /// Writes `message` to standard error, then ends with status 1.
  private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tabula-demo: \(message)\n".utf8))
    Self.exit(withError: ExitCode.failure)
  }

  /// The size of `--size`, checked by ``validate()``.
  private var screenSize: ScreenSize {
    (try? ScreenSize(parsing: size)) ?? ScreenSize(width: 80, height: 24)
  }

  /// Plays `keys`, then prints the screen; returns whether a Ctrl-C ended
  /// them.
  @MainActor
  private func runScript(_ keys: [Key], database: DatabasePool) async -> Bool {
    let app = DemoApp(
      database: database, width: screenSize.width, height: screenSize.height, tab: screen,
      latency: .milliseconds(latency ?? 0), imageDelay: .milliseconds(imageDelay ?? 0))
    await settle(app)
    for key in keys {
      let keepGoing = await app.handle(key)
      await settle(app)
      if printFrames { print(plain(app.frame()) + "\n") }
      if !keepGoing { break }
    }
    print(plain(app.frame()))
    return app.wasInterrupted
  }

  /// Waits until the app is idle, drawing once so visible rows get cells
  /// (and images get requested), then waits again.
  @MainActor
  private func settle(_ app: DemoApp) async {
    await app.waitUntilIdle()
    _ = app.frame()
    await app.waitUntilIdle()
  }

  private func plain(_ lines: [ScreenLine]) -> String {
    lines.map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  @MainActor
  private func printPlain(database: DatabasePool) async {
    let app = DemoApp(
      database: database, width: screenSize.width, height: 5, tab: screen, latency: .zero,
      imageDelay: .zero)
    await app.waitUntilIdle()
    let list: TerminalListView
    switch screen {
    case .contacts: list = app.contacts.list
    case .feed: list = app.feed.list
    case .files:
      // Every folder open, read level by level.
      for root in app.files.files.outline.tree.roots { try? app.files.files.expandSubtree(root.id) }
      await app.waitUntilIdle()
      list = app.files.list
    }
    print(list.plainText())
  }

  /// Runs the demo in the terminal until `q`, Ctrl-C or the end of input;
  /// returns whether Ctrl-C ended it.
  @MainActor
  private func runInteractive(database: DatabasePool) async -> Bool {
    let terminal = Terminal()
    var size = Terminal.size() ?? (80, 24)
    let app = DemoApp(
      database: database, width: size.width, height: size.height, tab: screen,
      latency: .milliseconds(latency ?? 400), imageDelay: .milliseconds(imageDelay ?? 600))
    terminal.start()
    defer { terminal.restore() }
    var renderer = FrameRenderer()
    let events = AsyncStream<Key?> { continuation in
      let keys = Task {
        for await key in terminal.keys() { continuation.yield(key) }
        continuation.finish()
      }
      let ticks = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(80))
          continuation.yield(nil)
        }
      }
      continuation.onTermination = { _ in
        keys.cancel()
        ticks.cancel()
      }
    }
    terminal.write(renderer.render(app.frame(), full: true))
    for await event in events {
      if let current = Terminal.size(), current != size {
        size = current
        app.resize(width: size.width, height: size.height)
        terminal.write(renderer.render(app.frame(), full: true))
        continue
      }
      if let key = event, await app.handle(key) == false { break }
      terminal.write(renderer.render(app.frame()))
    }
    return app.wasInterrupted
  }
}

extension DemoApp.Tab: ExpressibleByArgument {}
