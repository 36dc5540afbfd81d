import Foundation
import Testing

/// The built `reducerkit-demo`, run as a user runs it: a child process with piped input.
///
/// `swift test` builds the demo next to the test bundle (the test target depends on it).
enum DemoProcess {
  /// The demo's executable, found next to the running test bundle.
  static func executable() throws -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("reducerkit-demo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw DemoNotBuilt()
  }

  struct DemoNotBuilt: Error, CustomStringConvertible {
    var description: String { "the reducerkit-demo executable was not built next to the tests" }
  }

  /// What a finished run wrote, and how it ended.
  struct Result {
    var output: String
    var errors: String
    var status: Int32
  }

  /// The demo's run for the given lines on its standard input, keeping its files in
  /// `dataFolder` (its `XDG_DATA_HOME`): by default a fresh folder, removed afterwards, so a test
  /// never reads or writes the user's files.
  static func run(lines: [String], dataFolder: URL? = nil) throws -> Result {
    let folder = dataFolder ?? freshDataFolder()
    defer { if dataFolder == nil { try? FileManager.default.removeItem(at: folder) } }
    return try run(
      executable(), input: lines.map { $0 + "\n" }.joined(),
      environment: ["XDG_DATA_HOME": folder.path])
  }

  /// A new, empty folder for a run's files.
  static func freshDataFolder() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("reducerkit-demo-data-\(UUID().uuidString)")
  }

  /// Runs a program to its end with `input` on its standard input. Standard error goes to a
  /// file, so neither pipe can fill up while the other is read.
  static func run(
    _ executable: URL, arguments: [String] = [], input: String,
    environment: [String: String] = [:]
  ) throws -> Result {
    let errorsFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("reducerkit-demo-test-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorsFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = try FileHandle(forWritingTo: errorsFile)
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      output: String(decoding: output, as: UTF8.self),
      errors: (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "",
      status: process.terminationStatus)
  }
}
