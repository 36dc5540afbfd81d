import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreOfTests {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Test func namesTheStoreOfAFeature() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    #expect(store.state.count == 1)
    #expect(type(of: store) == Store<Counter.State, Counter.Action>.self)
  }
}
