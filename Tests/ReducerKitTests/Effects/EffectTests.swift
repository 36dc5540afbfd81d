import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct EffectTests {

  @Test func aStoreRunsAMergeOfCancellablesAndCancelsEachByItsID() async {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        if action < 0 { return .cancel(id: -action) }
        state.append(action)
        guard action == 0 else { return .none }
        return .merge(
          (1...3).map { id in
            Effect<Int>.run { _ in try await Task.never() }.cancellable(id: id)
          } + [.send(4).cancellable(id: 4, cancelInFlight: true)])
      }
    }
    let task = store.send(0)
    #expect(store.withState { $0 } == [0, 4])
    #expect(store.core.registry.count == 3)
    store.send(-2)
    let cancelled = await poll { store.core.registry.count == 2 }
    #expect(cancelled)
    task.cancel()
    await task.finish()
    #expect(store.core.registry.count == 0)
  }

  @Test func aRunReadsBackWithItsPriorityAndRunsWhenMadeAgainFromItsOperation() async {
    let effect = Effect<Int>.run(priority: .high) { send in await send(1) }
    guard case .run(let run) = effect.operation else {
      Issue.record("expected a run, got \(effect.operation)")
      return
    }
    #expect(run.priority == .high)
    let remade = Effect<Int>(operation: effect.operation)
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        return action == 0 ? remade : .none
      }
    }
    await store.send(0).finish()
    #expect(store.state == [0, 1])
  }

  @Test func concatenatedEffectsRunOneAfterTheOther() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        guard action == "start" else { return .none }
        return .concatenate(
          .run { send in
            try await Task.sleep(for: .milliseconds(20))
            await send("first")
          },
          .send("second"),
          .run { send in await send("third") }
        )
      }
    }
    await store.send("start").finish()
    #expect(store.state == ["start", "first", "second", "third"])
  }

  @Test func aCancelledConcatenationStopsBeforeItsNextPart() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "start":
          return .concatenate(
            .run { _ in try await Task.sleep(for: .seconds(60)) },
            .send("never")
          )
          .cancellable(id: "sequence")
        case "stop":
          return .cancel(id: "sequence")
        default:
          return .none
        }
      }
    }
    let task = store.send("start")
    store.send("stop")
    await task.finish()
    #expect(store.state == ["start", "stop"])
  }

  @Test func runOverAnAsyncSequenceSendsEachElement() async {
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
        return .run(stream)
      }
    }
    await store.send(0).finish()
    #expect(store.state == [0, 1, 2, 3])
  }

  @Test func anErrorThrownByASequenceIsReported() async {
    struct SequenceEffectTestFailure: Error {}
    let recorder = WarningRecorder(matching: "SequenceEffectTestFailure")
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: SequenceEffectTestFailure())
        return .run(stream)
      }
    }
    await store.send(0).finish()
    #expect(store.state == [0, 1])
    #expect(recorder.messages.count == 1)
  }

  @Test func aCancelledEffectEndingWithCancellationErrorIsNotReported() async {
    let recorder = WarningRecorder(matching: "CancellationError")
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { _ in try await Task.sleep(for: .seconds(60)) }
      }
    }
    let task = store.send(1)
    task.cancel()
    await task.finish()
    #expect(recorder.messages.isEmpty)
  }
}
