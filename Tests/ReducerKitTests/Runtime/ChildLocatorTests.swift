import Foundation
import Testing

@testable import ReducerKit

@Suite struct ChildLocatorTests {
  struct Item: Identifiable, Equatable {
    var id: Int
    var title = ""
  }
  enum Mode: Equatable {
    case editing(Item)
    case idle
  }
  struct Parent {
    var counter = 1
    var item: Item?
    var rows: IdentifiedArrayOf<Item> = []
  }

  /// Runs `lens` on `parent`; the child's state as it saw it, or `nil` when it said "absent".
  func look<State, Child>(_ lens: ChildLens, in parent: State, as: Child.Type) -> Child? {
    var found: Child?
    let present = StateAddress.with(parent) { pointer in
      lens(pointer) { child in
        found = child[as: Child.self]
        return true
      }
    }
    return present ? found : nil
  }

  func component(_ keyPath: AnyKeyPath, instance: AnyHashable?) -> ScopeComponent {
    ScopeComponent(id: EffectID(child: keyPath, instance: instance), hasLifetime: true)
  }

  @Test func aKeyPathChildIsAlwaysThere() {
    let lens = ChildLocator.keyPath(\Parent.counter).lens(
      ScopeComponent(id: EffectID(keyPath: \Parent.counter), hasLifetime: false))
    #expect(look(lens, in: Parent(counter: 7), as: Int.self) == 7)
  }

  @Test func anOptionalChildIsThereWhileItIsNotNil() {
    let locator = ChildLocator.optional(\Parent.item, instance: { _ in nil })
    let lens = locator.lens(component(\Parent.item, instance: nil))
    #expect(look(lens, in: Parent(item: Item(id: 1)), as: Item.self) == Item(id: 1))
    #expect(look(lens, in: Parent(), as: Item.self) == nil)
  }

  @Test func anIdentifiableOptionalChildIsThereWhileItKeepsItsID() {
    let locator = ChildLocator.optional(\Parent.item, instance: { AnyHashable($0.id) })
    let lens = locator.lens(component(\Parent.item, instance: AnyHashable(1)))
    #expect(look(lens, in: Parent(item: Item(id: 1, title: "a")), as: Item.self)?.title == "a")
    #expect(look(lens, in: Parent(item: Item(id: 2)), as: Item.self) == nil)
  }

  @Test func anElementIsThereWhileItsIDIsInTheArray() {
    let locator = ChildLocator.element(\Parent.rows)
    let lens = locator.lens(component(\Parent.rows, instance: AnyHashable(2)))
    var parent = Parent(rows: [Item(id: 1), Item(id: 2, title: "two")])
    #expect(look(lens, in: parent, as: Item.self)?.title == "two")
    parent.rows.remove(id: 2)
    #expect(look(lens, in: parent, as: Item.self) == nil)
  }

  @Test func anElementsChildIsHandedOnAsTheChildItselfNotTheElement() {
    /// An element that wraps the child state with its id, as a stack's component does.
    struct Wrapped: Identifiable {
      var id: Int
      var mode: Mode
    }
    struct Stack {
      var elements: IdentifiedArray<Int, Wrapped> = IdentifiedArray(id: { $0.id })
    }
    var stack = Stack()
    stack.elements.append(Wrapped(id: 3, mode: .editing(Item(id: 9, title: "draft"))))
    let locator = ChildLocator.element(\Stack.elements, child: \Wrapped.mode)
    let lens = locator.lens(component(\Stack.elements, instance: AnyHashable(3)))
    // What the lens hands on reads as the child's type (a nested locator reads it so).
    #expect(look(lens, in: stack, as: Mode.self) == .editing(Item(id: 9, title: "draft")))
    let nested = ChildLocator.enumCase(CasePath(Mode.editing), instance: { _ in nil })
      .lens(component(\Stack.elements, instance: nil))
    var nestedFound: Item?
    _ = StateAddress.with(stack) { pointer in
      lens(pointer) { child in
        nested(child) { item in
          nestedFound = item[as: Item.self]
          return true
        }
      }
    }
    #expect(nestedFound == Item(id: 9, title: "draft"))
    stack.elements.remove(id: 3)
    #expect(look(lens, in: stack, as: Mode.self) == nil)
  }

  @Test func anElementsRemovalsSayWhichSingleElementWentAway() throws {
    let removals = try #require(ChildLocator.element(\Parent.rows).removals)
    func read(_ parent: Parent) -> (current: UInt64, previous: UInt64, last: AnyHashable?) {
      StateAddress.with(parent) {
        let versions = removals.versions($0)
        return (versions.current, versions.previous, removals.lastRemoved($0))
      }
    }
    var parent = Parent(rows: [Item(id: 1), Item(id: 2), Item(id: 3)])
    let start = read(parent)
    // Neither an edit nor an insertion nor a move is a removal.
    parent.rows[id: 1]?.title = "edited"
    parent.rows.append(Item(id: 4))
    parent.rows.move(fromOffsets: [0], toOffset: 3)
    #expect(read(parent).current == start.current)
    parent.rows.remove(id: 2)
    let afterOne = read(parent)
    #expect(afterOne.current != start.current)
    #expect(afterOne.previous == start.current)
    #expect(afterOne.last == AnyHashable(2))
    parent.rows.removeAll { $0.id > 2 }
    #expect(read(parent).current != afterOne.current)
    #expect(read(parent).previous == 0)
  }

  @Test func anElementWithAnIDOfAnotherTypeIsNeverThere() {
    let lens = ChildLocator.element(\Parent.rows).lens(
      component(\Parent.rows, instance: AnyHashable("1")))
    #expect(look(lens, in: Parent(rows: [Item(id: 1)]), as: Item.self) == nil)
  }

  @Test func anEnumCaseChildIsThereWhileTheStateIsInTheCase() {
    let locator = ChildLocator.enumCase(CasePath(Mode.editing), instance: { AnyHashable($0.id) })
    let lens = locator.lens(
      ScopeComponent(id: EffectID(child: 9, instance: AnyHashable(1)), hasLifetime: true))
    #expect(look(lens, in: Mode.editing(Item(id: 1)), as: Item.self) == Item(id: 1))
    #expect(look(lens, in: Mode.editing(Item(id: 3)), as: Item.self) == nil)
    #expect(look(lens, in: Mode.idle, as: Item.self) == nil)
  }
}
