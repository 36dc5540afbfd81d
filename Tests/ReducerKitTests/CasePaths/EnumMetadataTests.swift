import Foundation
import Testing

@testable import ReducerKit

/// Payload and empty cases declared interleaved, to check that tags put payload cases first.
private enum Interleaved {
  case first
  case number(Int)
  case second
  case text(String)
  case labeled(x: Int)
  case void(Void)
  case last
}

private indirect enum List {
  case cons(Int, List)
  case end
}

private enum PartlyIndirect {
  case direct(Int)
  indirect case boxed(Int)
}

private enum TwoParameters<A, B> {
  case a(A)
  case b(B)
  case optional(B?)
  case pair(A, B)
}

private struct Container<T> {
  enum Nested<U> {
    case outer(T)
    case inner(U)
  }
}

private class Base {}
private final class Derived: Base {}
private protocol Marker {}

private enum Overlapping {
  case a(Int)
  case b(Int)
  case c(String)
}

private enum Unique {
  case a(Int)
  case c(String)
  case d
}

private enum WithExistential {
  case a(Int)
  case any(Any)
}

private enum Metatypes {
  case thin(Int.Type)
  case thick(Base.Type)
  case existential(any Marker.Type)
}

/// The tag the runtime reports for `value`.
private func tag<T>(of value: T) -> UInt32? {
  guard let metadata = EnumMetadata(T.self) else { return nil }
  return withUnsafePointer(to: value) { metadata.tag(of: $0) }
}

/// A mangled name laid out in memory as the compiler emits it, with a terminating zero.
private func withMangledName<R>(_ bytes: [UInt8], _ body: (UnsafeRawPointer) -> R) -> R {
  (bytes + [0]).withUnsafeBytes { body($0.baseAddress!) }
}

@Suite struct EnumMetadataTests {
  @Test func onlyEnumsAndOptionalsHaveEnumMetadata() {
    #expect(EnumMetadata(Interleaved.self) != nil)
    #expect(EnumMetadata(Int?.self) != nil)
    #expect(EnumMetadata(Result<Int, any Error>.self) != nil)
    #expect(EnumMetadata(Int.self) == nil)
    #expect(EnumMetadata(String.self) == nil)
    #expect(EnumMetadata(Base.self) == nil)
    #expect(EnumMetadata((Int, Int).self) == nil)
    #expect(EnumMetadata((any Marker).self) == nil)
  }

  @Test func metadataKinds() {
    #expect(MetadataKind(of: Int.self) == .struct)
    #expect(MetadataKind(of: Interleaved.self) == .enum)
    #expect(MetadataKind(of: String?.self) == .optional)
    #expect(MetadataKind(of: Base.self) == .class)
    #expect(MetadataKind(of: (Int, String).self) == .tuple)
    #expect(MetadataKind(of: ((Int) -> Int).self) == .function)
    #expect(MetadataKind(of: (any Marker).self) == .existential)
    #expect(MetadataKind(of: Int.Type.self) == .metatype)
    #expect(MetadataKind(of: (any Marker.Type).self) == .existentialMetatype)
  }

  @Test func fieldRecordsAreInTagOrder() throws {
    let cases = try #require(EnumMetadata(Interleaved.self)?.cases)
    let values: [String: Interleaved] = [
      "first": .first, "number": .number(1), "second": .second, "text": .text("t"),
      "labeled": .labeled(x: 2), "void": .void(()), "last": .last,
    ]
    #expect(cases.count == values.count)
    for (index, enumCase) in cases.enumerated() {
      #expect(enumCase.tag == UInt32(index))
      #expect(tag(of: try #require(values[enumCase.name])) == enumCase.tag)
    }
    // Payload cases first in declaration order; a `Void` payload is laid out as an empty case.
    #expect(cases.map(\.name) == ["number", "text", "labeled", "first", "second", "void", "last"])
    #expect(EnumMetadata(Interleaved.self)?.payloadCaseCount == 3)
    #expect(cases.map(\.isStoredInline) == [true, true, true, false, false, false, false])
  }

  @Test func aCaseIsNamedByItsTagAlone() throws {
    let metadata = try #require(EnumMetadata(Interleaved.self))
    let values: [Interleaved] = [
      .first, .number(1), .second, .text("t"), .labeled(x: 2), .void(()), .last,
    ]
    for value in values {
      // The name `print` gives the case (what the runtime reads from the same records).
      let printed = String(describing: value).prefix { $0 != "(" }
      #expect(metadata.caseName(tag: try #require(tag(of: value))) == String(printed))
    }
    #expect(metadata.caseName(tag: 7) == nil)
    #expect(try #require(EnumMetadata(Int?.self)).caseName(tag: 0) == "some")
  }

  @Test func payloadTypesAreResolved() throws {
    let cases = try #require(EnumMetadata(Interleaved.self)?.cases)
    #expect(cases[0].payloadType == Int.self)
    #expect(cases[1].payloadType == String.self)
    // A single labelled value is stored as a one-element tuple.
    #expect(cases[2].payloadType.flatMap(TypeShape.tupleElements)?.count == 1)
    #expect(cases[3].payloadType == nil && !cases[3].hasTypeName)
    #expect(cases[5].payloadType == Void.self && cases[5].hasTypeName)
  }

  @Test func genericPayloadTypesAreResolvedWithTheGenericArguments() throws {
    let cases = try #require(EnumMetadata(TwoParameters<Int, String>.self)?.cases)
    #expect(cases.map(\.name) == ["a", "b", "optional", "pair"])
    #expect(cases[0].payloadType == Int.self)
    #expect(cases[1].payloadType == String.self)
    #expect(cases[2].payloadType == String?.self)
    #expect(cases[3].payloadType == (Int, String).self)
    #expect(cases.map(\.isGenericParameter) == [true, true, false, false])
  }

  @Test func nestedGenericPayloadTypesAreResolved() throws {
    let cases = try #require(EnumMetadata(Container<Int>.Nested<String>.self)?.cases)
    #expect(
      cases.map { $0.payloadType.map(ObjectIdentifier.init) } == [
        ObjectIdentifier(Int.self), ObjectIdentifier(String.self),
      ])
    let optional = try #require(EnumMetadata(Double?.self)?.cases)
    #expect(optional.map(\.name) == ["some", "none"])
    #expect(optional[0].payloadType == Double.self)
  }

  @Test func indirectFlags() throws {
    let list = try #require(EnumMetadata(List.self)?.cases)
    #expect(list.map(\.isIndirect) == [true, false])
    let partly = try #require(EnumMetadata(PartlyIndirect.self)?.cases)
    #expect(partly.map(\.isIndirect) == [false, true])
  }

  @Test func projectingLeavesThePayloadAtOffsetZero() {
    enum Spare {
      case object(Base)
      case text(String)
      case none
    }
    let object = Derived()
    let metadata = EnumMetadata(Spare.self)!
    var root = Spare.object(object)
    let projected = withUnsafeMutableBytes(of: &root) { bytes in
      var copy = [UInt8](bytes)
      return copy.withUnsafeMutableBytes { buffer in
        metadata.projectPayload(buffer.baseAddress!)
        return buffer.load(as: UnsafeRawPointer.self)
      }
    }
    #expect(projected == UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
  }

  @Test func mangledNameLengthSkipsSymbolicReferences() {
    withMangledName([UInt8(ascii: "S"), UInt8(ascii: "i")]) {
      #expect(EnumMetadata.mangledNameLength($0) == 2)
    }
    // A 4-byte relative reference may contain zero bytes.
    withMangledName([0x01, 0, 0, 0, 0, UInt8(ascii: "y"), UInt8(ascii: "G")]) {
      #expect(EnumMetadata.mangledNameLength($0) == 7)
    }
    let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    let absolute = [0x18] + [UInt8](repeating: 0, count: pointerSize) + [UInt8(ascii: "G")]
    withMangledName(absolute) {
      #expect(EnumMetadata.mangledNameLength($0) == pointerSize + 2)
    }
    withMangledName([0x17, 0, 0, 0, 0, 0x1F] + [UInt8](repeating: 0, count: pointerSize)) {
      #expect(EnumMetadata.mangledNameLength($0) == 6 + pointerSize)
    }
  }

  @Test func bareGenericParameterNames() {
    for name in ["x", "q_", "q0_", "q12_", "qz", "qd__", "qd0_1_"] {
      withMangledName(Array(name.utf8)) {
        #expect(EnumMetadata.isBareGenericParameter($0), "\(name)")
      }
    }
    for name in ["Si", "SS", "q_Sg", "x_q_t", "SayxG", "q", ""] {
      withMangledName(Array(name.utf8)) {
        #expect(!EnumMetadata.isBareGenericParameter($0), "\(name)")
      }
    }
  }

  @Test func payloadMatchingIgnoresTupleLabelsOnly() {
    #expect(TypeShape.payload(Int.self, matches: Int.self))
    #expect(!TypeShape.payload(Int.self, matches: Int32.self))
    #expect(TypeShape.payload((id: Int, name: String).self, matches: (Int, String).self))
    #expect(TypeShape.payload((Int, String).self, matches: (a: Int, b: String).self))
    #expect(!TypeShape.payload((Int, String).self, matches: (String, Int).self))
    #expect(!TypeShape.payload((Int, String).self, matches: (Int, String, Int).self))
    #expect(!TypeShape.payload(Derived.self, matches: Base.self))
    #expect(!TypeShape.payload((any Marker).self, matches: Int.self))
    let labeled = EnumMetadata(Interleaved.self)!.cases![2].payloadType!
    #expect(TypeShape.payload(labeled, matches: Int.self))
    #expect(!TypeShape.payload(labeled, matches: String.self))
  }

  @Test func conversionsAConstructorCanHide() {
    #expect(TypeShape.value(Derived.self, mayConvertTo: Base.self))
    #expect(!TypeShape.value(Base.self, mayConvertTo: Derived.self))
    #expect(TypeShape.value(Int.self, mayConvertTo: Int?.self))
    #expect(TypeShape.value(Int.self, mayConvertTo: Any.self))
    #expect(TypeShape.value(Int.self, mayConvertTo: AnyHashable.self))
    #expect(TypeShape.value((Derived, Int).self, mayConvertTo: (Base, Int?).self))
    #expect(!TypeShape.value(Int.self, mayConvertTo: String.self))
    #expect(!TypeShape.value(Int.self, mayConvertTo: String?.self))
    #expect(!TypeShape.value(Int.self, mayConvertTo: Interleaved.self))
    #expect(!TypeShape.value((Int, Int).self, mayConvertTo: (Int, String).self))
  }

  @Test func abstractionSensitivePayloads() {
    #expect(TypeShape.isAbstractionSensitive(((Int) -> Int).self))
    #expect(TypeShape.isAbstractionSensitive((Int, () -> Void).self))
    #expect(TypeShape.isAbstractionSensitive((() -> Void)?.self))
    #expect(TypeShape.isAbstractionSensitive(Int.Type.self))
    #expect(!TypeShape.isAbstractionSensitive((@convention(c) (Int) -> Int).self))
    #expect(!TypeShape.isAbstractionSensitive(Base.Type.self))
    #expect(!TypeShape.isAbstractionSensitive((any Marker.Type).self))
    #expect(!TypeShape.isAbstractionSensitive((Int, String?).self))
  }

  @Test func selectionForAUniquePayloadTypeNeedsNoEmbed() {
    let selection = EnumCaseSelection.compute(root: Unique.self, value: Int.self)
    #expect(selection.problem == nil)
    #expect(selection.candidates == [.init(tag: 0, storage: .inline)])
    #expect(!selection.verifiesWithEmbed)
  }

  @Test func selectionForASharedPayloadTypeVerifiesWithEmbed() {
    let selection = EnumCaseSelection.compute(root: Overlapping.self, value: Int.self)
    #expect(selection.candidates.map(\.tag) == [0, 1])
    #expect(selection.verifiesWithEmbed)
    let other = EnumCaseSelection.compute(root: Overlapping.self, value: String.self)
    #expect(other.candidates.map(\.tag) == [2])
    #expect(!other.verifiesWithEmbed)
  }

  @Test func selectionVerifiesWhenAnotherPayloadCouldTakeTheValue() {
    let selection = EnumCaseSelection.compute(root: WithExistential.self, value: Int.self)
    #expect(selection.candidates.map(\.tag) == [0])
    #expect(selection.verifiesWithEmbed)
  }

  @Test func selectionStorage() {
    let boxed = EnumCaseSelection.compute(root: PartlyIndirect.self, value: Int.self)
    #expect(boxed.candidates == [.init(tag: 0, storage: .inline), .init(tag: 1, storage: .boxed)])
    let void = EnumCaseSelection.compute(root: Interleaved.self, value: Void.self)
    #expect(void.candidates == [.init(tag: 5, storage: .none)])
  }

  @Test func selectionProblems() {
    let notEnum = EnumCaseSelection.compute(root: String.self, value: Int.self)
    #expect(notEnum.problem?.contains("String is not an enum") == true)
    let noCase = EnumCaseSelection.compute(root: Unique.self, value: Double.self)
    #expect(noCase.problem?.contains("CasePath<Unique, Double>") == true)
    #expect(noCase.candidates.isEmpty)
    let thin = EnumCaseSelection.compute(root: Metatypes.self, value: Int.Type.self)
    #expect(thin.problem?.contains(".thin") == true)
    let thick = EnumCaseSelection.compute(root: Metatypes.self, value: Base.Type.self)
    #expect(thick.problem == nil)
    #expect(thick.candidates.count == 1)
  }

  @Test func selectionIsCachedPerPair() {
    enum OnlyHere {
      case a(Int)
      case b(String)
    }
    let first = EnumCaseSelection.cached(root: OnlyHere.self, value: Int.self)
    let second = EnumCaseSelection.cached(root: OnlyHere.self, value: Int.self)
    let otherPair = EnumCaseSelection.cached(root: OnlyHere.self, value: String.self)
    #expect(first.isNew)
    #expect(!second.isNew)
    #expect(otherPair.isNew)
    #expect(second.selection.candidates == first.selection.candidates)
    #expect(otherPair.selection.candidates.map(\.tag) == [1])
  }

  @Test func aDirectCaseMatchesItsCaseAndReadsThePayload() {
    let direct = DirectCase(EnumCaseSelection.compute(root: Unique.self, value: Int.self))
    #expect(direct.exists)
    #expect(direct.matches(Unique.a(4)))
    #expect(direct.payload(of: Unique.a(4)) as Int == 4)
    #expect(!direct.matches(Unique.c("4")))
    #expect(!direct.matches(Unique.d))
    // A payload with references is copied out (retained), not borrowed from the root.
    let strings = DirectCase(EnumCaseSelection.compute(root: Unique.self, value: String.self))
    #expect(strings.exists)
    let string: String = strings.payload(of: Unique.c(String(repeating: "long ", count: 10)))
    #expect(string == String(repeating: "long ", count: 10))
  }

  @Test func aCaseThatNeedsMoreThanItsTagHasNoDirectRoute() {
    indirect enum Tree {
      case node(Int)
      case leaf
    }
    // Another payload the constructor could build: needs the check through the embed.
    #expect(
      !DirectCase(EnumCaseSelection.compute(root: WithExistential.self, value: Int.self)).exists)
    // Boxed, and no payload bits: not an inline payload.
    #expect(!DirectCase(EnumCaseSelection.compute(root: Tree.self, value: Int.self)).exists)
    #expect(!DirectCase(EnumCaseSelection.compute(root: Interleaved.self, value: Void.self)).exists)
    // Several candidates, not an enum, no selection, or not allowed by the level.
    #expect(!DirectCase(EnumCaseSelection.compute(root: Overlapping.self, value: Int.self)).exists)
    #expect(
      !DirectCase(EnumCaseSelection.compute(root: PartlyIndirect.self, value: Int.self)).exists)
    #expect(!DirectCase(EnumCaseSelection.compute(root: String.self, value: Int.self)).exists)
    #expect(!DirectCase(nil).exists)
    #expect(
      !DirectCase(EnumCaseSelection.compute(root: Unique.self, value: Int.self), allowed: false)
        .exists)
    #expect(DirectCase(nil) == .unavailable)
  }

  @Test func extractReadsThroughTheSelection() {
    let selection = EnumCaseSelection.compute(root: Overlapping.self, value: Int.self)
    #expect(selection.extract(from: Overlapping.b(3), embed: Overlapping.b) == 3)
    #expect(selection.extract(from: Overlapping.a(3), embed: Overlapping.b) == nil)
    #expect(selection.extract(from: Overlapping.c("3"), embed: Overlapping.b) == nil)
    let metatypes = EnumCaseSelection.compute(root: Metatypes.self, value: Base.Type.self)
    let thick = metatypes.extract(from: Metatypes.thick(Derived.self), embed: Metatypes.thick)
    #expect(thick == Derived.self)
  }

  /// Payloads sized at each edge of the scratch space sizes (16, 64 and 256 bytes, and past
  /// them), holding references and strings (spare bits the tag may live in): each case is read
  /// back whole, in every size class, and reading never disturbs the original value.
  @Test func payloadsAtEveryScratchSizeAreReadWhole() {
    enum Sized {
      case tiny(String)
      case sixteen(String, Int)
      case medium(String, Int, Int, Int, Int, Int)
      case large(String, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
      case huge([Int], SIMD32<UInt64>, String)
      case empty
    }
    let text = String(repeating: "payload ", count: 8)
    let values: [Sized] = [
      .tiny(text), .sixteen(text, 16), .medium(text, 1, 2, 3, 4, 5),
      .large(text, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
      .huge([1, 2, 3], SIMD32(repeating: 7), text), .empty,
    ]
    #expect(MemoryLayout<Sized>.size > 256)
    for value in values {
      var found: [String] = []
      if let tiny = CasePath(Sized.tiny).extract(from: value) { found.append(tiny) }
      if let sixteen = CasePath(Sized.sixteen).extract(from: value) {
        found.append("\(sixteen.0)\(sixteen.1)")
      }
      if let medium = CasePath(Sized.medium).extract(from: value) {
        found.append("\(medium.0)\(medium.5)")
      }
      if let large = CasePath(Sized.large).extract(from: value) {
        found.append("\(large.0)\(large.13)")
      }
      if let huge = CasePath(Sized.huge).extract(from: value) {
        found.append("\(huge.2)\(huge.0)\(huge.1[31])")
      }
      switch value {
      case .tiny: #expect(found == [text])
      case .sixteen: #expect(found == ["\(text)16"])
      case .medium: #expect(found == ["\(text)5"])
      case .large: #expect(found == ["\(text)13"])
      case .huge: #expect(found == ["\(text)[1, 2, 3]7"])
      case .empty: #expect(found.isEmpty)
      }
    }
    // Enums whose whole size falls in each class (the scratch is sized by the root).
    final class Box {
      let name: String
      init(_ name: String) { self.name = name }
    }
    /// Two references: the tag lives in the pointers' spare bits, which reading must clear.
    enum Small {
      case first(Box)
      case second(Box)
      case none
    }
    enum Medium {
      case text(String, String, String)
      case number(Int)
    }
    #expect(MemoryLayout<Small>.size <= 16)
    #expect(MemoryLayout<Medium>.size > 16 && MemoryLayout<Medium>.size <= 64)
    let box = Box(text)
    #expect(CasePath(Small.first).extract(from: .first(box)) === box)
    #expect(CasePath(Small.second).extract(from: .second(box))?.name == text)
    #expect(CasePath(Small.second).extract(from: .first(box)) == nil)
    #expect(CasePath(Small.first).extract(from: .none) == nil)
    let medium = CasePath(Medium.text).extract(from: .text(text, "b", text))
    #expect(medium?.0 == text && medium?.1 == "b" && medium?.2 == text)
    #expect(CasePath(Medium.number).extract(from: .number(-1)) == -1)
  }
}

// MARK: - Without reflection metadata

/// A child feature's actions: payload cases and cases without associated values.
private enum ChildAction: Hashable, Error {
  case tap
  case text(String)
  case close
}

/// A child feature's state: a struct, of which ReducerKit cannot make a value.
private struct ChildState: Equatable {
  var count = 0
}

private enum Single: Equatable {
  case only
}

/// A parent's actions, with every way Swift lets `ChildAction.Type`'s constructor type differ
/// from its payload.
private enum ParentAction {
  case child(ChildAction)
  case other(ChildAction)
  case name(String)
  case state(ChildState)
  case single(Single)
  case void(Void)
  case optional(ChildAction?)
  case any(Any)
  case sendable(any Sendable)
  case hashable(AnyHashable)
  case error(any Error)
  indirect case boxed(ChildAction)
  case done
}

/// Plain bits: no case holds a reference.
private enum Key: Equatable {
  case up
  case down
  case press(Int8)
}

/// A parent that is plain bits, so that no case can hold a reference to a box.
private enum PlainParent: Equatable {
  case key(Key)
  case value(OneEmpty)
  case count(Int)
}

/// Values whose only empty case has an aligned first byte, in a root that can hold a box.
private enum OneEmpty: Equatable {
  case x(UInt8)
  case y(UInt8)
  case none
}

private enum HoldsOneEmpty {
  case value(OneEmpty)
  case text(String)
}

private enum GenericParent<T> {
  case number(Int)
  case value(T)
  case none
}

/// The case `embed` builds, learned without reflection metadata from ReducerKit's own probes.
private func learn<Root, Value>(
  _ embed: (Value) -> Root
) -> Result<LearnedCase, LearnedCase.Failure> {
  LearnedCase.learn(embed, probes: caseProbes(of: Value.self))
}

@Suite struct LearningWithoutReflectionTests {
  @Test func emptyCasesComeAfterThePayloadCases() throws {
    let metadata = try #require(EnumMetadata(ParentAction.self))
    // Payloads of size zero (`Single`, `Void`) are laid out as empty cases.
    #expect(metadata.payloadCaseCount == 10)
    #expect(metadata.emptyCaseCount == 3)
    #expect(EnumMetadata(ChildAction.self)?.emptyCaseCount == 2)
    #expect(EnumMetadata(Optional<Int>.self)?.emptyCaseCount == 1)
    #expect(EnumMetadata(OneEmpty.self)?.payloadCaseCount == 2)
  }

  @Test func injectingAnEmptyCaseTagMakesThatCase() {
    #expect(EnumMetadata.emptyCaseValues(of: ChildAction.self) == [.tap, .close])
    #expect(EnumMetadata.emptyCaseValues(of: Optional<String>.self) == [nil])
    #expect(EnumMetadata.emptyCaseValues(of: Single.self) == [.only])
    #expect(EnumMetadata.emptyCaseValues(of: OneEmpty.self) == [.none])
    #expect(EnumMetadata.emptyCaseValues(of: PlainParent.self).isEmpty)
    #expect(EnumMetadata.emptyCaseValues(of: ChildState.self).isEmpty)
    #expect(EnumMetadata.emptyCaseValues(of: Never.self).isEmpty)
    // Through the runtime's generic witnesses too.
    #expect(
      EnumMetadata.emptyCaseValues(of: GenericParent<[Int]>.self).map(String.init(describing:))
        == ["none"])
    #expect(EnumMetadata.emptyCaseValues(of: PresentationAction<ChildAction>.self) == [.dismiss])
  }

  @Test func typeLayouts() {
    #expect(TypeLayout(Int.self).isPOD)
    #expect(TypeLayout(PlainParent.self).isPOD)
    #expect(!TypeLayout(String.self).isPOD)
    #expect(!TypeLayout(ParentAction.self).isPOD)
    #expect(TypeLayout(Int.self).extraInhabitantCount == 0)
    #expect(TypeLayout(Bool.self).extraInhabitantCount == 254)
    #expect(TypeLayout(Single.self).extraInhabitantCount == 0)
    #expect(TypeLayout(UnsafeRawPointer.self).extraInhabitantCount == 1)
    #expect(TypeLayout(ChildAction.self).extraInhabitantCount > 0)
  }

  @Test func extraInhabitantsAreTheBitsOfNil() {
    // `nil` is stored as the first extra inhabitant of the wrapped type, in the same bytes.
    for value in [ChildAction.tap, .text("a"), .close, nil] {
      let isNil = withUnsafeBytes(of: value) { bytes in
        TypeLayout(ChildAction.self).isExtraInhabitant(bytes.baseAddress!)
      }
      #expect(isNil == (value == nil))
    }
    #expect(MemoryLayout<ChildAction?>.size == MemoryLayout<ChildAction>.size)
    // Nested optionals use the next ones.
    let doubleNil: ChildAction?? = .none
    withUnsafeBytes(of: doubleNil) {
      #expect(TypeLayout(ChildAction.self).isExtraInhabitant($0.baseAddress!))
    }
  }

  @Test func anOutOfLinePayloadIsAReference() {
    let metadata = EnumMetadata(ParentAction.self)!
    let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    for root in [ParentAction.boxed(.tap), .error(ChildAction.close)] {
      let first = withUnsafeBytes(of: root) { bytes in
        var copy = [UInt8](bytes)
        return copy.withUnsafeMutableBytes { buffer in
          metadata.projectPayload(buffer.baseAddress!)
          return [UInt8](buffer.prefix(pointerSize))
        }
      }
      #expect(!LearnedCase.cannotBeReference(first))
      let word = first.reversed().reduce(UInt(0)) { $0 << 8 | UInt($1) }
      #expect(word >= 4096 && word % UInt(MemoryLayout<UnsafeRawPointer>.alignment) == 0)
    }
  }

  @Test func anExistentialKeepsItsTypeInItsFourthWord() {
    let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    let any: Any = ChildAction.tap
    let sendable: any Sendable = ChildAction.close
    for container in [any, sendable as Any] {
      // In memory typed `Any`: a generic function would be passed the opened value.
      let memory = UnsafeMutablePointer<Any>.allocate(capacity: 1)
      defer { memory.deinitialize(count: 1).deallocate() }
      memory.initialize(to: container)
      let word = UnsafeRawPointer(memory).load(fromByteOffset: 3 * pointerSize, as: UInt.self)
      #expect(word == unsafeBitCast(ChildAction.self as Any.Type, to: UInt.self))
    }
    #expect(MemoryLayout<AnyHashable>.size == 5 * pointerSize)
  }

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
