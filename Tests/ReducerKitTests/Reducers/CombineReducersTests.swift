import Foundation
import Testing

@testable import ReducerKit

@Suite struct CombineReducersTests {
  @Test func runsReducersInOrder() {
    let reducer = CombineReducers<[Int], Int> {
      Reduce { state, action in
        state.append(action)
        return .none
      }
      Reduce { state, action in
        state.append(action * 10)
        return .none
      }
    }
    var state: [Int] = []
    _ = reducer.reduce(into: &state, action: 1)
    #expect(state == [1, 10])
  }

  @Test func resolvesToItsBlock() {
    let reducer = CombineReducers<Int, Int> {
      Reduce { state, _ in
        state += 1
        return .none
      }
    }
    var state = 0
    _ = AnyResolvedReducer(reducer).reduce(&state, 0)
    #expect(state == 1)
  }
}
