/// The address of a state value whose type the code that passes it on does not name: how the
/// store's internal protocols hand a state (the root's, a scoped store's found in it, a row, a
/// child's) to code compiled where its type is known, without a copy of it.
///
/// A wrapper of a raw pointer with no cost of its own (every member is inlined), so that the rest
/// of the package passes addresses and reads through them with these helpers, and never names the
/// raw pointer types.
///
/// Invariants the helpers rely on (each kept by whoever makes the address):
/// - An address is made by ``with(_:_:)`` (the address of a value, valid only inside the call),
///   from a ``StateStorage``'s memory (valid while the storage lives), or from another address
///   (``field(at:)``, ``init(_:)`` of a typed pointer to a value in it); it never outlives the
///   memory it points to: it is passed down into calls, and is kept only by a scoped store, for
///   its root's state, whose memory lives as long as the root it holds.
/// - ``subscript(as:)`` names the type the memory holds: the type of the value the address was
///   made from, or the type of the stored field at an offset. Reads through it are in place (a
///   borrow, not a copy of the whole value); the memory is not written while such a read runs.
/// - ``field(at:)`` is given an offset of ``storedOffset(of:)`` (a stored field of the value's
///   type): the address of that field, inside the value.
///
/// Tested by `StateAddressTests`: a value's address reads back the value, in place (no copy); a
/// field's address reads the field; addresses of the same memory are equal; a mutable address
/// writes in place and reads back.
@usableFromInline
package struct StateAddress: Equatable {
  /// The memory's raw address. For the helpers of this folder only.
  @usableFromInline let raw: UnsafeRawPointer

  /// The address `raw`.
  @inlinable @inline(__always)
  init(_ raw: UnsafeRawPointer) {
    self.raw = raw
  }

  /// The address of the value `pointer` points to.
  @inlinable @inline(__always)
  init<Value>(_ pointer: UnsafePointer<Value>) {
    raw = UnsafeRawPointer(pointer)
  }

  /// Runs `body` with the address of `value`, valid only during the call.
  @inlinable @inline(__always)
  static func with<Value, Result>(_ value: Value, _ body: (StateAddress) -> Result) -> Result {
    withUnsafePointer(to: value) { body(StateAddress(UnsafeRawPointer($0))) }
  }

  /// The `Value` stored here, read in place.
  @inlinable
  subscript<Value>(as _: Value.Type) -> Value {
    @inline(__always) unsafeAddress { UnsafePointer(raw.assumingMemoryBound(to: Value.self)) }
  }

  /// The address of the stored field at `offset` (a ``storedOffset(of:)``) in the value here.
  @inlinable @inline(__always)
  func field(at offset: Int) -> StateAddress {
    StateAddress(raw + offset)
  }
}

/// The address of memory that holds a value a caller replaces in place: a scoped store's last
/// state, which a row store's ``RowAccess`` copies its row over.
///
/// Invariants: as ``StateAddress``'s; in addition, the memory holds an initialized value of the
/// type ``subscript(as:)`` names, and assigning through it destroys that value and stores the
/// new one (no one else reads the memory during the assignment).
@usableFromInline
package struct MutableStateAddress {
  /// The memory's raw address. For the helpers of this folder only.
  @usableFromInline let raw: UnsafeMutableRawPointer

  /// The address of the value `pointer` points to.
  @inlinable @inline(__always)
  init<Value>(_ pointer: UnsafeMutablePointer<Value>) {
    raw = UnsafeMutableRawPointer(pointer)
  }

  /// The `Value` stored here, read and replaced in place.
  @inlinable
  subscript<Value>(as _: Value.Type) -> Value {
    @inline(__always) unsafeAddress { UnsafePointer(raw.assumingMemoryBound(to: Value.self)) }
    @inline(__always) nonmutating unsafeMutableAddress { raw.assumingMemoryBound(to: Value.self) }
  }
}
