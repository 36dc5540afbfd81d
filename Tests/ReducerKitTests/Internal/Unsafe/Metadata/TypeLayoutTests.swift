import Foundation
import Testing

@testable import ReducerKit

@Suite struct TypeLayoutTests: EnumMetadataTesting {
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
}
