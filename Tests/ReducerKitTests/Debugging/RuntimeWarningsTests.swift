import Foundation
import ReducerKit
import Testing

/// Uses the public API (`Locked` aside, which the package shares with its tests).
@Suite struct RuntimeWarningsTests {
  @Test func anInstalledHandlerSeesTheWarningWithItsPlace() {
    let received = Locked<[RuntimeWarning]>([])
    let id = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("public-handler-marker") else { return false }
      received.withLock { $0.append(warning) }
      return true
    }
    defer { RuntimeWarnings.removeHandler(id) }
    let line: UInt = #line + 1
    reportIssue("public-handler-marker: something went wrong")
    #expect(
      received.withLock { $0 } == [
        RuntimeWarning(
          message: "public-handler-marker: something went wrong",
          fileID: "ReducerKitTests/RuntimeWarningsTests.swift", line: line)
      ])
  }

  @Test func aRemovedHandlerSeesNoMoreWarnings() {
    let count = Locked(0)
    let id = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("public-removed-marker") else { return false }
      count.withLock { $0 += 1 }
      return true
    }
    reportIssue("public-removed-marker 1")
    RuntimeWarnings.removeHandler(id)
    // Claim the second one so it is not printed to standard error.
    let claim = RuntimeWarnings.addHandler { $0.message.contains("public-removed-marker") }
    defer { RuntimeWarnings.removeHandler(claim) }
    reportIssue("public-removed-marker 2")
    #expect(count.withLock { $0 } == 1)
    // Removing twice does nothing.
    RuntimeWarnings.removeHandler(id)
  }

  @Test func everyHandlerSeesAWarningThatAnotherClaims() {
    let seenByFirst = Locked(0)
    let seenBySecond = Locked(0)
    let first = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("two-handlers-marker") else { return false }
      seenByFirst.withLock { $0 += 1 }
      return true
    }
    let second = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("two-handlers-marker") else { return false }
      seenBySecond.withLock { $0 += 1 }
      return false
    }
    defer {
      RuntimeWarnings.removeHandler(first)
      RuntimeWarnings.removeHandler(second)
    }
    reportIssue("two-handlers-marker")
    #expect(seenByFirst.withLock { $0 } == 1)
    #expect(seenBySecond.withLock { $0 } == 1)
  }

  @Test func handlerIDsAreDistinct() {
    let first = RuntimeWarnings.addHandler { _ in false }
    let second = RuntimeWarnings.addHandler { _ in false }
    RuntimeWarnings.removeHandler(first)
    RuntimeWarnings.removeHandler(second)
    #expect(first != second)
  }

  @Test func warningsCompareByAllTheirFields() {
    let warning = RuntimeWarning(message: "Oops", fileID: "App/Feature.swift", line: 12)
    #expect(warning == RuntimeWarning(message: "Oops", fileID: "App/Feature.swift", line: 12))
    var moved = warning
    moved.line = 13
    #expect(warning != moved)
  }
}
