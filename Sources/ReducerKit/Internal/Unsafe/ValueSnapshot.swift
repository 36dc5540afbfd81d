/// The value an observer read, kept to compare with the state after each action: inline when it
/// is a plain value of at most 16 bytes, otherwise a copy in memory of its own. What
/// ``StateObserver`` holds, so that its checks compare bytes with no type metadata.
///
/// Invariants:
/// - A snapshot made by ``init(_:)`` holds the bytes of a `Value` (inline: `_isPOD`, size at
///   most 16, alignment at most 8, zero-padded; otherwise ``allocated`` points to an
///   initialized `Value` of its own).
/// - Every read of the address ``withAddress(_:)`` passes, and ``destroy(as:)``, name that
///   `Value` (the observer's part knows it), and ``destroy(as:)`` is called exactly once for an allocated snapshot, by its owner's
///   `deinit`; an inline one needs none (a plain value holds nothing to release).
/// - The address ``withAddress(_:)`` passes is valid only during the call (for an inline
///   snapshot it is a copy of its bytes on the stack).
///
/// Tested by `ValueSnapshotTests`: a small plain value is inline and reads back, a value with
/// references or of more than 16 bytes is allocated, reads back and is destroyed (its references
/// released), and the address passed holds the value's bytes.
package struct ValueSnapshot {
  /// The value's bytes, zero-padded, when it is inline.
  private let inline: (UInt64, UInt64)
  /// Otherwise the value's copy, in memory of its own; `nil` when it is inline.
  private let allocated: UnsafeMutableRawPointer?

  /// A snapshot of `value`.
  @inline(__always)
  init<Value>(_ value: Value) {
    if _isPOD(Value.self), MemoryLayout<Value>.size <= 16, MemoryLayout<Value>.alignment <= 8 {
      // A plain value needs no memory of its own, nor destroying: no allocation per read, and
      // none freed when the observer is notified. Its bytes are stored, not copied out of
      // `withUnsafeBytes(of: value)`: that function, here unspecialized, calls its closure
      // through a function value, and the read of a field at its offset (the read an observer
      // follows) calls it with another closure, so that call's target changed on every read,
      // which the processor mispredicts.
      var bytes: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &bytes) { $0.storeBytes(of: value, as: Value.self) }
      inline = bytes
      allocated = nil
    } else {
      inline = (0, 0)
      let copy = UnsafeMutablePointer<Value>.allocate(capacity: 1)
      copy.initialize(to: value)
      allocated = UnsafeMutableRawPointer(copy)
    }
  }

  /// Whether the value is in memory of its own, which ``destroy(as:)`` frees.
  var isAllocated: Bool {
    @inline(__always) get { allocated != nil }
  }

  /// Runs `body` with the value's address (for an inline one, of a copy of its bytes, valid
  /// during the call).
  @inline(__always)
  func withAddress<Result>(_ body: (StateAddress) -> Result) -> Result {
    if let allocated { return body(StateAddress(UnsafeRawPointer(allocated))) }
    var bytes = inline
    return withUnsafeBytes(of: &bytes) { body(StateAddress($0.baseAddress!)) }
  }

  /// Destroys and frees an allocated snapshot of a `Value`; nothing for an inline one.
  func destroy<Value>(as _: Value.Type) {
    guard let allocated else { return }
    let value = allocated.assumingMemoryBound(to: Value.self)
    value.deinitialize(count: 1)
    value.deallocate()
  }
}
