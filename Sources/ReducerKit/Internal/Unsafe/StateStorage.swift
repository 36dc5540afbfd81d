/// The state of a root store, in memory the store owns: the one place the runtime holds state
/// through a raw pointer.
///
/// Why a pointer and not a stored property: the reducer mutates the state in place (no copy, so
/// copy-on-write buffers stay unique), and no exclusive access to a property is in progress that
/// user code run inside the reduce could conflict with. A read of the store by the reducer
/// itself, by an observer's `==` or key path, or by a child lifetime check, reads the memory
/// directly: the state so far.
///
/// Invariants (relied on by ``StoreRuntime``, the observer checks and the child lifetime checks,
/// which all get ``address``):
/// - The memory is initialized from ``init(_:)`` until ``destroy()``, and always holds a valid
///   `State` in between: the reducer's `inout` access writes it in place, never moves it out.
/// - It is used on the main actor only, and by ``destroy()`` from the owner's `deinit`, when
///   nothing else can reach it: hence the unchecked `Sendable`.
/// - ``destroy()`` is called exactly once, by the owner.
package struct StateStorage<State>: @unchecked Sendable {
  private let pointer: UnsafeMutablePointer<State>

  /// Allocates the memory and initializes it with `initialState`.
  init(_ initialState: State) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: initialState)
  }

  /// The state, read and mutated in place. (Always inlined: the optimizer left each accessor as a
  /// call of its own in the store's unspecialized reduce loop.)
  var value: State {
    @inline(__always)
    unsafeAddress { UnsafePointer(pointer) }
    @inline(__always)
    nonmutating unsafeMutableAddress { pointer }
  }

  /// The state's address, for checks that read parts of it in place.
  var address: StateAddress {
    @inline(__always) get { StateAddress(UnsafePointer(pointer)) }
  }

  /// The state's typed address.
  var typed: UnsafePointer<State> {
    @inline(__always) get { UnsafePointer(pointer) }
  }

  /// Destroys the state and frees the memory.
  func destroy() {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}

/// Memory holding one state value whose type the holder knows but this type's declaration does
/// not: how a scoped store whose state can go away keeps the last state it saw.
///
/// Not generic on purpose: the holder is generic code that is not specialized, where each use of
/// an `Optional` of a type built from the state's type (a `State?`, a `StateStorage<State>?`)
/// looks up that `Optional`'s metadata at run time, and a row store updates its last state after
/// every action it sends and every read. An `Optional<StateMemory>` is a type the compiler knows.
/// A class, so that it destroys its value itself when its holder releases it (the holder's
/// `deinit` runs off the main actor, where the memory must not be touched by name).
///
/// One allocation: the value is stored in the object itself (a `ManagedBuffer`'s elements, as raw
/// bytes), so a row store's last state is found on the cache line of the object that holds it.
/// Its type is kept as a metatype, opened at `deinit`, rather than as a closure that destroys it
/// (which captured the type's metadata and was an allocation of its own).
///
/// Invariants:
/// - Made by ``make(_:)``, which allocates room for the value at its alignment and initializes
///   it; from then on the memory always holds a valid value of that one type (the header's
///   `type`), and every ``pointer(to:)`` names that type.
/// - Used by one holder on the main actor only; its `deinit` destroys the value as its recorded
///   type. The bytes are freed with the object.
package final class StateMemory: ManagedBuffer<StateMemory.Header, UInt8> {
  /// Where the value starts in the object's elements, and its type.
  package struct Header {
    let value: UnsafeMutableRawPointer
    let type: Any.Type
  }

  /// Memory holding `value`.
  static func make<State>(_ value: State) -> StateMemory {
    // Room for the value at its alignment: the elements follow the 8-byte-aligned header, so
    // they are 8-byte aligned at least, and a more aligned type needs the difference as slack.
    let slack = max(MemoryLayout<State>.alignment - 8, 0)
    let buffer = create(minimumCapacity: MemoryLayout<State>.size + slack) { buffer in
      let start = buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
      let aligned = start.alignedUp(toMultipleOf: MemoryLayout<State>.alignment)
      aligned.initializeMemory(as: State.self, to: value)
      return Header(value: aligned, type: State.self)
    }
    return unsafeDowncast(buffer, to: StateMemory.self)
  }

  deinit {
    let header = withUnsafeMutablePointerToHeader { $0.pointee }
    func destroy<Value>(_: Value.Type) {
      header.value.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }
    destroy(header.type)
  }

  /// The value, as the type it was made with, read and replaced in place.
  @inline(__always)
  func pointer<State>(to _: State.Type) -> UnsafeMutablePointer<State> {
    // Through the header's pointer: `header` itself is a class's stored property, whose every
    // read is checked for exclusive access at run time.
    withUnsafeMutablePointerToHeader { $0.pointee.value }.assumingMemoryBound(to: State.self)
  }
}
