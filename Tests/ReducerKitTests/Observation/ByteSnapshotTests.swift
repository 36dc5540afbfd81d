import Foundation
import Testing

@testable import ReducerKit

@Suite struct ByteSnapshotTests {
  @Test func bytesAreEqualComparesEveryByte() {
    for count in [1, 3, 8, 12, 17] {
      let lhs = [UInt8](repeating: 7, count: count)
      for changed in 0..<count {
        var rhs = lhs
        #expect(bytesAreEqual(lhs, rhs, count: count))
        rhs[changed] = 8
        #expect(!bytesAreEqual(lhs, rhs, count: count), "byte \(changed) of \(count)")
      }
    }
  }

  /// The sizes of fields a check meets: a `Bool`, an `Int`, 12 and 16 bytes (the copied head),
  /// and longer ones compared with the snapshot.
  static let sizes = [1, 8, 12, 16, 24, 40]

  /// Runs `body` with a state of 64 distinct bytes, a field of `size` bytes at an unaligned
  /// offset in it, and a check of that field made from a snapshot of its bytes.
  func withField(
    size: Int, _ body: (UnsafeMutableRawBufferPointer, _ offset: Int, ByteCheck) -> Void
  ) {
    let offset = 3
    var state = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
    let snapshot = Array(state[offset..<(offset + size)])
    snapshot.withUnsafeBytes { snapshot in
      let check = ByteCheck(offset: offset, size: size, snapshot: snapshot.baseAddress!)
      state.withUnsafeMutableBytes { state in body(state, offset, check) }
    }
  }

  @Test(arguments: sizes)
  func theSnapshotsBytesAreUnchanged(size: Int) {
    withField(size: size) { state, _, check in
      #expect(check.isUnchanged(in: UnsafeRawPointer(state.baseAddress!)))
    }
  }

  @Test(arguments: sizes)
  func aChangedByteAtAnyPositionIsDetected(size: Int) {
    withField(size: size) { state, offset, check in
      let base = UnsafeRawPointer(state.baseAddress!)
      for position in offset..<(offset + size) {
        let original = state[position]
        state[position] = original ^ 0xFF
        #expect(!check.isUnchanged(in: base), "byte \(position - offset) of \(size)")
        state[position] = original
        #expect(check.isUnchanged(in: base))
      }
    }
  }

  @Test(arguments: sizes)
  func bytesOutsideTheFieldAreNotCompared(size: Int) {
    withField(size: size) { state, offset, check in
      state[offset - 1] ^= 0xFF
      state[offset + size] ^= 0xFF
      #expect(check.isUnchanged(in: UnsafeRawPointer(state.baseAddress!)))
    }
  }

  @Test func anOffsetOfMinusOneIsNeverUnchanged() {
    let bytes = [UInt8](repeating: 0, count: 16)
    bytes.withUnsafeBytes { bytes in
      for size in Self.sizes where size <= 16 {
        let check = ByteCheck(offset: -1, size: size, snapshot: bytes.baseAddress!)
        #expect(!check.isUnchanged(in: bytes.baseAddress!))
      }
    }
  }
}
