import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct TaskCancellationTests {
  /// A feature with a long wait under the id "wait", and ways to cancel it from inside effects.
  struct Waiter: Reducer {
    enum Action: Equatable {
      case startWait
      case startWrappedWait(cancelInFlight: Bool)
      case cancelFromAnEffect
      case cancelFromTheReducer
      case finished(String)
    }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout [String], action: Action) -> Effect<Action> {
      switch action {
      case .startWait:
        return .run { send in
          try await clock.sleep(for: .seconds(10))
          await send(.finished("wait"))
        }
        .cancellable(id: "wait")
      case .startWrappedWait(let cancelInFlight):
        return .run { send in
          let result = await withTaskCancellation(id: "wait", cancelInFlight: cancelInFlight) {
            do {
              try await clock.sleep(for: .seconds(10))
              return "slept"
            } catch {
              return "cancelled"
            }
          }
          await send(.finished(result))
        }
      case .cancelFromAnEffect:
        return .run { _ in Task.cancel(id: "wait") }
      case .cancelFromTheReducer:
        return .cancel(id: "wait")
      case .finished(let value):
        state.append(value)
        return .none
      }
    }
  }

  func makeStore(clock: TestClock) -> TestStore<[String], Waiter.Action> {
    TestStore(initialState: []) {
      Waiter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func taskCancelInsideAnEffectCancelsTheFeaturesEffectsWithThatID() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let wait = await store.send(.startWait)
    await store.send(.cancelFromAnEffect)
    await clock.advance(by: .seconds(10))
    #expect(wait.isCancelled)
    await store.finish()
  }

  @Test func theReducersCancelReachesWorkInWithTaskCancellation() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startWrappedWait(cancelInFlight: false))
    await store.send(.cancelFromTheReducer)
    await store.receive(.finished("cancelled")) { $0 = ["cancelled"] }
    await store.finish()
  }

  @Test func cancelInFlightCancelsTheEarlierWork() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startWrappedWait(cancelInFlight: false))
    await store.send(.startWrappedWait(cancelInFlight: true))
    await store.receive(.finished("cancelled")) { $0 = ["cancelled"] }
    await clock.advance(by: .seconds(10))
    await store.receive(.finished("slept")) { $0 = ["cancelled", "slept"] }
    await store.finish()
  }

  @Test func taskCancelFromAnEffectReachesWithTaskCancellation() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startWrappedWait(cancelInFlight: false))
    await store.send(.cancelFromAnEffect)
    await store.receive(.finished("cancelled")) { $0 = ["cancelled"] }
    await store.finish()
  }

  @Test func idsUsedInsideAChildAreTheChilds() async {
    struct Parent: Reducer {
      struct State: Equatable { var child: [String] = [] }
      enum Action: Equatable {
        case child(Waiter.Action)
        case cancelFromAnEffect
      }
      var body: some ReducerOf<Self> {
        Scope(state: \.child, action: Action.child) { Waiter() }
        Reduce { _, action in
          action == .cancelFromAnEffect ? .run { _ in Task.cancel(id: "wait") } : .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.startWait))
    // The parent's "wait" is not the child's.
    await store.send(.cancelFromAnEffect)
    await clock.advance(by: .seconds(10))
    await store.receive(.child(.finished("wait"))) { $0.child = ["wait"] }
    // The child's own effect reaches it.
    await store.send(.child(.startWait))
    await store.send(.child(.cancelFromAnEffect))
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func outsideEffectsIDsShareOneScope() async {
    let id = UUID()
    let started = AsyncStream<Void>.makeStream()
    let work = Task {
      await withTaskCancellation(id: id) {
        started.continuation.yield()
        do {
          try await Task.never()
        } catch {
          return "cancelled"
        }
      }
    }
    for await _ in started.stream { break }
    Task.cancel(id: id)
    #expect(await work.value == "cancelled")
  }

  @Test func cancellingTheCallerCancelsTheOperation() async {
    let started = AsyncStream<Void>.makeStream()
    let work = Task {
      await withTaskCancellation(id: UUID()) {
        started.continuation.yield()
        return await Task.isCancelledAfterNever()
      }
    }
    for await _ in started.stream { break }
    work.cancel()
    #expect(await work.value)
  }

  @Test func errorsOfTheOperationAreRethrown() async {
    struct Failure: Error, Equatable {}
    await #expect(throws: Failure.self) {
      try await withTaskCancellation(id: UUID()) { () async throws(Failure) -> Int in
        throw Failure()
      }
    }
    let value = await withTaskCancellation(id: UUID()) { 42 }
    #expect(value == 42)
  }
}

extension Task where Success == Never, Failure == Never {
  /// Waits until cancelled; `true` then.
  fileprivate static func isCancelledAfterNever() async -> Bool {
    _ = try? await never()
    return Task<Never, Never>.isCancelled
  }
}
