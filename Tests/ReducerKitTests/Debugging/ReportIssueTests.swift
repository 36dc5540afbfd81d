import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ReportIssueTests {
  @Test func reportsARuntimeWarningAtTheCaller() {
    let recorder = WarningRecorder(matching: "report-issue-marker")
    let line: UInt = #line + 1
    reportIssue("report-issue-marker: the row is missing")
    #expect(recorder.messages == ["report-issue-marker: the row is missing"])
    #expect(recorder.places == ["ReducerKitTests/ReportIssueTests.swift:\(line)"])
  }

  @Test func reportsAtTheGivenPlace() {
    let recorder = WarningRecorder(matching: "report-issue-place-marker")
    reportIssue("report-issue-place-marker", fileID: "App/Feature.swift", line: 7)
    #expect(recorder.places == ["App/Feature.swift:7"])
  }

  @Test func failsTheTestUnderATestStore() async {
    struct Feature: Reducer {
      func reduce(into state: inout Int, action: Int) -> Effect<Int> {
        if action < 0 { reportIssue("report-issue-store-marker: negative action \(action)") }
        return .none
      }
    }
    let messages = Locked<[String]>([])
    await withKnownIssue {
      let store = TestStore(initialState: 0) { Feature() }
      await store.send(-1)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      messages.withLock { $0.append(text) }
      return text.contains("report-issue-store-marker")
    }
    #expect(messages.withLock { $0 } == ["report-issue-store-marker: negative action -1"])
  }
}
