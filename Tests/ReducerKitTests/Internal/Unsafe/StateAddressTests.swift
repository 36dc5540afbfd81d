import Foundation
import Testing

@testable import ReducerKit

@Suite struct StateAddressTests {
  final class Box {
    var value = 0
  }

  struct Fields {
    var flag = true
    var count = 7
    var name = "name"
    var list = [1, 2, 3]
  }

  @Test func aValuesAddressReadsTheValue() {
    let fields = Fields(flag: false, count: 3, name: "other", list: [4])
    let read = StateAddress.with(fields) { $0[as: Fields.self] }
    #expect(read.flag == false && read.count == 3 && read.name == "other" && read.list == [4])
  }

  @Test func aReadThroughTheAddressIsInPlaceNotACopy() {
    // A member read through the address borrows the value where it is: reading a reference
    // out of it and comparing leaves the reference count as it was, and the array read there
    // is the value's own buffer.
    let box = Box()
    struct Holder { var box: Box }
    let holder = Holder(box: box)
    let before = _getRetainCount(box)
    let same = StateAddress.with(holder) { $0[as: Holder.self].box === box }
    #expect(same)
    #expect(_getRetainCount(box) == before)
    var fields = Fields()
    fields.list.append(4)
    let buffer = fields.list.withUnsafeBufferPointer { $0.baseAddress }
    let read = StateAddress.with(fields) { address in
      address[as: Fields.self].list.withUnsafeBufferPointer { $0.baseAddress }
    }
    #expect(read == buffer)
  }

  @Test func aFieldsAddressReadsTheField() throws {
    let fields = Fields(flag: true, count: 42, name: "n", list: [9])
    let countOffset = try #require(storedOffset(of: \Fields.count))
    let nameOffset = try #require(storedOffset(of: \Fields.name))
    let listOffset = try #require(storedOffset(of: \Fields.list))
    StateAddress.with(fields) { address in
      #expect(address.field(at: countOffset)[as: Int.self] == 42)
      #expect(address.field(at: nameOffset)[as: String.self] == "n")
      #expect(address.field(at: listOffset)[as: [Int].self] == [9])
      #expect(address.field(at: 0) == address)
    }
  }

  @Test func addressesOfTheSameMemoryAreEqual() {
    var pair = (1, 2)
    withUnsafePointer(to: &pair) { pointer in
      #expect(StateAddress(pointer) == StateAddress(pointer))
      let second = StateAddress(pointer).field(at: MemoryLayout<Int>.stride)
      #expect(second != StateAddress(pointer))
      #expect(second[as: Int.self] == 2)
    }
  }

  @Test func aMutableAddressWritesInPlace() {
    var fields = Fields()
    withUnsafeMutablePointer(to: &fields) { pointer in
      let address = MutableStateAddress(pointer)
      address[as: Fields.self].count = 5
      address[as: Fields.self] = Fields(flag: false, count: 9, name: "new", list: [])
      #expect(address[as: Fields.self].name == "new")
    }
    #expect(fields.count == 9 && fields.name == "new" && !fields.flag && fields.list.isEmpty)
  }
}
