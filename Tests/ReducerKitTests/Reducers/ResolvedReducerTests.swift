import Foundation
import Testing

@testable import ReducerKit

/// `ResolvedReducer` runs a child two ways: directly (its body's `_reduce`, or its own `reduce`) in
/// code compiled for concrete types, and through a closure resolved at init in generic code.
/// A debug build runs every generic method unspecialized, so `swift test` checks the closure
/// route; `swift test -c release` (a CI stage) specializes the concrete calls below and checks
/// the direct route. `runGenerically` is never optimized, so it takes the closure route in both.
@Suite struct ResolvedReducerTests {
  final class Evaluations: @unchecked Sendable { var count = 0 }

  /// A feature with a body that counts its evaluations.
  struct Tally: Reducer {
    struct State: Equatable { var total = 0 }
    enum Action: Equatable { case add(Int) }

    let evaluations: Evaluations

    var body: some ReducerOf<Self> {
      let _ = evaluations.count += 1
      Reduce { state, action in
        switch action {
        case .add(let amount): state.total += amount
        }
        return .none
      }
    }
  }

  /// Two levels of features with bodies, each scoping the one below.
  struct Outer: Reducer {
    struct State: Equatable { var tally = Tally.State() }
    enum Action: Equatable { case tally(Tally.Action) }

    let evaluations: Evaluations

    var body: some ReducerOf<Self> {
      let _ = evaluations.count += 1
      Scope(state: \.tally, action: Action.tally) { Tally(evaluations: evaluations) }
    }
  }

  /// Runs `child` from code that is never specialized: the closure route.
  @_optimize(none)
  func runGenerically<R: Reducer>(
    _ child: ResolvedReducer<R>, _ state: inout R.State, _ action: R.Action
  ) -> Effect<R.Action> {
    child.reduce(into: &state, action: action)
  }

  @Test func evaluatesTheBodyOnceAndRunsItOnEveryRoute() {
    let evaluations = Evaluations()
    let child = ResolvedReducer(Outer(evaluations: evaluations))
    // Outer's body once (into the box), which builds Tally's once (in its Scope's child).
    #expect(evaluations.count == 2)
    var state = Outer.State()
    for _ in 0..<3 { _ = child.reduce(into: &state, action: .tally(.add(2))) }
    for _ in 0..<2 { _ = runGenerically(child, &state, .tally(.add(10))) }
    #expect(state.tally.total == 26)
    #expect(evaluations.count == 2)
  }

  /// A feature whose body is another feature with a body, and one whose body is an `if/else`
  /// of features: each body is evaluated once, however the child is run.
  struct Wrapper: Reducer {
    let evaluations: Evaluations
    var body: some ReducerOf<Tally> {
      let _ = evaluations.count += 1
      Tally(evaluations: evaluations)
    }
  }

  struct Either: Reducer {
    let useTally: Bool
    let evaluations: Evaluations
    var body: some ReducerOf<Tally> {
      let _ = evaluations.count += 1
      if useTally {
        Tally(evaluations: evaluations)
      } else {
        Wrapper(evaluations: evaluations)
      }
    }
  }

  @Test func aBodyThatIsAnotherFeatureIsEvaluatedOnce() {
    let evaluations = Evaluations()
    let child = ResolvedReducer(Wrapper(evaluations: evaluations))
    #expect(evaluations.count == 2)
    var state = Tally.State()
    for _ in 0..<3 { _ = child.reduce(into: &state, action: .add(1)) }
    for _ in 0..<3 { _ = runGenerically(child, &state, .add(1)) }
    #expect(state.total == 6)
    #expect(evaluations.count == 2)
  }

  @Test func eachBranchOfAConditionalBodyIsEvaluatedOnce() {
    for useTally in [true, false] {
      let evaluations = Evaluations()
      let child = ResolvedReducer(Either(useTally: useTally, evaluations: evaluations))
      let afterInit = evaluations.count
      #expect(afterInit == (useTally ? 2 : 3))
      var state = Tally.State()
      for _ in 0..<3 { _ = child.reduce(into: &state, action: .add(2)) }
      for _ in 0..<3 { _ = runGenerically(child, &state, .add(2)) }
      #expect(state.total == 12)
      #expect(evaluations.count == afterInit)
    }
  }

  @Test func aReducerWithoutABodyRunsItsOwnReduce() {
    let child = ResolvedReducer(Counter())
    #expect(child.body.runner == nil)  // no body object: its own reduce, resolved
    var state = Counter.State()
    _ = child.reduce(into: &state, action: .increment)
    _ = runGenerically(child, &state, .set(7))
    _ = child.reduce(into: &state, action: .increment)
    #expect(state.count == 8)
  }

  /// A feature with a body whose action starts an effect, scoped in a parent.
  struct Echo: Reducer {
    enum Action: Equatable { case start, done }
    var body: some Reducer<Int, Action> {
      Reduce { state, action in
        switch action {
        case .start: return .send(.done)
        case .done:
          state += 1
          return .none
        }
      }
    }
  }

  @MainActor
  @Test func aChildsEffectComesBackThroughItsScope() async {
    enum ParentAction: Equatable { case echo(Echo.Action) }
    let store = Store(initialState: 0) {
      Scope(state: \Int.self, action: ParentAction.echo) { Echo() }
    }
    await store.send(.echo(.start)).finish()
    #expect(store.state == 1)
    let child = ResolvedReducer(Echo())
    var state = 0
    #expect(!child.reduce(into: &state, action: .start).isNone)
    #expect(!runGenerically(child, &state, .start).isNone)
    #expect(runGenerically(child, &state, .done).isNone)
    #expect(state == 1)
  }

  @Test func theBodyIsReleasedWithTheChild() {
    final class Resource: Sendable {}
    struct Holding: Reducer {
      let resource: Resource
      var body: some Reducer<Int, Int> {
        let resource = resource
        Reduce { state, _ in
          withExtendedLifetime(resource) { state += 1 }
          return .none
        }
      }
    }
    weak var released: Resource?
    do {
      let resource = Resource()
      released = resource
      var child: ResolvedReducer<Holding>? = ResolvedReducer(Holding(resource: resource))
      var state = 0
      _ = child?.reduce(into: &state, action: 0)
      #expect(state == 1)
      child = nil
    }
    #expect(released == nil)
  }
}
