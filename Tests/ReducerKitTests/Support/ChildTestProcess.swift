import Foundation

/// Runs one test of this bundle in a process of its own (the test binary run again with only
/// `filter` enabled, and `variable` set so that the test runs there), for tests that measure the
/// process's resident memory, which the tests running in parallel here would move by megabytes.
///
/// ```swift
/// let (status, output) = try await runTestInChildProcess(
///   filter: "soakInThisProcess", enabling: "REDUCERKIT_SOAK_CHILD")
/// ```
///
/// - Returns: the child's exit status and what it printed.
func runTestInChildProcess(
  filter: String, enabling variable: String
) async throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
  var environment = ProcessInfo.processInfo.environment
  environment[variable] = "1"
  // Swift Testing records a backtrace for every error thrown in a test, and keeps it for a
  // while: a soak's cancelled sleeps throw 100,000s of `CancellationError`s, which would grow
  // the test harness by megabytes, not the app.
  environment["SWT_SWIFT_ERROR_BACKTRACING_ENABLED"] = "0"
  // One malloc arena: glibc gives each thread that allocates an arena of its own, and the
  // effects' tasks run on whichever thread of the pool is free, so freed memory is spread over
  // several arenas whose fragmentation moves resident memory by megabytes from run to run
  // (heaptrack: the heap itself peaks at 4.7 MB over the whole soak, flat after the warm-up).
  // A leak grows one arena as it grows several.
  environment["MALLOC_ARENA_MAX"] = "1"
  process.environment = environment
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  // Waited for on a thread of its own: not the main actor, nor a thread of the cooperative
  // pool, which the tests running meanwhile need.
  let text = await withCheckedContinuation { continuation in
    Thread.detachNewThread {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      continuation.resume(returning: String(decoding: data, as: UTF8.self))
    }
  }
  return (process.terminationStatus, text)
}
