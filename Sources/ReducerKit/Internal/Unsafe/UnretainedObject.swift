/// An object's address, kept beside a reference that owns the object, and turned back into the
/// object where its type is known: how a reducer's body runner is reached from
/// `Reducer._reduce(body:into:action:)` without a cast of the owning `AnyObject` (a cast returns
/// a new reference, retained and released around every call).
///
/// Invariants:
/// - The address is made by ``init(_:)`` from an object that a reference stored next to it owns
///   (`ReducerBody.runner`), so the object lives as long as the address can be used; the address
///   itself retains nothing.
/// - ``withObject(as:_:)`` names the object's own class (the type it was made from): the object
///   is borrowed for the call, not retained.
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

  /// Runs `body` with the object, an `Object`, borrowed for the call.
  @inlinable @inline(__always)
  func withObject<Object: AnyObject, Result>(
    as _: Object.Type, _ body: (Object) -> Result
  ) -> Result {
    Unmanaged<Object>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
  }
}
