import Foundation
import Testing

@testable import ReducerKit

@Suite struct ReduceTests {
  @Test func runsTheClosure() {
    let reducer = Reduce<Int, Int> { state, action in
      state += action
      return .none
    }
    var state = 1
    _ = reducer.reduce(into: &state, action: 2)
    #expect(state == 3)
  }

  @Test func returnsTheClosuresEffect() {
    let reducer = Reduce<Int, Int> { _, action in .send(action + 1) }
    var state = 0
    guard case .send(let next) = reducer.reduce(into: &state, action: 1).operation else {
      Issue.record("expected .send")
      return
    }
    #expect(next == 2)
  }

  @Test func erasesAnotherReducer() {
    let erased = Reduce(Counter())
    var state = Counter.State()
    _ = erased.reduce(into: &state, action: .increment)
    #expect(state.count == 1)
  }
}
