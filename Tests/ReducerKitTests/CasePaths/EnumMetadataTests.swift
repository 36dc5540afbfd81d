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
