import Foundation
import Testing

@testable import ReducerKit

@Suite struct RuntimeWarningTests {
  @Test func handlersReceiveWarningsWithThePlace() {
    let recorder = WarningRecorder(matching: "runtime-warning-test-marker")
    runtimeWarn("runtime-warning-test-marker: something went wrong")
    #expect(recorder.messages == ["runtime-warning-test-marker: something went wrong"])
  }

  @Test func aRemovedHandlerNoLongerReceivesWarnings() {
    let received = Locked<[RuntimeWarning]>([])
    let token = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains("removed-handler-marker") else { return false }
      received.withLock { $0.append(warning) }
      return true
    }
    runtimeWarn("removed-handler-marker 1")
    RuntimeWarnings.removeHandler(token)
    let recorder = WarningRecorder(matching: "removed-handler-marker")
    runtimeWarn("removed-handler-marker 2")
    #expect(received.withLock { $0.map(\.message) } == ["removed-handler-marker 1"])
    #expect(received.withLock { $0.first?.fileID } == "ReducerKitTests/RuntimeWarningTests.swift")
    #expect(recorder.messages == ["removed-handler-marker 2"])
  }
}
