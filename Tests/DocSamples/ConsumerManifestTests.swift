import Foundation
import Testing

// README.md's Installation shows parts of an app's manifest; the whole
// manifest is Manifest/ConsumerPackage.swift (whose blocks the document
// checks find there). SwiftPM loads it here, and every product it names must
// be one of this package's libraries.

/// The products of this package's manifest: its `.library(name:)`s.
func libraryProducts() throws -> Set<String> {
  let manifest = try String(
    contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
  let names = manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) }
  return Set(names)
}

/// Runs `swift package dump-package` on `manifest`, copied into a package
/// folder of its own, and returns the JSON it prints.
func dumpPackage(_ manifest: URL) throws -> Data {
  let folder = FileManager.default.temporaryDirectory.appending(
    path: "tabula-consumer-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try FileManager.default.copyItem(at: manifest, to: folder.appending(path: "Package.swift"))

  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/env")
  process.arguments = ["swift", "package", "dump-package", "--package-path", folder.path]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "swift package dump-package failed on \(manifest.path)")
  return data
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
    #expect(products == ["Tabula", "TabulaUIKit", "TabulaTesting"])
    #expect(products.isSubset(of: try libraryProducts()))
  }
}
