import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct EffectTransformingTests {
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

  /// The shape of an effect's tree: what ``Effect/map(_:)`` (the one walk that rewrites a tree)
  /// must keep.
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
    case .inheriting(let inner, let inheritance):
      "inheriting(\(shape(inner)), dependencies: \(inheritance.dependencies != nil), "
        + "dismiss: \(inheritance.dismiss != nil))"
    }
  }

  @Test func mapKeepsTheTree() {
    let tree = Effect<Int>.merge(
      .send(1),
      .concatenate(.run { _ in }, .cancel(id: "a")),
      Effect<Int>.run { _ in }.cancellable(id: "b", cancelInFlight: true),
      Effect<Int>.run { _ in }.throttle(
        id: "c", for: .seconds(1), clock: ContinuousClock(), latest: false),
      Effect<Int>.run { _ in }.withDismiss { _ in }
    )
    let mapped = tree.map { "\($0)" }
    #expect(shape(mapped) == shape(tree))
  }

  @Test func dependenciesAndDismissalWrapTheTreeOnceInsteadOfEveryRun() {
    let tree = Effect<Int>.merge(.run { _ in }, .run { _ in })
    #expect(
      shape(tree.withDependencies(DependencyValues()).withDismiss { _ in })
        == "inheriting(inheriting(merge(run, run), dependencies: true, dismiss: false), "
        + "dependencies: false, dismiss: true)")
    // Nothing to inherit for no work.
    #expect(shape(Effect<Int>.none.withDependencies(DependencyValues())) == "none")
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
}
