// swift-tools-version: 6.2
// The manifest of an app that depends on Tabula, as README.md's Installation
// shows it. Not compiled with this target (it is excluded): the
// ConsumerManifestTests load it with `swift package dump-package`, and
// resolve it against this checkout to check what it pins.
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.iOS(.v16), .macOS(.v13)],
  dependencies: [
    .package(url: "https://github.com/tabula-swift/Tabula", from: "0.1.0", traits: [])
  ],
  targets: [
    .target(
      name: "MyApp",
      dependencies: [
        .product(name: "Tabula", package: "Tabula"),
        .product(name: "TabulaUIKit", package: "Tabula"),
        .product(name: "TabulaSwiftUI", package: "Tabula"),
      ]),
    .testTarget(
      name: "MyAppTests",
      dependencies: ["MyApp", .product(name: "TabulaTesting", package: "Tabula")]),
  ]
)
