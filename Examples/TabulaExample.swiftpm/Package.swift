// swift-tools-version: 6.1

// The Tabula example app, a Swift Playgrounds app package: open this folder
// in Xcode or Swift Playgrounds and run it. Three screens show Tabula driving
// UIKit: contacts in SQLite (TabulaGRDB), a paged feed in a compositional
// collection view, and an outline.
//
// Tools version 6.1, not 5.9: package traits (`traits:` below) need 6.1, and
// Tabula itself needs a Swift 6.2 toolchain anyway.

import AppleProductTypes
import PackageDescription

let package = Package(
  name: "Tabula Example",
  platforms: [
    .iOS("16.0")
  ],
  products: [
    .iOSApplication(
      name: "Tabula Example",
      targets: ["AppModule"],
      bundleIdentifier: "dev.tabula.example",
      teamIdentifier: "",
      displayVersion: "1.0",
      bundleVersion: "1",
      appIcon: .placeholder(icon: .checkmark),
      accentColor: .presetColor(.indigo),
      supportedDeviceFamilies: [
        .pad,
        .phone,
      ],
      supportedInterfaceOrientations: [
        .portrait,
        .landscapeRight,
        .landscapeLeft,
        .portraitUpsideDown(.when(deviceFamilies: [.pad])),
      ]
    )
  ],
  dependencies: [
    // Tabula is the repository this example lives in. Its `GRDB` trait
    // turns on TabulaGRDB's dependency on GRDB (the default traits, the
    // demo's tools, are not needed here). The name is the package's own, so
    // that the products below find it whatever the checkout's folder is called.
    .package(name: "Tabula", path: "../..", traits: ["GRDB"]),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "AppModule",
      dependencies: [
        .product(name: "Tabula", package: "Tabula"),
        .product(name: "TabulaUIKit", package: "Tabula"),
        .product(name: "TabulaSwiftUI", package: "Tabula"),
        .product(name: "TabulaGRDB", package: "Tabula"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Sources"
    )
  ],
  swiftLanguageModes: [.version("6")]
)
