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
}
