import Foundation
import Testing

@testable import ReducerKit

/// A started `.run` as its task runs it: under what the effect inherits, its errors reported.
@MainActor
@Suite struct RunningEffectTests {
  @Test func itsWorkRunsUnderTheDependenciesItsEffectInherits() async {
    struct Stamp: Reducer {
      func reduce(into state: inout [Date], action: Date?) -> Effect<Date?> {
        // Read in the task, when it runs: what the task inherits, not what the reducer saw.
        guard let action else {
          return .run { send in await send(DependencyValues.current.date.now) }
        }
        state.append(action)
        return .none
      }
    }
    let stamp = Date(timeIntervalSince1970: 42)
    let store = Store(initialState: [Date]()) {
      Stamp().dependency(\.date, DateGenerator { stamp })
    }
    await store.send(Date?.none).finish()
    #expect(store.state == [stamp])
  }

  @Test func anErrorItsWorkDoesNotHandleIsReportedWithTheActionThatStartedIt() async {
    struct Failure: Error {}
    let recorder = WarningRecorder(matching: "running-effect-failure-marker")
    let store = Store(initialState: 0) {
      Reduce<Int, String> { _, _ in .run { _ in throw Failure() } }
    }
    await store.send("running-effect-failure-marker").finish()
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("threw an error that no 'catch' handler") == true)
  }
}
