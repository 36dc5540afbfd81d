import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreCoreTests {
  @Test func rootAndScopedCoresShareOneRegistry() {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }
    let store = Store(initialState: State()) {
      Scope(state: \State.counter, action: Action.counter) { Counter() }
    }
    let child = store.scope(state: \.counter, action: Action.counter)
    let grandchild = child.scope(state: \.count, action: Counter.Action.set)
    #expect(child.core.registry === store.core.registry)
    #expect(grandchild.core.registry === store.core.registry)
    #expect(grandchild.core.isValid)
    grandchild.send(4)
    #expect(store.state.counter.count == 4)
  }

  @Test func onlyTheRootStoresCoreIsTheRoot() {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }
    let store = Store(initialState: State()) {
      Scope(state: \State.counter, action: Action.counter) { Counter() }
    }
    let child = store.scope(state: \.counter, action: Action.counter)
    let grandchild = child.scope(state: \.count, action: Counter.Action.set)
    #expect(store.core.isRoot)
    #expect(store.core is StoreRuntime<State, Action>)
    #expect(!child.core.isRoot)
    #expect(!grandchild.core.isRoot)
  }
}
