import Foundation
import Testing

@testable import ReducerKit

@Suite struct AnyResolvedReducerTests {
  final class Evaluations: @unchecked Sendable { var count = 0 }

  struct Outer: Reducer {
    let evaluations: Evaluations
    var body: some Reducer<Int, Int> {
      let _ = evaluations.count += 1
      Inner(evaluations: evaluations)
    }
  }

  struct Inner: Reducer {
    let evaluations: Evaluations
    var body: some Reducer<Int, Int> {
      let _ = evaluations.count += 1
      Reduce { state, action in
        state += action
        return .none
      }
    }
  }

  @Test func evaluatesNestedBodiesOnce() {
    let evaluations = Evaluations()
    let resolved = AnyResolvedReducer(Outer(evaluations: evaluations))
    #expect(evaluations.count == 2)
    var state = 0
    for _ in 0..<5 { _ = resolved.reduce(&state, 1) }
    #expect(state == 5)
    #expect(evaluations.count == 2)
  }

  @Test func keepsAReduceOnlyReducerAsIs() {
    let resolved = AnyResolvedReducer(Counter())
    var state = Counter.State()
    _ = resolved.reduce(&state, .increment)
    #expect(state.count == 1)
  }
}
