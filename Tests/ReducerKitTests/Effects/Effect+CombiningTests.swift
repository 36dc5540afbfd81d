import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct EffectCombiningTests {
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
}
