import Foundation
import Testing

@testable import ReducerKit

@Suite struct LearnedCaseTests: EnumMetadataTesting {
  @Test func whatCanBeAReference() {
    #expect(LearnedCase.cannotBeReference([1]))
    #expect(LearnedCase.cannotBeReference([3, 0]))
    #expect(!LearnedCase.cannotBeReference([0]))
    #expect(!LearnedCase.cannotBeReference([8, 1]))
    #expect(!LearnedCase.cannotBeReference([]))
    #expect(LearnedCase.cannotBeReference([0, 0, 0, 0, 0, 0, 0, 0]))
    #expect(LearnedCase.cannotBeReference([0, 0x0F, 0, 0, 0, 0, 0, 0]))
    #expect(!LearnedCase.cannotBeReference([0, 0x10, 0, 0, 0, 0, 0, 0]))
    #expect(!LearnedCase.cannotBeReference([0x40, 0x2A, 0xB1, 0x55, 0x55, 0x55, 0, 0]))
  }

  @Test func theLearnedCaseIsTheConstructorsAndReadsItsPayload() throws {
    let child = try learn(ParentAction.child).get()
    let other = try learn(ParentAction.other).get()
    #expect(child.tag == tag(of: ParentAction.child(.tap)))
    #expect(other.tag == tag(of: ParentAction.other(.tap)))
    #expect(child.tag != other.tag)
    for action in [ChildAction.tap, .text("some text that is not small"), .close] {
      #expect(child.read(ParentAction.child(action), as: ChildAction.self) == action)
      #expect(child.read(ParentAction.other(action), as: ChildAction.self) == nil)
      #expect(other.read(ParentAction.other(action), as: ChildAction.self) == action)
    }
    #expect(child.read(ParentAction.done, as: ChildAction.self) == nil)
    #expect(child.read(ParentAction.name("a"), as: ChildAction.self) == nil)
    var visited: [ChildAction] = []
    #expect(child.visit(ParentAction.child(.close)) { visited.append($0) })
    #expect(!child.visit(ParentAction.done) { (action: ChildAction) in visited.append(action) })
    #expect(visited == [.close])
  }

  @Test func theLearnedCaseMatchesTheOneReadFromFieldRecords() throws {
    let learned = try learn(ParentAction.child).get()
    let selection = EnumCaseSelection.compute(root: ParentAction.self, value: ChildAction.self)
    #expect(selection.candidates.map(\.tag).contains(learned.tag))
    typealias Parent = GenericParent<ChildAction>
    let generic = try learn(Parent.value).get()
    #expect(generic.tag == tag(of: Parent.value(.tap)))
    #expect(generic.read(Parent.value(.text("x")), as: ChildAction.self) == .text("x"))
    #expect(generic.read(Parent.none, as: ChildAction.self) == nil)
  }

  @Test func aValueOfSizeZeroNeedsNoStorage() throws {
    let single = try learn(ParentAction.single).get()
    #expect(!single.hasStorage)
    #expect(single.read(ParentAction.single(.only), as: Single.self) == .only)
    #expect(single.read(ParentAction.done, as: Single.self) == nil)
    let void = try learn(ParentAction.void).get()
    #expect(!void.hasStorage)
    #expect(void.read(ParentAction.void(()), as: Void.self) != nil)
    #expect(void.read(ParentAction.done, as: Void.self) == nil)
  }

  @Test func aPlainRootNeedsNoProofAgainstBoxes() throws {
    #expect(TypeLayout(PlainParent.self).isPOD)
    let key = try learn(PlainParent.key).get()
    #expect(key.read(PlainParent.key(.press(2)), as: Key.self) == .press(2))
    #expect(key.read(PlainParent.count(3), as: Key.self) == nil)
    // The same value whose bits could be a reference in a root that can hold one.
    #expect(LearnedCase.cannotBeReference(withUnsafeBytes(of: OneEmpty.none) { [$0[0]] }) == false)
    let value = try learn(PlainParent.value).get()
    #expect(value.read(PlainParent.value(.y(7)), as: OneEmpty.self) == .y(7))
  }

  @Test func anOptionalPayloadIsReadOnlyWhenItHoldsAValue() throws {
    // `ParentAction.optional` takes a `ChildAction?`: Swift lets it pass as `(ChildAction) ->
    // ParentAction`, and nothing without reflection metadata tells the two apart.
    let optional = try learn(ParentAction.optional as (ChildAction) -> ParentAction).get()
    #expect(optional.read(ParentAction.optional(.tap), as: ChildAction.self) == .tap)
    #expect(optional.read(ParentAction.optional(.text("b")), as: ChildAction.self) == .text("b"))
    #expect(optional.read(ParentAction.optional(nil), as: ChildAction.self) == nil)
  }

  @Test func existentialAndBoxedPayloadsAreNotLearned() {
    // Each constructor converted, as Swift converts it where `(ChildAction) -> ParentAction` is
    // expected.
    let any: (ChildAction) -> ParentAction = ParentAction.any
    let sendable: (ChildAction) -> ParentAction = ParentAction.sendable
    let hashable: (ChildAction) -> ParentAction = ParentAction.hashable
    let error: (ChildAction) -> ParentAction = ParentAction.error
    #expect(learn(any) == .failure(.existential))
    #expect(learn(sendable) == .failure(.existential))
    #expect(learn(hashable) == .failure(.existential))
    #expect(learn(error) == .failure(.outOfLine))
    #expect(learn(ParentAction.boxed) == .failure(.outOfLine))
  }

  @Test func whatCannotBeLearned() {
    #expect(learn(ParentAction.state) == .failure(.noProbeValue))
    #expect(learn(HoldsOneEmpty.value) == .failure(.inconclusive))
    let alternating: (ChildAction) -> ParentAction = {
      $0 == .tap ? .child($0) : .other($0)
    }
    #expect(learn(alternating) == .failure(.unstableTag))
    let constant: (ChildAction) -> ParentAction = { _ in .done }
    #expect(learn(constant) == .failure(.emptyCase))
    // A root smaller than the value: nothing is read past it.
    let tiny: (ChildAction) -> Single = { _ in .only }
    #expect(MemoryLayout<Single>.size < MemoryLayout<ChildAction>.size)
    #expect(learn(tiny) == .failure(.emptyCase))
  }

  @Test func reducerKitsActionTypesAreLearned() throws {
    enum Feature {
      case presentation(PresentationAction<ChildAction>)
      case rows(IdentifiedAction<UUID, ChildAction>)
      case numbered(IdentifiedAction<Int, Key>)
      case path(StackAction<ChildState, ChildAction>)
      case binding(BindingAction<ChildState>)
      case name(String)
    }
    let presentation = try learn(Feature.presentation).get()
    #expect(
      presentation.read(Feature.presentation(.dismiss), as: PresentationAction<ChildAction>.self)
        == .dismiss)
    #expect(
      presentation.read(Feature.name("x"), as: PresentationAction<ChildAction>.self) == nil)
    let rows = try learn(Feature.rows).get()
    let row = IdentifiedAction<UUID, ChildAction>.element(id: UUID(7), action: .close)
    #expect(rows.read(Feature.rows(row), as: IdentifiedAction<UUID, ChildAction>.self) == row)
    let numbered = try learn(Feature.numbered).get()
    let element = IdentifiedAction<Int, Key>.element(id: 3, action: .press(2))
    #expect(
      numbered.read(Feature.numbered(element), as: IdentifiedAction<Int, Key>.self) == element)
    let path = try learn(Feature.path).get()
    #expect(
      path.read(Feature.path(.popFrom(id: 4)), as: StackAction<ChildState, ChildAction>.self)
        == .popFrom(id: 4))
    let binding = try learn(Feature.binding).get()
    let set = BindingAction<ChildState>.set(\.count, 5)
    #expect(binding.read(Feature.binding(set), as: BindingAction<ChildState>.self) == set)
    #expect(binding.read(Feature.name("y"), as: BindingAction<ChildState>.self) == nil)
  }
}

extension LearnedCase {
  /// ``extract(from:)`` with the value type spelled out.
  fileprivate func read<Root, Value>(_ root: Root, as _: Value.Type) -> Value? {
    extract(from: root)
  }
}
