import Testing
import XCTest

/// Where a test assertion was written, for failure messages.
package struct TestLocation: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Reports a test failure: through Swift Testing when a Swift Testing test is running, through
/// XCTest otherwise, at `location`.
package func reportFailure(_ message: String, at location: TestLocation) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
        column: Int(location.column)))
  } else {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}

/// Reports something a non-exhaustive test skipped, as an expected failure (a known issue under
/// Swift Testing), so it is visible without failing the test.
package func reportSkipped(_ message: String, at location: TestLocation) {
  if Test.current != nil {
    withKnownIssue(isIntermittent: true) {
      reportFailure(message, at: location)
    }
  } else {
    print("note: \(message) (\(location.fileID):\(location.line))")
  }
}
