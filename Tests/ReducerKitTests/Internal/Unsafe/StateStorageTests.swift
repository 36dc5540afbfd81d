import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StateStorageTests {
  final class Box {
    var value = 0
  }

  struct Pair {
    var first = 1
    var second = 2
  }

  @Test func holdsTheInitialValue() {
    let storage = StateStorage(Pair(first: 3, second: 4))
    defer { storage.destroy() }
    #expect(storage.value.first == 3)
    #expect(storage.value.second == 4)
  }

  @Test func aMutationInPlaceIsSeenThroughTheAddresses() {
    let storage = StateStorage(Pair())
    defer { storage.destroy() }
    storage.value.second = 20
    #expect(storage.typed.pointee.second == 20)
    let offset = MemoryLayout<Pair>.offset(of: \Pair.second)!
    #expect(storage.address.field(at: offset)[as: Int.self] == 20)
    #expect(storage.address == StateAddress(storage.typed))
  }

  @Test func destroyReleasesTheState() {
    weak var released: Box?
    do {
      let box = Box()
      released = box
      let storage = StateStorage(box)
      storage.value.value = 1
      storage.destroy()
    }
    #expect(released == nil)
  }

  @Test func aReferenceInTheStateStaysUniquelyReferenced() {
    let storage = StateStorage(Box())
    defer { storage.destroy() }
    // Through `value`'s mutable address: no copy of the state holds a second reference.
    #expect(isKnownUniquelyReferenced(&storage.value))
  }

  @Test func anArrayAppendedThroughValueIsNotCopied() {
    var array = [1]
    array.reserveCapacity(16)
    let storage = StateStorage(array)
    array = []
    defer { storage.destroy() }
    let before = storage.value.withUnsafeBufferPointer { $0.baseAddress }
    // Within capacity and uniquely referenced, the append writes in the same buffer; a copy of
    // the state made for the mutation would make it reallocate.
    storage.value.append(2)
    let after = storage.value.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after)
    #expect(storage.value == [1, 2])
  }

  // MARK: StateMemory (a scoped store's last state)

  @Test func stateMemoryHoldsItsValueAndIsReplacedInPlace() {
    let memory = StateMemory.make(Pair(first: 5, second: 6))
    #expect(memory.pointer(to: Pair.self).pointee.first == 5)
    memory.pointer(to: Pair.self).pointee = Pair(first: 7, second: 8)
    #expect(memory.pointer(to: Pair.self).pointee.second == 8)
    #expect(memory.pointer(to: Pair.self) == memory.pointer(to: Pair.self))
  }

  @Test func stateMemoryReleasesTheValueItReplacesAndTheLastOneWhenReleased() {
    weak var first: Box?
    weak var second: Box?
    // Boxes made in closures, so that no local variable of the test keeps them alive.
    let makeBox = { (reference: inout Box?) -> Box in
      let box = Box()
      reference = box
      return box
    }
    do {
      let memory = StateMemory.make(makeBox(&first))
      memory.pointer(to: Box.self).pointee = makeBox(&second)
      // Kept alive to here: an optimised build may release an object right after its last use.
      withExtendedLifetime(memory) {
        #expect(first == nil)
        #expect(second != nil)
      }
    }
    #expect(second == nil)
  }

  @Test func stateMemoryKeepsAValueAtItsAlignmentAndAnEmptyOne() {
    // A value more aligned than the object: the memory is made with room to align it.
    let wide = StateMemory.make(SIMD8<Double>(repeating: 2))
    let address = UInt(bitPattern: wide.pointer(to: SIMD8<Double>.self))
    #expect(address % UInt(MemoryLayout<SIMD8<Double>>.alignment) == 0)
    #expect(wide.pointer(to: SIMD8<Double>.self).pointee.sum() == 16)
    wide.pointer(to: SIMD8<Double>.self).pointee = SIMD8(repeating: 3)
    #expect(wide.pointer(to: SIMD8<Double>.self).pointee.sum() == 24)
    // A value with no bytes.
    struct Empty: Equatable {}
    let empty = StateMemory.make(Empty())
    #expect(empty.pointer(to: Empty.self).pointee == Empty())
  }
}
