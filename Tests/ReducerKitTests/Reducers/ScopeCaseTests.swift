import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite("Scope on an enum case")
struct ScopeCaseTests {
  struct Screen: Reducer {
    enum State: Equatable {
      case timer(TimerChild.State)
      case other(TimerChild.State)
      case empty
    }
    enum Action: Equatable {
      case timer(TimerChild.Action)
      case other(TimerChild.Action)
      case show(State)
    }

    var body: some ReducerOf<Self> {
      Scope(state: State.timer, action: Action.timer) { TimerChild() }
      Scope(state: CasePath(State.other), action: CasePath(Action.other)) { TimerChild() }
      Reduce { state, action in
        if case .show(let next) = action { state = next }
        return .none
      }
    }
  }

  @Test("runs the child while the state is in its case and puts the new state back")
  func runsInCase() async {
    let store = TestStore(initialState: Screen.State.timer(TimerChild.State(id: 1))) {
      Screen()
    }
    await store.send(.timer(.tick)) { $0 = .timer(TimerChild.State(id: 1, ticks: 1)) }
    await store.send(.show(.other(TimerChild.State(id: 2)))) {
      $0 = .other(TimerChild.State(id: 2))
    }
    await store.send(.other(.tick)) { $0 = .other(TimerChild.State(id: 2, ticks: 1)) }
    await store.finish()
  }

  @Test("an action for another case is a warning and changes nothing")
  func otherCaseWarns() async {
    let store = TestStore(initialState: Screen.State.empty) { Screen() }
    await withKnownIssue {
      await store.send(.timer(.tick))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("in another case") }
    }
    #expect(store.state == .empty)
  }

  @Test("the child's effects are mapped back, and cancelled when the state leaves the case")
  func effectsEndWithTheCase() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.State.timer(TimerChild.State(id: 1))) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.timer(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.tick)) { $0 = .timer(TimerChild.State(id: 1, ticks: 1)) }
    await store.send(.show(.empty)) { $0 = .empty }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test("another id in the same case cancels the effects of the first")
  func effectsEndWithTheInstance() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.State.timer(TimerChild.State(id: 1))) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.timer(.start))
    await store.send(.show(.timer(TimerChild.State(id: 2)))) {
      $0 = .timer(TimerChild.State(id: 2))
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}
