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

  @Test func equalIDsHashEquallyAndIntegersStayEqualAcrossTypes() {
    #expect(EffectID(7) == EffectID(7))
    #expect(EffectID(7).hashValue == EffectID(7).hashValue)
    #expect(EffectID(7) != EffectID(8))
    // As `AnyHashable` has it: integers of different types with one value are one id.
    #expect(EffectID(7) == EffectID(UInt8(7)))
    #expect(EffectID(7).hashValue == EffectID(UInt8(7)).hashValue)
  }

  @Test func equalKeysHashEqually() {
    let child = ScopeComponent(id: EffectID("child"), hasLifetime: true)
    let first = EffectKey(path: [child], id: EffectID(1))
    let second = EffectKey(
      path: [ScopeComponent(id: EffectID("child"), hasLifetime: true)], id: EffectID(1))
    #expect(first == second)
    #expect(first.hash == second.hash)
    #expect(first.hashValue == second.hashValue)
    #expect(first != EffectKey(path: [child], id: EffectID(2)))
  }

  @Test func aCopyOfAKeyIsEqualToItAndKeysMadeApartCompareByValue() {
    let key = EffectKey(path: [], id: EffectID("timer"))
    let copy = key
    #expect(copy == key)
    #expect(copy.path.isEmpty)
    #expect(copy.id == EffectID("timer"))
    // Made apart, with the same path and id: equal by their values, not their identity.
    #expect(EffectKey(path: [], id: EffectID("timer")) == key)
    #expect(EffectKey(path: [], id: nil) != key)
  }

  @Test func rootKeysOfEqualIdsHashEquallyAndDifferFromAChildsKey() {
    let child = ScopeComponent(id: EffectID("child"), hasLifetime: true)
    let root = EffectKey(path: [], id: EffectID(1))
    #expect(root == EffectKey(path: [], id: EffectID(1)))
    #expect(root.hash == EffectKey(path: [], id: EffectID(1)).hash)
    #expect(root != EffectKey(path: [], id: EffectID(2)))
    #expect(root != EffectKey(path: [child], id: EffectID(1)))
    var table = CancellationTable<Int, String>()
    _ = table.reserve(keys: [EffectKey(path: [child], id: EffectID(1))], group: nil)
    #expect(!table.isRunning(root))
  }

  @Test func keysWithTheSameHashAreStillToldApart() {
    let first = EffectKey(path: [], id: EffectID("a"), hash: 1)
    let second = EffectKey(path: [], id: EffectID("b"), hash: 1)
    #expect(first != second)
  }

  @Test func effectKeysKeepTheirOrder() {
    let a = EffectKey(path: [], id: EffectID("a"))
    let b = EffectKey(path: [], id: EffectID("b"))
    let c = EffectKey(path: [], id: EffectID("c"))
    var keys = EffectKeys()
    #expect(keys.isEmpty)
    #expect(Array(keys).isEmpty)
    keys.append(a)
    #expect(Array(keys) == [a])
    keys.append(b)
    keys.append(c)
    #expect(keys.count == 3)
    #expect(Array(keys) == [a, b, c])
    var visited: [EffectKey] = []
    keys.forEach { visited.append($0) }
    #expect(visited == [a, b, c])
    keys.removeLast()
    #expect(Array(keys) == [a, b])
    keys.removeLast()
    keys.removeLast()
    #expect(keys.isEmpty)
    #expect(keys.count == 0)
  }

  @Test func effectKeysRemoveWhatTheyAreAskedTo() {
    let a = EffectKey(path: [], id: EffectID("a"))
    let b = EffectKey(path: [], id: EffectID("b"))
    var keys: EffectKeys = [a, b, a]
    keys.removeAll { $0 == a }
    #expect(Array(keys) == [b])
    keys.removeAll { $0 == b }
    #expect(keys.isEmpty)
  }

  @Test func aChildsNameIsIgnoredByEqualityAndNamesItInFailures() {
    struct Parent { var child: Int? }
    let named = EffectID(child: \Parent.child, instance: 1, name: "presentation Parent.child")
    let plain = EffectID(child: \Parent.child, instance: 1)
    #expect(named == plain)
    #expect(named.hashValue == plain.hashValue)
    #expect(named != EffectID(child: \Parent.child, instance: 2, name: "presentation Parent.child"))
    #expect(named.childName == "presentation Parent.child")
    // An instance without a name is named by its key path and its id (issue 39, item 9).
    #expect(plain.childName?.hasSuffix(".child[id: 1]") == true)
    #expect(EffectID(child: \Parent.child, instance: nil).childName?.hasSuffix(".child") == true)
    #expect(EffectID("timer").childName == nil)
  }

  @Test func anEnumCasesChildIsNamedByItsCase() {
    enum Screen { case detail(Int) }
    let owner = EffectID.makeUniqueOwner()
    #expect(EffectID.caseName(of: Screen.detail(1)).hasSuffix("Screen.detail"))
    let named = EffectID(child: owner, instance: nil, name: "Screen.detail")
    #expect(named == EffectID(child: owner, instance: nil))
    #expect(named.childName == "Screen.detail")
    #expect(
      EffectID(child: owner, instance: 4, name: "Screen.detail").childName
        == "Screen.detail (id: 4)")
    #expect(EffectID(child: owner, instance: nil).childName == nil)
  }
}
