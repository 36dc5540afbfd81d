import Foundation
import Testing

@testable import ReducerKit

@Suite struct ReducerTests {
  struct WithBody: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Test func aReducerImplementingReduceRunsIt() {
    var state = Counter.State()
    _ = Counter().reduce(into: &state, action: .increment)
    #expect(state.count == 1)
  }

  @Test func aReducerWithABodyRunsItsBody() {
    var state = WithBody.State()
    _ = WithBody().reduce(into: &state, action: .increment)
    _ = WithBody().reduce(into: &state, action: .increment)
    #expect(state.count == 2)
  }

  @Test func reducerOfNamesTheStateAndActionOfAFeature() {
    let reducer: any ReducerOf<Counter> = Counter()
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .set(3))
    #expect(state.count == 3)
  }

  @Test func reduceWithAnEvaluatedBodyRunsThatBody() {
    // What composition calls with a body it evaluated once: the body, not a new evaluation.
    let body = ReducerBody<WithBody>(WithBody().body)
    var state = WithBody.State()
    _ = WithBody._reduce(body: body, into: &state, action: .increment)
    _ = WithBody._reduce(body: body, into: &state, action: .increment)
    #expect(state.count == 2)
  }

  @Test func aReduceOnlyReducerHasNeverAsItsBody() {
    #expect(Counter.Body.self == Never.self)
  }
}
