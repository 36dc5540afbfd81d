import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct EffectTests {
  @Test func noneMergedWithAnEffectIsThatEffect() {
    let effect = Effect<Int>.none.merge(with: .send(1))
    guard case .send(1) = effect.operation else {
      Issue.record("expected .send(1), got \(effect.operation)")
      return
    }
  }

  @Test func mergesFlatten() {
    let effect = Effect<Int>.merge(.send(1), .merge(.send(2), .send(3)), .none)
    guard case .merge(let effects) = effect.operation else {
      Issue.record("expected a merge")
      return
    }
    #expect(effects.count == 3)
  }

  @Test func mergesOfOtherSequencesFlattenAndKeepConcatenationsWhole() {
    // Not an array (the generic path), with a concatenation inside that must stay one part.
    let parts: some Sequence<Effect<Int>> = [
      Effect<Int>.merge(.send(1), .send(2)), .concatenate(.send(3), .send(4)), .none,
    ].lazy.map { $0 }
    guard case .merge(let effects) = Effect<Int>.merge(parts).operation else {
      Issue.record("expected a merge")
      return
    }
    #expect(effects.count == 3)
    guard case .concatenate(let inner) = effects[2].operation else {
      Issue.record("expected the concatenation as the last part, got \(effects[2].operation)")
      return
    }
    #expect(inner.count == 2)
  }

  @Test func concatenationsOfArraysFlattenAndKeepMergesWhole() {
    let effect = Effect<Int>.concatenate([
      .merge(.send(1), .send(2)), .concatenate(.send(3), .send(4)),
    ])
    guard case .concatenate(let effects) = effect.operation else {
      Issue.record("expected a concatenation")
      return
    }
    #expect(effects.count == 3)
    guard case .merge = effects[0].operation else {
      Issue.record("expected the merge as the first part, got \(effects[0].operation)")
      return
    }
  }

  @Test func concatenationsFlatten() {
    let effect = Effect<Int>.concatenate(.send(1), .concatenate(.send(2), .send(3)))
    guard case .concatenate(let effects) = effect.operation else {
      Issue.record("expected a concatenation")
      return
    }
    #expect(effects.count == 3)
  }

  // MARK: The storage of merges and cancellables (issue 13)

  @Test func aCancellableReadsBackWithItsEffectIdAndCancelInFlight() {
    let effect = Effect<Int>.send(1).cancellable(id: "load", cancelInFlight: true)
    guard case .cancellable(let inner, let id, let cancelInFlight) = effect.operation else {
      Issue.record("expected a cancellable, got \(effect.operation)")
      return
    }
    guard case .send(1) = inner.operation else {
      Issue.record("expected .send(1) inside, got \(inner.operation)")
      return
    }
    #expect(id == EffectID("load"))
    #expect(cancelInFlight)
  }

  @Test func aCancellableOfNoneMadeFromItsOperationStaysACancellable() {
    // Only `cancellable(id:)` folds `.none` away; an operation built directly keeps its case.
    let effect = Effect<Int>(
      operation: .cancellable(.none, id: EffectID(7), cancelInFlight: false))
    guard case .cancellable(let inner, let id, false) = effect.operation else {
      Issue.record("expected a cancellable, got \(effect.operation)")
      return
    }
    #expect(inner.isNone)
    #expect(id == EffectID(7))
  }

  @Test func aMergeMadeFromItsOperationDropsNoneParts() {
    let effect = Effect<Int>(operation: .merge([.send(1), .none, .send(2)]))
    guard case .merge(let parts) = effect.operation else {
      Issue.record("expected a merge, got \(effect.operation)")
      return
    }
    #expect(parts.count == 2)
    guard case .send(2) = parts[1].operation else {
      Issue.record("expected .send(2) last, got \(parts[1].operation)")
      return
    }
  }

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

  @Test func synchronousEffectsAreRecognised() {
    #expect(Effect<Int>.merge(.send(1), .cancel(id: 1)).isSynchronous)
    #expect(!Effect<Int>.merge(.send(1), .run { _ in }).isSynchronous)
  }

  @Test func mapTransformsSentActions() {
    let effect = Effect<Int>.send(1).map { "\($0)" }
    guard case .send("1") = effect.operation else {
      Issue.record("expected .send(\"1\")")
      return
    }
  }

  /// The shape of an effect's tree: what ``Effect/map(_:)`` and ``Effect/wrappingRuns(_:)``
  /// (the one walk that rewrites a tree) must keep.
  func shape<Action>(_ effect: Effect<Action>) -> String {
    switch effect.operation {
    case .none: "none"
    case .send(let action): "send(\(action))"
    case .run: "run"
    case .merge(let parts): "merge(\(parts.map(shape).joined(separator: ", ")))"
    case .concatenate(let parts): "concatenate(\(parts.map(shape).joined(separator: ", ")))"
    case .cancellable(let inner, let id, let cancelInFlight):
      "cancellable(\(shape(inner)), \(id), \(cancelInFlight))"
    case .cancel(let id): "cancel(\(id))"
    case .scoped(let inner, _, _): "scoped(\(shape(inner)))"
    case .throttle(let inner, let id, _): "throttle(\(shape(inner)), \(id))"
    case .throttleFire(let id, _): "throttleFire(\(id))"
    }
  }

  @Test func theRewritingWalkKeepsTheTreeAndWrapsEachRunOnce() {
    let tree = Effect<Int>.merge(
      .send(1),
      .concatenate(.run { _ in }, .cancel(id: "a")),
      Effect<Int>.run { _ in }.cancellable(id: "b", cancelInFlight: true),
      Effect<Int>.run { _ in }.throttle(
        id: "c", for: .seconds(1), clock: ContinuousClock(), latest: false)
    )
    let mapped = tree.map { "\($0)" }
    #expect(shape(mapped) == shape(tree))
    var wrapped = 0
    let rewritten = tree.wrappingRuns { body in
      wrapped += 1
      return body
    }
    #expect(shape(rewritten) == shape(tree))
    #expect(wrapped == 3)
  }

  @Test func mapTransformsActionsSentByRunEffects() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "start"
          ? Effect<Int>.run { send in await send(7) }.map { "got \($0)" } : .none
      }
    }
    await store.send("start").finish()
    #expect(store.state == ["start", "got 7"])
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
