import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreScopeTests {
  @Test func scopedStoresAreCachedAndStayInSync() {
    struct Parent: Reducer {
      struct State { var counter = Counter.State() }
      enum Action { case counter(Counter.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.counter, action: Action.counter) { Counter() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: Parent.Action.counter)
    #expect(child === store.scope(state: \.counter, action: Parent.Action.counter))
    child.send(.increment)
    #expect(child.count == 1)
    #expect(store.state.counter.count == 1)
    store.send(.counter(.set(5)))
    #expect(child.count == 5)
    let viaCasePath = store.scope(state: \.counter, action: CasePath(Parent.Action.counter))
    #expect(viaCasePath === child)
  }

  struct Reloading: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Counter.State.Row> = []
      var child = Counter.State()
    }
    enum Action {
      case reload(first: Int, count: Int)
      case rows(IdentifiedAction<Int, Counter.Action>)
      case child(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .reload(let first, let count) = action {
          state.rows = IdentifiedArray(
            uniqueElements: (first..<first + count).map { Counter.State.Row(id: $0) })
        }
        return .none
      }
    }
  }

  @Test func theScopeCacheForgetsTheRowsOfAListThatReloads() {
    let store = Store(initialState: Reloading.State()) { Reloading() }
    // 100 reloads of 100 short-lived rows each, every one with new ids.
    for round in 0..<100 {
      store.send(.reload(first: round * 100, count: 100))
      #expect(store.scope(state: \.rows, action: Reloading.Action.rows).count == 100)
    }
    #expect(store.cachedChildCount == 0)
    let live = store.scope(state: \.rows, action: Reloading.Action.rows)
    #expect(store.cachedChildCount == 100)
    // The live rows are still the cached ones.
    let again = store.scope(state: \.rows, action: Reloading.Action.rows)
    #expect(zip(live, again).allSatisfy { $0 === $1 })
  }

  @Test func theScopeCacheForgetsAReleasedChildStore() {
    let store = Store(initialState: Reloading.State()) { Reloading() }
    weak var released: Store<Counter.State, Counter.Action>?
    do {
      let child = store.scope(state: \.child, action: Reloading.Action.child)
      released = child
      #expect(store.cachedChildCount == 1)
    }
    #expect(released == nil)
    #expect(store.cachedChildCount == 0)
  }
}

extension Counter.State {
  /// A counter in a list.
  struct Row: Equatable, Identifiable {
    let id: Int
    var counter = Counter.State()
  }
}
