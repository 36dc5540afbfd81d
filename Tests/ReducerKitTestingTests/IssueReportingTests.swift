import Foundation
import Testing

@testable import ReducerKitTesting

@Suite struct IssueReportingTests {
  @Test func failuresAreRecordedThroughSwiftTestingAtTheLocation() async {
    let issues = await recordedIssues {
      reportFailure(
        "something is wrong",
        at: TestLocation(fileID: #fileID, filePath: #filePath, line: 42, column: 7))
    }
    #expect(issues == ["something is wrong"])
  }

  @Test func skippedAssertionsAreKnownIssuesOnly() {
    reportSkipped(
      "skipped on purpose",
      at: TestLocation(fileID: #fileID, filePath: #filePath, line: 1, column: 1))
  }
}
