import Foundation
import Testing

@testable import ReducerKit

@Suite("PresentationState")
struct PresentationStateTests {
  struct Child: Equatable, Hashable, Sendable {
    var count = 0
  }

  struct Parent: Equatable, Hashable, Sendable {
    var title = ""
    @PresentationState var child: Child?
  }

  /// A state that can present another instance of itself: possible because the wrapper boxes.
  struct Recursive: Equatable {
    var depth = 0
    @PresentationState var next: Recursive?
  }

  @Test("declared without an initial value, it starts nil and State() compiles")
  func startsNil() {
    let state = Parent()
    #expect(state.child == nil)
    #expect(state.$child.wrappedValue == nil)
  }

  @Test("the memberwise initializer takes the wrapped optional")
  func memberwiseInit() {
    let state = Parent(title: "a", child: Child(count: 2))
    #expect(state.child == Child(count: 2))
  }

  @Test("writes are copy-on-write: a copy is not changed by a write to the original")
  func copyOnWrite() {
    var state = Parent()
    state.child = Child(count: 1)
    let copy = state
    state.child?.count += 1
    #expect(state.child?.count == 2)
    #expect(copy.child?.count == 1)
    state.$child.wrappedValue = nil
    #expect(state.child == nil)
    #expect(copy.child?.count == 1)
  }

  @Test("equality and hashing compare the child states, not the boxes")
  func equalityAndHashing() {
    var lhs = Parent()
    var rhs = Parent()
    #expect(lhs == rhs)
    lhs.child = Child(count: 3)
    #expect(lhs != rhs)
    rhs.child = Child(count: 3)
    #expect(lhs == rhs)
    #expect(lhs.hashValue == rhs.hashValue)
    #expect(Set([lhs, rhs]).count == 1)
  }

  @Test("a state can present itself")
  func recursive() {
    var state = Recursive()
    state.next = Recursive(depth: 1)
    state.next?.next = Recursive(depth: 2)
    #expect(state.next?.next?.depth == 2)
    #expect(state != Recursive())
  }

  @Test("it is Sendable when the child state is")
  func sendable() async {
    let state = Parent(title: "x", child: Child(count: 4))
    let count = await Task.detached { state.child?.count }.value
    #expect(count == 4)
  }

  @Test("dumps show the child state, not the box")
  func dump() {
    let text = debugDump(Parent(child: Child(count: 7)))
    #expect(text.contains("7"))
    #expect(!text.contains("Storage"))
  }
}
