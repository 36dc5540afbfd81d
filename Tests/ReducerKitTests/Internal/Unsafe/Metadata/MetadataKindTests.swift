import Foundation
import Testing

@testable import ReducerKit

private typealias Marker = EnumMetadataFixtures.Marker

@Suite struct MetadataKindTests: EnumMetadataTesting {
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
}
