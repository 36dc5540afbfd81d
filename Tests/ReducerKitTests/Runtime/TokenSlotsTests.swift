import Foundation
import Testing

@testable import ReducerKit

/// The slots the cancellation table keeps its entries in: a token finds its value until the value
/// is removed, and never finds another value after that, even once its slot is reused.
@Suite struct TokenSlotsTests {
  @Test func aTokenFindsItsValueUntilItIsRemoved() {
    var slots = CheckedTokenSlots<String>()
    let (first, firstIndex) = slots.insert("first")
    let (second, _) = slots.insert("second")
    #expect(first != second)
    #expect(slots.count == 2)
    #expect(slots.index(of: first) == firstIndex)
    #expect(slots[firstIndex] == "first")
    #expect(slots.token(at: firstIndex) == first)
    #expect(slots.remove(at: firstIndex) == "first")
    #expect(slots.index(of: first) == nil)
    #expect(slots.count == 1)
    #expect(slots[slots.index(of: second)!] == "second")
  }

  @Test func aReusedSlotIsNotFoundByTheTokenOfItsOldValue() {
    var slots = CheckedTokenSlots<String>()
    let (old, oldIndex) = slots.insert("old")
    _ = slots.remove(at: oldIndex)
    let (new, newIndex) = slots.insert("new")
    #expect(newIndex == oldIndex, "a freed slot is reused")
    #expect(new != old)
    #expect(slots.index(of: old) == nil)
    #expect(slots.index(of: new) == newIndex)
  }

  @Test func tokensThatWereNeverGivenFindNothing() {
    var slots = CheckedTokenSlots<Int>()
    #expect(slots.index(of: 0) == nil)
    let (token, _) = slots.insert(1)
    #expect(slots.index(of: 0) == nil)
    #expect(slots.index(of: token + 1) == nil, "a slot past the end")
    #expect(slots.index(of: token &+ (1 << 32)) == nil, "the right slot, another serial")
  }

  @Test func aValueChangesInPlace() {
    var slots = TokenSlots<[Int]>()
    let (_, index) = slots.insert([1])
    slots[index].append(2)
    #expect(slots[index] == [1, 2])
    #if DEBUG
    slots._checkInvariants()
    #endif
  }

  @Test func occupiedIndicesListTheSlotsThatHoldAValue() {
    var slots = CheckedTokenSlots<Int>()
    let indices = (0..<5).map { slots.insert($0).index }
    _ = slots.remove(at: indices[1])
    _ = slots.remove(at: indices[3])
    #expect(slots.occupiedIndices == [indices[0], indices[2], indices[4]])
    #expect(slots.occupiedIndices.map { slots[$0] } == [0, 2, 4])
  }

  @Test func aRemovedValueIsReleasedAtOnce() {
    final class Object {}
    var slots = TokenSlots<Object>()
    weak var released: Object?
    let index: Int
    do {
      let object = Object()
      released = object
      index = slots.insert(object).index
    }
    #expect(released != nil)
    _ = slots.remove(at: index)
    #expect(released == nil)
    #if DEBUG
    slots._checkInvariants()
    #endif
  }
}

/// ``TokenSlots`` that check their invariants after every insertion and removal (in debug
/// builds, where `_checkInvariants()` exists).
struct CheckedTokenSlots<Value> {
  private var base = TokenSlots<Value>()

  private mutating func checked<R>(_ change: (inout TokenSlots<Value>) -> R) -> R {
    let result = change(&base)
    #if DEBUG
    base._checkInvariants()
    #endif
    return result
  }

  var count: Int { base.count }
  var occupiedIndices: [Int] { base.occupiedIndices }
  func index(of token: UInt64) -> Int? { base.index(of: token) }
  func token(at index: Int) -> UInt64 { base.token(at: index) }
  subscript(index: Int) -> Value { base[index] }
  mutating func insert(_ value: Value) -> (token: UInt64, index: Int) {
    checked { $0.insert(value) }
  }
  mutating func remove(at index: Int) -> Value { checked { $0.remove(at: index) } }
}
