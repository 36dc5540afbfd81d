import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreStatesTests {
  @Test func yieldsTheCurrentStateThenEachNewOne() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var counts: [Int] = []
    for await state in store.states {
      counts.append(state.count)
      if counts.count == 1 {
        store.send(.increment)
        store.send(.increment)
      }
      if counts.count == 3 { break }
    }
    #expect(counts == [0, 1, 2])
  }

  @Test func aScopedStoreYieldsItsPartOfTheState() async {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }
    let store = Store(initialState: State()) {
      Scope(state: \State.counter, action: Action.counter) { Counter() }
    }
    let child = store.scope(state: \.counter, action: Action.counter)
    var received: [Counter.State] = []
    for await state in child.states {
      received.append(state)
      if received.count == 1 { child.send(.set(3)) } else { break }
    }
    #expect(received == [Counter.State(count: 0), Counter.State(count: 3)])
  }

  @Test func endsWhenTheIteratingTaskIsCancelled() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let states = store.states
    let task = Task {
      var count = 0
      for await _ in states { count += 1 }
      return count
    }
    task.cancel()
    #expect(await task.value <= 1)
  }

  /// What a task iterating a sequence of states did so far.
  @MainActor
  final class Iteration {
    var received = 0
    var ended = false
  }

  /// Iterates `states` in a task, recording each state and the end.
  func iterate<State>(_ states: StoreStates<State>) -> (Iteration, Task<Void, Never>) {
    let iteration = Iteration()
    let task = Task { @MainActor in
      for await _ in states { iteration.received += 1 }
      iteration.ended = true
    }
    return (iteration, task)
  }

  /// Waits, with a bound, until `condition` holds; `false` when it did not in time.
  func eventually(within bound: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
    // A wide bound: under a sanitizer, with the whole suite sharing the main actor, the first
    // state can take seconds to arrive. The wait ends as soon as the condition holds.
    let clock = ContinuousClock()
    let deadline = clock.now + bound
    var attempt = 0
    while !condition() {
      guard clock.now < deadline else { return false }
      if attempt < 100 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
      attempt += 1
    }
    return true
  }

  @Test func endsWhenTheStoreIsReleased() async {
    var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State()) {
      Counter()
    }
    weak let released = store
    let (iteration, task) = iterate(store!.states)
    #expect(await eventually { iteration.received == 1 })
    store = nil
    #expect(released == nil)
    #expect(await eventually { iteration.ended })
    task.cancel()
  }

  @Test func endsWhenAScopedStoreIsReleasedWhileItsRootLives() async {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }
    let store = Store(initialState: State()) {
      Scope(state: \State.counter, action: Action.counter) { Counter() }
    }
    var child: Store<Counter.State, Counter.Action>? = store.scope(
      state: \.counter, action: Action.counter)
    weak let released = child
    let (iteration, task) = iterate(child!.states)
    #expect(await eventually { iteration.received == 1 })
    child = nil
    #expect(released == nil)
    #expect(await eventually { iteration.ended })
    // The root stops producing states for it.
    let root = (store.core as! StoreRuntime<State, Action>).observation
    #expect(await eventually { root.subscriberCount == 0 })
    task.cancel()
  }

  @Test func aScopedStoreWhoseStateWentAwayWaitsUntilItIsReleased() async {
    struct State { var counter: Counter.State? = Counter.State() }
    enum Action {
      case counter(Counter.Action)
      case dismiss
    }
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        if case .dismiss = action { state.counter = nil }
        return .none
      }
    }
    var child = store.scope(state: \.counter, action: Action.counter)
    let (iteration, task) = iterate(child!.states)
    #expect(await eventually { iteration.received == 1 })
    store.send(.dismiss)
    for _ in 0..<10 { await Task.yield() }
    #expect(!iteration.ended)
    #expect(iteration.received == 1)
    child = nil
    #expect(await eventually { iteration.ended })
    task.cancel()
  }
}
