import Foundation
import Testing

@testable import ReducerKit

private typealias Marker = EnumMetadataFixtures.Marker

@Suite struct TypeShapeTests: EnumMetadataTesting {
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
}
