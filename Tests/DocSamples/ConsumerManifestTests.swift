import Foundation
import Testing

// README.md's Installation shows parts of an app's manifests; the whole
// manifests are Manifest/ConsumerPackage.swift and ConsumerPackageGRDB.swift
// (whose blocks the document checks find there). SwiftPM loads them here:
// every product they name must be one of this package's libraries, and,
// resolved against this checkout, they pin only the packages the app uses.

/// The products of this package's manifest: its `.library(name:)`s.
func libraryProducts() throws -> Set<String> {
  let manifest = try String(
    contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
  let names = manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) }
  return Set(names)
}

/// A package folder holding `manifest` as its `Package.swift`, with a source
/// file for each target it declares, so that SwiftPM can load and resolve it.
struct ConsumerPackage: ~Copyable {
  let folder: URL

  init(_ manifest: URL) throws {
    folder = FileManager.default.temporaryDirectory.appending(
      path: "tabula-consumer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try text.write(to: folder.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    for match in text.matches(of: /\.(target|testTarget)\(\s*name: "(\w+)"/) {
      let kind = match.output.1 == "testTarget" ? "Tests" : "Sources"
      let sources = folder.appending(path: "\(kind)/\(match.output.2)")
      try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
      try "".write(to: sources.appending(path: "Empty.swift"), atomically: true, encoding: .utf8)
    }
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Runs `swift package` with `arguments` on this package and returns what
  /// it prints, or throws naming the command and its errors if it fails.
  func swiftPackage(_ arguments: String...) throws -> Data {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", folder.path] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CommandFailure(
        command: "swift package \(arguments.joined(separator: " "))",
        errors: String(decoding: message, as: UTF8.self))
    }
    return data
  }

  /// Points the manifest's dependency on the published Tabula at this
  /// checkout (through a link named `Tabula`, the package's identity),
  /// resolves it, and returns the identities of the packages it pinned.
  func resolvedPins() throws -> Set<String> {
    let link = folder.appending(path: "Tabula")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: packageRoot)
    let manifest = folder.appending(path: "Package.swift")
    let published = #"url: "https://github.com/tabula-swift/Tabula", from: "0.1.0""#
    let text = try String(contentsOf: manifest, encoding: .utf8)
    #expect(text.contains(published), "the manifest no longer depends on \(published)")
    try text.replacing(published, with: "path: \"\(link.path)\"")
      .write(to: manifest, atomically: true, encoding: .utf8)
    _ = try swiftPackage("resolve")

    struct Resolved: Decodable {
      struct Pin: Decodable { let identity: String }
      let pins: [Pin]
    }
    // SwiftPM writes no Package.resolved when nothing is pinned.
    guard let data = try? Data(contentsOf: folder.appending(path: "Package.resolved")) else {
      return []
    }
    return Set(try JSONDecoder().decode(Resolved.self, from: data).pins.map(\.identity))
  }
}

/// A command that failed, with what it printed on its standard error.
struct CommandFailure: Error, CustomStringConvertible {
  let command: String
  let errors: String
  var description: String { "\(command) failed: \(errors)" }
}

/// Runs `swift package dump-package` on `manifest`, copied into a package
/// folder of its own, and returns the JSON it prints.
func dumpPackage(_ manifest: URL) throws -> Data {
  try ConsumerPackage(manifest).swiftPackage("dump-package")
}

/// The names of the products a dumped manifest's targets depend on.
func productDependencies(inDump data: Data) throws -> Set<String> {
  struct Dump: Decodable {
    struct Target: Decodable {
      let dependencies: [Dependency]
    }
    /// A target dependency: `{"product": [name, package, ...]}` or another kind.
    struct Dependency: Decodable {
      let product: [ProductField]?
    }
    /// A field of a product dependency: names are strings, the rest is not read.
    enum ProductField: Decodable {
      case name(String)
      case other

      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = (try? container.decode(String.self)).map(ProductField.name) ?? .other
      }
    }
    let targets: [Target]
  }
  let dump = try JSONDecoder().decode(Dump.self, from: data)
  return Set(
    dump.targets.flatMap(\.dependencies).compactMap { dependency in
      guard case .name(let name) = dependency.product?.first else { return nil }
      return name
    })
}

@Suite("The README's manifest")
struct ConsumerManifestTests {
  @Test func loadsAndNamesOnlyTabulasProducts() throws {
    let manifest = samplesFolder.appending(path: "Manifest/ConsumerPackage.swift")
    let products = try productDependencies(inDump: try dumpPackage(manifest))
    #expect(products == ["Tabula", "TabulaUIKit", "TabulaSwiftUI", "TabulaTesting"])
    #expect(products.isSubset(of: try libraryProducts()))
  }

  /// An app pays only for what it uses: one that depends on the core, the
  /// UIKit and SwiftUI glue and the testing library resolves no other package (GRDB and
  /// ArgumentParser serve TabulaGRDB, the demo and the benchmarks, behind
  /// traits the app does not enable).
  @Test func coreAndUIKitResolveNoOtherPackage() throws {
    let manifest = samplesFolder.appending(path: "Manifest/ConsumerPackage.swift")
    #expect(try ConsumerPackage(manifest).resolvedPins() == [])
  }

  /// An app that adds TabulaGRDB, with the `GRDB` trait, gets GRDB and
  /// nothing else.
  @Test func grdbTraitResolvesGRDBOnly() throws {
    let manifest = samplesFolder.appending(path: "Manifest/ConsumerPackageGRDB.swift")
    let products = try productDependencies(inDump: try dumpPackage(manifest))
    #expect(products == ["Tabula", "TabulaUIKit", "TabulaGRDB"])
    #expect(try ConsumerPackage(manifest).resolvedPins() == ["grdb.swift"])
  }
}
