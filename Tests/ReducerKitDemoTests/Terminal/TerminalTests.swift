import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built demo in a pseudo-terminal (util-linux `script`), as a user runs it in a terminal:
/// single keys, an arrow key, and the terminal's settings afterwards however it ends.
///
/// A shell prints the terminal settings (`stty -g`) before and after the demo; they must match.
/// The shell reads them only once the demo's process has ended, however `wait` was interrupted.
@Suite("Terminal, in a pseudo-terminal")
struct TerminalTests {
  /// How the session ends.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case quitKey, controlC, controlD, sigterm
    var testDescription: String { rawValue }
  }

  static var scriptIsAvailable: Bool {
    #if os(Linux)
    FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
    #else
    false  // macOS's script(1) takes other options.
    #endif
  }

  @Test(
    "keys, an arrow key as one key, and the settings restored after",
    .enabled(if: TerminalTests.scriptIsAvailable), arguments: Ending.allCases)
  func session(ending: Ending) throws {
    let demo = try DemoProcess.executable()
    let session = try PseudoTerminalSession(
      shell: """
        trap : INT TERM
        echo "before=$(stty -g)"
        '\(demo.path)' </dev/tty &
        demo=$!
        echo "demo-pid=$demo"
        # A trapped signal ends `wait` early (Ctrl-C reaches the shell too), so wait again
        # until the demo has really ended: only then has it put the settings back.
        while kill -0 $demo 2>/dev/null; do wait $demo; done
        wait $demo
        echo "exit=$?"
        echo "after=$(stty -g)"
        """)
    defer { session.stop() }
    try session.waitFor("q Ctrl-D")
    session.type("1")
    try session.waitFor("action: screenSelected(counter)\n  state: count = 0")
    session.type("+")
    try session.waitFor("state: count = 1")
    // ↑ is ESC [ A: were it split, `[` would send "−1 after 0.5 s".
    session.type("\u{1B}[A")
    try session.waitFor("hint: ↑ does nothing on the counter screen")
    switch ending {
    case .quitKey: session.type("q")
    case .controlC: session.type("\u{03}")
    case .controlD: session.type("\u{04}")
    case .sigterm:
      let pid = try session.value(after: "demo-pid=")
      kill(try #require(pid_t(pid)), SIGTERM)
    }
    let after = try session.value(after: "after=")
    let before = try session.value(after: "before=")
    #expect(after == before, "the terminal settings after the demo are the ones before it")
    let exit = try session.value(after: "exit=")
    switch ending {
    case .quitKey, .controlD: #expect(exit == "0")
    case .controlC: #expect(exit == "130")
    case .sigterm: #expect(exit == "143")
    }
    #expect(!session.output.contains("action: counter(delayedDecrementTapped)"))
  }
}

/// A shell script run in a pseudo-terminal by `script`, with input typed into it and its output
/// read as it comes.
final class PseudoTerminalSession: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let outputPipe = Pipe()
  private let lock = NSLock()
  private var collected = Data()
  private let scriptFile: URL

  init(shell: String) throws {
    scriptFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("reducerkit-demo-pty-\(UUID().uuidString).sh")
    try shell.write(to: scriptFile, atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-q", "-e", "-c", "sh '\(scriptFile.path)'", "/dev/null"]
    // The demo's files go to a folder of the test's own, never the user's.
    process.environment = ProcessInfo.processInfo.environment.merging([
      "XDG_DATA_HOME": FileManager.default.temporaryDirectory
        .appendingPathComponent("reducerkit-demo-pty-data-\(UUID().uuidString)").path
    ]) { $1 }
    process.standardInput = input
    process.standardOutput = outputPipe
    process.standardError = outputPipe
    outputPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      lock.lock()
      collected.append(data)
      lock.unlock()
    }
    try process.run()
  }

  /// Everything written so far, with the terminal's `\r\n` read as `\n`.
  var output: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: collected, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
  }

  /// Types the text into the terminal.
  func type(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Polls the output, for at most `seconds`, until it contains `text`.
  func waitFor(_ text: String, seconds: Double = 20) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !output.contains(text) {
      guard Date() < deadline else {
        throw SessionTimeout(waitingFor: text, output: output)
      }
      usleep(20_000)
    }
  }

  /// The rest of the first whole output line that starts with `prefix`, polled for at most
  /// `seconds`.
  func value(after prefix: String, seconds: Double = 20) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      // A line is whole once a newline follows it: the last piece may still be growing.
      let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      if let line = lines.first(where: { $0.hasPrefix(prefix) }) {
        return String(line.dropFirst(prefix.count))
      }
      guard Date() < deadline else { throw SessionTimeout(waitingFor: prefix, output: output) }
      usleep(20_000)
    }
  }

  func stop() {
    if process.isRunning { process.terminate() }
    try? input.fileHandleForWriting.close()
    outputPipe.fileHandleForReading.readabilityHandler = nil
    try? FileManager.default.removeItem(at: scriptFile)
  }

  struct SessionTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var output: String
    var description: String { "timed out waiting for \"\(waitingFor)\"; output:\n\(output)" }
  }
}
