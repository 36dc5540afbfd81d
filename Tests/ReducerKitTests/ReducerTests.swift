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

  final class Evaluations: @unchecked Sendable { var count = 0 }

  struct CountedBody: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case increment }
    let evaluations: Evaluations
    var body: some ReducerOf<Self> {
      let _ = evaluations.count += 1
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Test func aBodyIsMadeOnceAndRunWithoutBeingEvaluatedAgain() throws {
    // What composition does with a child feature's body: made once, then run per action.
    let evaluations = Evaluations()
    let feature = CountedBody(evaluations: evaluations)
    let body = try #require(CountedBody._makeBody(of: feature))
    #expect(evaluations.count == 1)
    var state = CountedBody.State()
    _ = CountedBody._reduce(body: body, into: &state, action: .increment)
    _ = CountedBody._reduce(body: body, into: &state, action: .increment)
    #expect(state.count == 2)
    #expect(evaluations.count == 1)
  }

  /// A reducer whose `body` is not a reducer (a stored property that happens to be named so):
  /// it runs its own `reduce(into:action:)`, as it always did.
  struct UnrelatedBody: Reducer {
    let body = 7
    func reduce(into state: inout Int, action: Int) -> Effect<Int> {
      state += action * body
      return .none
    }
  }

  @MainActor
  @Test func aReducerWhoseBodyIsNotAReducerRunsItsOwnReduce() {
    #expect(UnrelatedBody._makeBody(of: UnrelatedBody()) == nil)
    #expect(Counter._makeBody(of: Counter()) == nil)
    let store = Store(initialState: 0) { UnrelatedBody() }
    store.send(2)
    #expect(store.state == 14)
  }

  @Test func aReduceOnlyReducerHasNeverAsItsBody() {
    #expect(Counter.Body.self == Never.self)
  }
}
