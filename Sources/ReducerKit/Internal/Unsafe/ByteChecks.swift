/// Byte comparisons of state in place, and reads of stored fields at their offsets: the unsafe
/// part of observation, in one file.
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
///   with the observer. A ``ByteCheck`` reads its snapshot pointer only for a field of more than
///   16 bytes (the first 16 are copied into it); an observer whose value is a plain value of at
///   most 16 bytes keeps it inline, and its check's pointer is not valid after it was made.
/// - The pointers passed are to the current state of the store that made the check, valid for the
///   duration of the call (the root's state storage, or a scoped store's state found in it).
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

  /// The check of the field at `offset` in a state, of `size` bytes, whose value when read is
  /// at `snapshot`.
  @inline(__always)
  init(offset: Int, size: Int, snapshot: StateAddress, bytesDecide: Bool = false) {
    self.init(offset: offset, size: size, snapshot: snapshot.raw, bytesDecide: bytesDecide)
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

  /// Whether the range still holds the snapshot's bytes, in the state at `state`.
  @inline(__always)
  func isUnchanged(in state: StateAddress) -> Bool {
    isUnchanged(in: state.raw)
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

/// The stored field that `keyPath` names in `state`, read at `offset`, its place in the state:
/// how a store reads a field it observes, without applying the key path (in the store's code,
/// which is not specialized for the user's types, `swift_getAtKeyPath` looked up generic type
/// metadata on every read).
///
/// Invariants: `offset` is `MemoryLayout<State>.offset(of: keyPath)` (not `nil`): the key path
/// names stored, inline storage of `State`, so the memory at that offset in a `State` value
/// holds an initialized `Value` (and a read there is a copy of the field). A state of no bytes
/// has no address, and its fields no bytes: those are read through the key path.
func readStoredField<State, Value>(
  _ keyPath: KeyPath<State, Value>, at offset: Int, in state: State
) -> Value {
  withUnsafeBytes(of: state) { bytes in
    guard let base = bytes.baseAddress else { return state[keyPath: keyPath] }
    return (base + offset).assumingMemoryBound(to: Value.self).pointee
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

/// Whether the `count` bytes at the addresses `lhs` and `rhs` are equal, a word at a time.
@inline(__always)
func bytesAreEqual(_ lhs: StateAddress, _ rhs: StateAddress, count: Int) -> Bool {
  bytesAreEqual(lhs.raw, rhs.raw, count: count)
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
/// Beside each check is its word check: the offset and bytes of a field of exactly 8 bytes (an
/// `Int`, a `Double`, a reference: most fields), or -1 when the full check decides. The scan
/// reads the 16-byte word checks, and the 32-byte checks only for the other fields.
///
/// Invariants: `checks` and `words` hold `capacity` elements each, of which the first `count`
/// are initialized (both are trivial types: nothing to destroy, copies are plain moves of
/// bytes); every position passed in is below `count`, which the list, the one owner, ensures.
package final class ByteChecks {
  /// A field of 8 bytes: its offset (-1 for another field) and the bytes it had.
  private struct WordCheck {
    let offset: Int
    let word: UInt64

    init(_ check: ByteCheck) {
      if check.offset >= 0, check.size == 8 {
        (offset, word) = (Int(check.offset), check.head.0)
      } else {
        (offset, word) = (-1, 0)
      }
    }
  }

  private var checks: UnsafeMutablePointer<ByteCheck>
  private var words: UnsafeMutablePointer<WordCheck>
  private var capacity = 16
  /// How many checks there are.
  private(set) var count = 0

  init() {
    checks = .allocate(capacity: capacity)
    words = .allocate(capacity: capacity)
  }

  deinit {
    checks.deallocate()
    words.deallocate()
  }

  subscript(position: Int) -> ByteCheck {
    @inline(__always) get { checks[position] }
    @inline(__always) set {
      checks[position] = newValue
      words[position] = WordCheck(newValue)
    }
  }

  func append(_ check: ByteCheck) {
    if count == capacity {
      let grownChecks = UnsafeMutablePointer<ByteCheck>.allocate(capacity: capacity * 2)
      grownChecks.initialize(from: checks, count: count)
      checks.deallocate()
      checks = grownChecks
      let grownWords = UnsafeMutablePointer<WordCheck>.allocate(capacity: capacity * 2)
      grownWords.initialize(from: words, count: count)
      words.deallocate()
      words = grownWords
      capacity *= 2
    }
    (checks + count).initialize(to: check)
    (words + count).initialize(to: WordCheck(check))
    count += 1
  }

  /// Removes the last check and returns it.
  @inline(__always)
  func removeLast() -> ByteCheck {
    count -= 1
    return checks[count]
  }

  /// The last position below `end` whose range no longer holds its snapshot's bytes in the
  /// state at `state` (or that has no byte check), or -1 when there is none.
  @inline(__always)
  func lastChanged(before end: Int, in state: StateAddress) -> Int {
    lastChanged(before: end, in: state.raw)
  }

  /// The last position below `end` whose range no longer holds its snapshot's bytes (or that has
  /// no byte check), or -1 when there is none.
  @inline(__always)
  func lastChanged(before end: Int, in state: UnsafeRawPointer) -> Int {
    let (checks, words) = (checks, words)
    var position = end &- 1
    while position >= 0 {
      let word = words[position]
      if word.offset >= 0 {
        if (state + word.offset).loadUnaligned(as: UInt64.self) != word.word { return position }
      } else if !checks[position].isUnchanged(in: state) {
        return position
      }
      position &-= 1
    }
    return -1
  }
}
