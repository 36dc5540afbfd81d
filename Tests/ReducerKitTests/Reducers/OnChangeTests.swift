import Foundation
import Testing

@testable import ReducerKit

@Suite struct OnChangeTests {
  struct State: Equatable {
    var count = 0
    var changes: [String] = []
  }

  let reducer = Reduce<State, Int> { state, action in
    state.count = action
    return .none
  }
  .onChange(of: \.count) { oldValue, newValue in
    Reduce { state, _ in
      state.changes.append("\(oldValue) -> \(newValue)")
      return .none
    }
  }

  @Test func runsWhenTheValueChanged() {
    var state = State()
    _ = reducer.reduce(into: &state, action: 3)
    #expect(state.changes == ["0 -> 3"])
  }

  @Test func doesNotRunWhenTheValueStayedTheSame() {
    var state = State(count: 3)
    _ = reducer.reduce(into: &state, action: 3)
    #expect(state.changes.isEmpty)
  }

  @Test func acceptsAnyFunctionOfTheState() {
    let parity = Reduce<State, Int> { state, action in
      state.count = action
      return .none
    }
    .onChange(of: { $0.count % 2 }) { _, newValue in
      Reduce { state, _ in
        state.changes.append("parity \(newValue)")
        return .none
      }
    }
    var state = State()
    _ = parity.reduce(into: &state, action: 2)
    _ = parity.reduce(into: &state, action: 3)
    #expect(state.changes == ["parity 1"])
  }
}
