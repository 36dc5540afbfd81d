// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ReducerKit",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "ReducerKit", targets: ["ReducerKit"]),
    .library(name: "ReducerKitTesting", targets: ["ReducerKitTesting"]),
    .library(name: "ReducerKitExamples", targets: ["ReducerKitExamples"]),
    .executable(name: "reducerkit-bench", targets: ["reducerkit-bench"]),
    .executable(name: "reducerkit-demo", targets: ["reducerkit-demo"]),
  ],
  targets: [
    .target(name: "ReducerKit"),
    .target(name: "ReducerKitTesting", dependencies: ["ReducerKit"]),
    .target(name: "ReducerKitExamples", dependencies: ["ReducerKit"]),
    .executableTarget(name: "reducerkit-demo", dependencies: ["ReducerKit", "ReducerKitExamples"]),
    .executableTarget(
      name: "reducerkit-bench", dependencies: ["ReducerKit", "ReducerKitTesting"]),
    // Killed with SIGKILL while it writes a file, by FileStorageTests.
    .executableTarget(
      name: "reducerkit-file-writer", dependencies: ["ReducerKit"],
      path: "Tests/Helpers/reducerkit-file-writer"),
    .testTarget(
      name: "ReducerKitTests",
      dependencies: ["ReducerKit", "ReducerKitTesting", "reducerkit-file-writer"]),
    .testTarget(name: "ReducerKitTestingTests", dependencies: ["ReducerKitTesting"]),
    .testTarget(
      name: "ReducerKitExamplesTests", dependencies: ["ReducerKitExamples", "ReducerKitTesting"]),
    .testTarget(
      name: "ReducerKitDemoTests",
      dependencies: ["reducerkit-demo", "ReducerKitExamples", "ReducerKitTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
