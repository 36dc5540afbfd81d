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
/// the array of checks; the check is 32 bytes, so that a scan of them is a scan of whole words
/// with a shift for an index.
package struct ByteCheck {
  /// The range's offset in the state; -1 when the observer has no byte check (it has no fixed
  /// offset, or a range too far or too large for these fields, left to the observer's check).
  let offset: Int32
  let size: UInt16
  /// Whether different bytes prove a changed value, so that `==` need not decide: true only for
  /// types whose `==` is equality of their bytes (see ``bytesDecideEquality(of:)``).
  let bytesDecide: Bool
  /// The snapshot's first 16 bytes, zero-padded.
  let head: (UInt64, UInt64)
  let snapshot: UnsafeRawPointer

  init(offset: Int, size: Int, snapshot: UnsafeRawPointer, bytesDecide: Bool = false) {
    let fits = offset >= 0 && offset <= Int(Int32.max) && size <= Int(UInt16.max)
    self.offset = fits ? Int32(offset) : -1
    self.size = fits ? UInt16(size) : 0
    self.snapshot = snapshot
    self.bytesDecide = bytesDecide && fits
    head = fits ? ByteCheck.head(of: snapshot, size: size) : (0, 0)
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
    let field = state + Int(offset)
    let size = Int(size)
    if size == 8 { return field.loadUnaligned(as: UInt64.self) == head.0 }
    if size <= 16 { return ByteCheck.head(of: field, size: size) == head }
    return bytesAreEqual(field, snapshot, count: size)
  }
}

/// Whether `==` of `Value` is equality of its bytes, so that different bytes prove different
/// values: the integer types and `Bool` (no padding, one representation per value). Not the
/// floating-point types (`-0.0 == 0.0`, `nan != nan`), nor any type whose `==` is its author's.
func bytesDecideEquality<Value>(of _: Value.Type) -> Bool {
  Value.self == Int.self || Value.self == Bool.self || Value.self == UInt.self
    || Value.self == Int64.self || Value.self == UInt64.self || Value.self == Int32.self
    || Value.self == UInt32.self || Value.self == Int16.self || Value.self == UInt16.self
    || Value.self == Int8.self || Value.self == UInt8.self
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

/// The byte checks of a ``StateObserverList``, in memory of their own, so that the scan after
/// each action reads them with no bounds, uniqueness or exclusivity checks.
///
/// Invariants: `base` holds `capacity` checks, of which the first `count` are initialized
/// (`ByteCheck` is a trivial type: nothing to destroy, copies are plain moves of bytes); every
/// position passed in is below `count`, which the list, the one owner, ensures.
package final class ByteChecks {
  private var base: UnsafeMutablePointer<ByteCheck>
  private var capacity = 16
  /// How many checks there are.
  private(set) var count = 0

  init() {
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deallocate()
  }

  subscript(position: Int) -> ByteCheck {
    @inline(__always) get { base[position] }
    @inline(__always) set { base[position] = newValue }
  }

  func append(_ check: ByteCheck) {
    if count == capacity {
      let grown = UnsafeMutablePointer<ByteCheck>.allocate(capacity: capacity * 2)
      grown.initialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity *= 2
    }
    (base + count).initialize(to: check)
    count += 1
  }

  /// Removes the last check and returns it.
  @inline(__always)
  func removeLast() -> ByteCheck {
    count -= 1
    return base[count]
  }

  /// The last position below `end` whose range no longer holds its snapshot's bytes (or that has
  /// no byte check), or -1 when there is none.
  @inline(__always)
  func lastChanged(before end: Int, in state: UnsafeRawPointer) -> Int {
    let base = base
    var position = end &- 1
    while position >= 0 {
      if !base[position].isUnchanged(in: state) { return position }
      position &-= 1
    }
    return -1
  }
}
