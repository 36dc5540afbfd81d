import Foundation
import ReducerKit
import Testing

@testable import reducerkit_demo

@Suite("LibraryWarningLog")
struct LibraryWarningLogTests {
  let warning = RuntimeWarning(
    message: "An action for a missing child", fileID: "A/B.swift", line: 7)

  @Test("a warning's line says it is the library's")
  func line() {
    #expect(
      LibraryWarningLog.line(for: warning)
        == "ReducerKit library warning: An action for a missing child (A/B.swift:7)")
  }

  @Test("in a terminal, warnings go to the log file, appended, never to standard error")
  func interactive() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("library-warning-log-test-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: file) }
    var errors: [String] = []
    LibraryWarningLog.route(warning, interactive: true, logFile: file) { errors.append($0) }
    LibraryWarningLog.route(warning, interactive: true, logFile: file) { errors.append($0) }
    #expect(errors.isEmpty)
    let logged = try String(contentsOf: file, encoding: .utf8)
    #expect(logged == String(repeating: LibraryWarningLog.line(for: warning) + "\n", count: 2))
  }

  @Test("piped, a warning is one labelled line on standard error")
  func piped() {
    var errors: [String] = []
    LibraryWarningLog.route(warning, interactive: false) { errors.append($0) }
    #expect(errors == [LibraryWarningLog.line(for: warning) + "\n"])
  }
}
