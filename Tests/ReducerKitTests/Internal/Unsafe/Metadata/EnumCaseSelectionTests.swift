import Foundation
import Testing

@testable import ReducerKit

@Suite struct EnumCaseSelectionTests: EnumMetadataTesting {
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
