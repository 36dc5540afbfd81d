import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ScopedStoreCoreTests {
  struct Parent: Reducer {
    struct State { var counter = Counter.State() }
    enum Action { case counter(Counter.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
    }
  }

  @Test func readsAndSendsThroughTheParent() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    let core = ScopedStoreCore(
      parent: parent, toState: { $0.counter }, fromAction: Parent.Action.counter)
    _ = core.send(.increment, group: nil)
    #expect(core.state.count == 1)
    #expect(parent.state.counter.count == 1)
    #expect(core.registry === parent.core.registry)
  }

  @Test func aChildStoreKeepsItsParentAlive() {
    var parent: Store<Parent.State, Parent.Action>? = Store(initialState: Parent.State()) {
      Parent()
    }
    let child = parent!.scope(state: \.counter, action: Parent.Action.counter)
    weak let weakParent = parent
    parent = nil
    #expect(weakParent != nil)
    child.send(.increment)
    #expect(child.count == 1)
  }
}
