// swift-tools-version: 6.0
// A small app for .ci/stripped-reflection: built with reflection metadata stripped (Xcode's
// SWIFT_REFLECTION_METADATA_LEVEL = none), as a size-optimised release of an app would be.
// Not part of ReducerKit's package: it uses it as any app does, from the repository's root.
import PackageDescription

let package = Package(
  name: "stripped-app",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "ReducerKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "stripped-app", dependencies: [.product(name: "ReducerKit", package: "ReducerKit")])
  ],
  swiftLanguageModes: [.v6]
)
