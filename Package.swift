// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ReducerKit",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "ReducerKit", targets: ["ReducerKit"]),
    .executable(name: "reducerkit-demo", targets: ["reducerkit-demo"]),
  ],
  targets: [
    .target(name: "ReducerKit"),
    .executableTarget(name: "reducerkit-demo", dependencies: ["ReducerKit"]),
    .testTarget(name: "ReducerKitTests", dependencies: ["ReducerKit"]),
  ],
  swiftLanguageModes: [.v6]
)
