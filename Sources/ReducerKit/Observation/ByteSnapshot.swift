/// Byte comparisons of state in place: the unsafe part of observation, in one file.
///
/// An observer keeps a snapshot of the value it read, in memory of its own, and after each action
/// compares the bytes of that value in the state with the snapshot's. Equal bytes prove the value
/// unchanged; different bytes do not prove a change, so `==` decides then.
///
/// Invariants these functions rely on:
/// - A byte check is only made for a stored field at a fixed offset in the state
///   (`MemoryLayout.offset(of:)` returned one) of a type whose `==` exists (equal bytes prove an
///   equal value for any `==` that is true of a value and itself: the snapshot holds the same
///   references as the field, and a copy-on-write buffer both share cannot change in place).
/// - `offset + size` is within the state, and the snapshot holds `size` initialized bytes: the
///   snapshot is a copy of the field's value, made when the observer read it, and destroyed only
///   with the observer.
/// - The pointers passed are to the current state of the store that made the check, valid for the
///   duration of the call (the root's state storage, or a scoped store's state lifted from it).
/// - Loads are unaligned (`loadUnaligned`), so no alignment is assumed.

/// A byte range of a root store's state and the bytes it had when an observer read it: when they
/// are still the same, the observer's part did not change.
///
/// The first 16 bytes are copied in, so that checking a small field touches only the state and
/// the array of checks.
package struct ByteCheck {
  /// The range's offset in the state; -1 when the observer has no byte check.
  let offset: Int
  let size: Int
  /// The snapshot's first 16 bytes, zero-padded.
  let head: (UInt64, UInt64)
  let snapshot: UnsafeRawPointer

  init(offset: Int, size: Int, snapshot: UnsafeRawPointer) {
    self.offset = offset
    self.size = size
    self.snapshot = snapshot
    head = ByteCheck.head(of: snapshot, size: size)
  }

  /// The first 16 bytes at `pointer`, of `size`, zero-padded.
  @inline(__always)
  private static func head(of pointer: UnsafeRawPointer, size: Int) -> (UInt64, UInt64) {
    var head: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &head) { head in
      head.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(size, 16)))
    }
    return head
  }

  /// Whether the range still holds the snapshot's bytes.
  @inline(__always)
  func isUnchanged(in state: UnsafeRawPointer) -> Bool {
    guard offset >= 0 else { return false }
    let field = state + offset
    if size == 8 { return field.loadUnaligned(as: UInt64.self) == head.0 }
    if size <= 16 { return ByteCheck.head(of: field, size: size) == head }
    return bytesAreEqual(field, snapshot, count: size)
  }
}

/// Whether `count` bytes at `lhs` and `rhs` are equal, a word at a time.
@inline(__always)
func bytesAreEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
  if count == 8 {
    // The common field: an `Int`, a `Double`, a reference.
    return lhs.loadUnaligned(as: UInt64.self) == rhs.loadUnaligned(as: UInt64.self)
  }
  var offset = 0
  while offset &+ 8 <= count {
    if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset &+= 8
  }
  while offset < count {
    if lhs.load(fromByteOffset: offset, as: UInt8.self)
      != rhs.load(fromByteOffset: offset, as: UInt8.self)
    {
      return false
    }
    offset &+= 1
  }
  return true
}
