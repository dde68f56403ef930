// swift-tools-version: 6.2
import PackageDescription

/// Checks of internal invariants after every snapshot edit, compiled in
/// only when the `TABULA_INTERNAL_CHECKS` environment variable is set (as
/// `.ci/run` does): never in the debug builds of apps that depend on Tabula,
/// where they would make every edit cost O(n). Tabula's tests check the
/// invariants explicitly either way.
let internalChecks: [SwiftSetting] =
  Context.environment["TABULA_INTERNAL_CHECKS"] != nil
  ? [.define("TABULA_INTERNAL_CHECKS")] : []

let package = Package(
  name: "Tabula",
  platforms: [.macOS(.v13), .iOS(.v16), .macCatalyst(.v16)],
  products: [
    .library(name: "Tabula", targets: ["Tabula"]),
    .library(name: "TabulaTesting", targets: ["TabulaTesting"]),
    .library(name: "TabulaTerminal", targets: ["TabulaTerminal"]),
    .library(name: "TabulaGRDB", targets: ["TabulaGRDB"]),
    .library(name: "TabulaUIKit", targets: ["TabulaUIKit"]),
    .library(name: "TabulaAppKit", targets: ["TabulaAppKit"]),
    .library(name: "TabulaSwiftUI", targets: ["TabulaSwiftUI"]),
    .library(name: "TabulaObservation", targets: ["TabulaObservation"]),
    .executable(name: "tabula-demo", targets: ["tabula-demo"]),
    .executable(name: "tabula-bench", targets: ["tabula-bench"]),
  ],
  // What an app pays for: an app that depends on `Tabula`, `TabulaUIKit`,
  // `TabulaAppKit`, `TabulaSwiftUI`, `TabulaObservation` or `TabulaTesting` resolves no other
  // package. GRDB is resolved only with the `GRDB` trait (for `TabulaGRDB`),
  // and ArgumentParser only with `Tools` (the demo and the benchmarks).
  // SwiftPM gives a package's default traits to its own builds and to apps
  // that depend on it alike, so `Tools` is the default (the README's
  // `swift run tabula-demo` and `swift test` need it) and apps say
  // `traits: []` or `traits: ["GRDB"]`; test targets' packages are never
  // resolved for apps.
  traits: [
    .trait(
      name: "GRDB",
      description: "TabulaGRDB: live lists and trees over SQLite, with GRDB."),
    .trait(
      name: "Tools",
      description: "The demo and the benchmarks (tabula-demo, tabula-bench): ArgumentParser.",
      enabledTraits: ["GRDB"]),
    .default(enabledTraits: ["Tools"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
  ],
  targets: [
    .target(name: "Tabula", swiftSettings: internalChecks),
    .target(name: "TabulaTesting", dependencies: ["Tabula"]),
    .target(name: "TabulaTerminal", dependencies: ["Tabula"]),
    .target(
      name: "TabulaGRDB",
      dependencies: [
        "Tabula", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
      ]),
    .target(name: "TabulaUIKit", dependencies: ["Tabula"]),
    .target(name: "TabulaAppKit", dependencies: ["Tabula"]),
    .target(name: "TabulaSwiftUI", dependencies: ["Tabula", "TabulaUIKit"]),
    .target(name: "TabulaObservation", dependencies: ["Tabula"]),
    .target(
      name: "TabulaDemoKit",
      dependencies: [
        "Tabula", "TabulaTerminal", "TabulaGRDB",
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: ["Tools"])),
      ]),
    .executableTarget(name: "tabula-demo", dependencies: ["TabulaDemoKit"]),
    // The heap's own count of bytes in use, for tabula-bench's memory figures.
    .target(name: "CHeapStats"),
    .executableTarget(
      name: "tabula-bench",
      dependencies: [
        "Tabula", "TabulaTesting", "TabulaGRDB", "TabulaTerminal", "CHeapStats",
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: ["Tools"])),
        .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
      ]
    ),
    // The tests, by the module they test. `swift test` runs them all; the
    // helpers several of them share are in TabulaTestSupport.
    .target(
      name: "TabulaTestSupport",
      dependencies: ["Tabula", "TabulaTesting"],
      path: "Tests/Support"),
    .testTarget(
      name: "TabulaTests",
      dependencies: [
        "Tabula", "TabulaTesting", "TabulaTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: internalChecks),
    .testTarget(
      name: "TabulaTestingTests",
      dependencies: ["Tabula", "TabulaTesting", "TabulaTestSupport"]),
    .testTarget(
      name: "TabulaGRDBTests",
      dependencies: [
        "Tabula", "TabulaTesting", "TabulaGRDB", "TabulaTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "TabulaObservationTests",
      dependencies: ["Tabula", "TabulaObservation", "TabulaTesting", "TabulaTestSupport"]),
    .testTarget(
      name: "TabulaTerminalTests",
      dependencies: ["Tabula", "TabulaTerminal", "TabulaTestSupport"]),
    .testTarget(
      name: "TabulaDemoTests",
      dependencies: [
        "Tabula", "TabulaTerminal", "TabulaDemoKit", "TabulaTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // Every Swift sample of README.md and the DocC articles, compiled (and run
    // where that means something), and the test that keeps the documents and
    // these files in step.
    .testTarget(
      name: "TabulaDocSamples",
      dependencies: [
        "Tabula", "TabulaTesting", "TabulaGRDB", "TabulaTerminal", "TabulaUIKit", "TabulaAppKit",
        "TabulaSwiftUI", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tests/DocSamples",
      exclude: ["Manifest"]),
  ],
  swiftLanguageModes: [.v6]
)
