import Foundation
import Testing

@testable import ReducerKit

@MainActor
/// How an effect is stored: merges and cancellables read back from their boxes (issue 13).
@Suite struct EffectBoxTests {
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
}
