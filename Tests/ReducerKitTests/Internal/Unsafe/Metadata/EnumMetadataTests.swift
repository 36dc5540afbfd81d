import Foundation
import Testing

@testable import ReducerKit

private typealias Marker = EnumMetadataFixtures.Marker

@Suite struct EnumMetadataTests: EnumMetadataTesting {
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
}
