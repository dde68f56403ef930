// swift-tools-version: 6.2
// The manifest of an app that adds TabulaGRDB, as README.md's Installation
// shows it: the `GRDB` trait resolves GRDB, and nothing else. Not compiled
// with this target (it is excluded): the ConsumerManifestTests load it and
// resolve it against this checkout.
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.iOS(.v16), .macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/tabula-swift/Tabula", from: "0.1.0", traits: ["GRDB"])
  ],
  targets: [
    .target(
      name: "MyApp",
      dependencies: [
        .product(name: "Tabula", package: "Tabula"),
        .product(name: "TabulaUIKit", package: "Tabula"),
        .product(name: "TabulaGRDB", package: "Tabula"),
      ])
  ]
)
