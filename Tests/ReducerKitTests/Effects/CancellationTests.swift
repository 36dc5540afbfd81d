import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct CancellationTests {
  enum Action: Equatable { case start(String), stop(String), finished(String) }

  func makeStore(cancelInFlight: Bool = false) -> Store<[String], Action> {
    Store(initialState: [String]()) {
      Reduce<[String], Action> { state, action in
        switch action {
        case .start(let id):
          return .run { send in
            try await Task.sleep(for: .seconds(60))
            await send(.finished(id))
          }
          .cancellable(id: id, cancelInFlight: cancelInFlight)
        case .stop(let id):
          return .cancel(id: id)
        case .finished(let id):
          state.append(id)
          return .none
        }
      }
    }
  }

  @Test func cancelStopsOnlyTheEffectsUnderThatID() async {
    let store = makeStore()
    let a = store.send(.start("a"))
    let b = store.send(.start("b"))
    store.send(.stop("a"))
    #expect(a.isCancelled)
    #expect(!b.isCancelled)
    b.cancel()
    await a.finish()
    await b.finish()
    #expect(store.state.isEmpty)
  }

  @Test func withoutCancelInFlightBothEffectsRun() {
    let store = makeStore()
    let first = store.send(.start("a"))
    let second = store.send(.start("a"))
    #expect(!first.isCancelled)
    #expect(!second.isCancelled)
    store.send(.stop("a"))
    #expect(first.isCancelled)
    #expect(second.isCancelled)
  }

  @Test func cancelInFlightOnANoneEffectStillCancels() {
    let effect = Effect<Int>.none.cancellable(id: "x", cancelInFlight: true)
    guard case .cancel = effect.operation else {
      Issue.record("expected .cancel")
      return
    }
    let plain = Effect<Int>.none.cancellable(id: "x")
    guard case .none = plain.operation else {
      Issue.record("expected .none")
      return
    }
  }
}
