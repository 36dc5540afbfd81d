import Foundation
import Testing

@testable import ReducerKit

@Suite struct EffectIDTests {
  enum Tag: Hashable, Sendable { case timer }

  @Test func idsOfDifferentTypesDiffer() {
    #expect(EffectID(1) != EffectID("1"))
    #expect(EffectID(Tag.timer) == EffectID(Tag.timer))
    #expect(EffectID("timer").description == "timer")
  }

  @Test func keysAreScopedByPath() {
    let child = ScopeComponent(id: EffectID("child"), hasLifetime: false)
    let root = EffectKey(path: [], id: EffectID("timer"))
    let scoped = EffectKey(path: [child], id: EffectID("timer"))
    let lifetime = EffectKey(path: [child], id: nil)
    #expect(root != scoped)
    #expect(scoped != lifetime)
  }

  @Test func keyPathsIdentifyChildren() {
    struct State { var a = 0, b = 0 }
    #expect(EffectID(keyPath: \State.a) == EffectID(keyPath: \State.a))
    #expect(EffectID(keyPath: \State.a) != EffectID(keyPath: \State.b))
  }
}
