import Foundation
import Testing

@testable import ReducerKit

@Suite struct ByteChecksTests {
  /// Stored fields of every size and alignment, references among them, and a computed one.
  struct Fields {
    var flag = true
    var small: Int8 = -3
    var wide = 1.5
    var name = "name"
    var list = [1, 2, 3]
    var pair = (Int16(4), UInt64(5))
    var maybe: Int? = 6
    var computed: Int { Int(small) * 2 }
  }

  /// Reads the field at `keyPath` at its offset, as a store does.
  func read<Value>(_ keyPath: KeyPath<Fields, Value>, in fields: Fields) -> Value {
    readStoredField(keyPath, at: MemoryLayout<Fields>.offset(of: keyPath)!, in: fields)
  }

  @Test func aStoredFieldReadAtItsOffsetIsTheField() {
    var fields = Fields()
    for round in 0..<2 {
      #expect(read(\.flag, in: fields) == fields.flag, "round \(round)")
      #expect(read(\.small, in: fields) == fields.small, "round \(round)")
      #expect(read(\.wide, in: fields) == fields.wide, "round \(round)")
      #expect(read(\.name, in: fields) == fields.name, "round \(round)")
      #expect(read(\.list, in: fields) == fields.list, "round \(round)")
      #expect(read(\.pair.1, in: fields) == fields.pair.1, "round \(round)")
      #expect(read(\.maybe, in: fields) == fields.maybe, "round \(round)")
      fields = Fields(
        flag: false, small: 9, wide: -2, name: "other", list: [], pair: (7, 8), maybe: nil)
    }
    // A computed property has no offset: a store reads it through its key path.
    #expect(MemoryLayout<Fields>.offset(of: \Fields.computed) == nil)
  }

  @Test func aFieldOfAStateOfNoBytesIsReadThroughItsKeyPath() {
    struct Nothing: Equatable {}
    struct Empty { var nothing = Nothing() }
    #expect(readStoredField(\Empty.nothing, at: 0, in: Empty()) == Nothing())
  }

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

  @Test func onlyIntegersAndBoolDecideByTheirBytes() {
    #expect(bytesDecideEquality(of: Int.self))
    #expect(bytesDecideEquality(of: Bool.self))
    #expect(bytesDecideEquality(of: UInt8.self))
    #expect(bytesDecideEquality(of: Int32.self))
    // `-0.0 == 0.0` with other bytes; `==` of the others is their authors'.
    #expect(!bytesDecideEquality(of: Double.self))
    #expect(!bytesDecideEquality(of: String.self))
    #expect(!bytesDecideEquality(of: Int?.self))
  }

  @Test func byteChecksFindEachChangedRangeFromTheBack() {
    // Fields of 8 bytes at 0, 8 and 16, one of 12 at 24 and one of 24 at 40.
    var state = [UInt8](repeating: 0, count: 64)
    let ranges = [(0, 8), (8, 8), (16, 8), (24, 12), (40, 24)]
    let snapshot = state
    snapshot.withUnsafeBytes { snapshot in
      let checks = ByteChecks()
      for (offset, size) in ranges {
        checks.append(
          ByteCheck(offset: offset, size: size, snapshot: snapshot.baseAddress! + offset))
      }
      // More than the first capacity: the checks move to larger memory.
      for _ in 0..<20 {
        checks.append(ByteCheck(offset: 0, size: 8, snapshot: snapshot.baseAddress!))
      }
      #expect(checks.count == 25)
      for position in [9, 30, 63] { state[position] = 1 }
      state.withUnsafeBytes { state in
        let state = state.baseAddress!
        #expect(checks.lastChanged(before: 25, in: state) == 4)
        #expect(checks.lastChanged(before: 4, in: state) == 3)
        #expect(checks.lastChanged(before: 3, in: state) == 1)
        #expect(checks.lastChanged(before: 1, in: state) == -1)
        // A check replaced with one of the current bytes no longer finds a change.
        checks[1] = ByteCheck(offset: 8, size: 8, snapshot: state + 8)
        #expect(checks.lastChanged(before: 3, in: state) == -1)
        #expect(checks.removeLast().offset == 0)
        #expect(checks.count == 24)
      }
    }
  }
}
