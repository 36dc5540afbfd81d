/// An object's address, kept beside a reference that owns the object, and turned back into the
/// object where its type is known: how a reducer's body runner is reached from
/// `Reducer._reduce(body:into:action:)` without a cast of the owning `AnyObject` (a cast returns
/// a new reference, retained and released around every call).
///
/// Invariants:
/// - The address is made by ``init(_:)`` from an object that a reference stored next to it owns
///   (`ReducerBody.runner`), so the object lives as long as the address can be used; the address
///   itself retains nothing.
/// - ``unmanaged(as:)`` names the object's own class (the type it was made from), and the
///   caller only borrows it for a call (`_withUnsafeGuaranteedRef`), never retains or releases
///   it through the result.
///
/// Tested by `UnretainedObjectTests`: the address gives back the same object, does not retain
/// it, and the object lives while its owner does.
@usableFromInline
struct UnretainedObject {
  /// The object's address.
  @usableFromInline let address: UnsafeRawPointer

  /// The address of `object`, which something else keeps alive.
  @inlinable @inline(__always)
  init<Object: AnyObject>(_ object: Object) {
    address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
  }

  /// The object, an `Object`, unretained: its `_withUnsafeGuaranteedRef` borrows it for a call.
  ///
  /// Handed back rather than called with a closure here: a closure passed on through an
  /// inlined helper made the optimizer retain and release the object around each body's call
  /// (three retains per send of `send.scope.depth10`), and a transparent helper kept the
  /// bodies' closures from being inlined. The caller's closure must be the one given to
  /// `_withUnsafeGuaranteedRef`.
  @inlinable @inline(__always)
  func unmanaged<Object: AnyObject>(as _: Object.Type) -> Unmanaged<Object> {
    Unmanaged<Object>.fromOpaque(address)
  }
}
