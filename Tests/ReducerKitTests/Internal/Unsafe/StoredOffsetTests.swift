import Foundation
import Testing

@testable import ReducerKit

@Suite struct StoredOffsetTests {
  struct Inner {
    var a: Int8 = 1
    var b = 2.5
  }

  struct Outer {
    var flag = false
    var inner = Inner()
    var name = "outer"
    var maybe: Inner? = Inner()
    var computed: Int { 3 }
    var observed = 0 {
      didSet {}
    }
  }

  final class Object {
    var value = 1
  }

  struct Holder {
    var object = Object()
  }

  @Test func aStoredFieldsOffsetReadsTheFieldInAValue() throws {
    let outer = Outer(flag: true, inner: Inner(a: 4, b: -1), name: "n")
    let nameOffset = try #require(storedOffset(of: \Outer.name))
    let innerOffset = try #require(storedOffset(of: \Outer.inner))
    StateAddress.with(outer) { address in
      #expect(address.field(at: nameOffset)[as: String.self] == "n")
      #expect(address.field(at: innerOffset)[as: Inner.self].b == -1)
    }
  }

  @Test func nestedStoredFieldsAddUp() throws {
    let outerToInner = try #require(storedOffset(of: \Outer.inner))
    let innerToB = try #require(storedOffset(of: \Inner.b))
    #expect(storedOffset(of: \Outer.inner.b) == outerToInner + innerToB)
    let outer = Outer(inner: Inner(a: 0, b: 8.5))
    StateAddress.with(outer) { address in
      #expect(address.field(at: outerToInner + innerToB)[as: Double.self] == 8.5)
    }
  }

  @Test func whatIsNotStoredInlineHasNoOffset() {
    #expect(storedOffset(of: \Outer.computed) == nil)
    #expect(storedOffset(of: \Outer.observed) == nil)
    #expect(storedOffset(of: \Outer.maybe?.b) == nil)
    #expect(storedOffset(of: \Holder.object.value) == nil)
  }
}
