import Testing

@testable import ReducerKit

@MainActor
@Suite struct DependencyValuesTests {
  @Test func aStoreAcceptsDependencyOverrides() {
    var prepared = false
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: { _ in
      prepared = true
    }
    store.send(.increment)
    #expect(prepared)
    #expect(store.count == 1)
  }
}
