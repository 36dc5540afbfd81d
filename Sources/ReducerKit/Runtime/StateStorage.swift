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
/// which all get ``raw``):
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
  var raw: UnsafeRawPointer {
    @inline(__always) get { UnsafeRawPointer(pointer) }
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
/// Invariants:
/// - Made by ``init(_:)``, which initializes it with a value; from then on it always holds a
///   valid value of that one type, and every ``pointer(to:)`` names that type.
/// - Used by one holder on the main actor only; its `deinit` destroys the value with the
///   function made for its type at init, and frees the memory.
package final class StateMemory {
  private let raw: UnsafeMutableRawPointer
  /// Destroys the value in `raw`, made at init where its type was known.
  private let destroyValue: (UnsafeMutableRawPointer) -> Void

  /// Allocates the memory and initializes it with `value`.
  init<State>(_ value: State) {
    let typed = UnsafeMutablePointer<State>.allocate(capacity: 1)
    typed.initialize(to: value)
    raw = UnsafeMutableRawPointer(typed)
    destroyValue = { $0.assumingMemoryBound(to: State.self).deinitialize(count: 1) }
  }

  deinit {
    destroyValue(raw)
    raw.deallocate()
  }

  /// The value, as the type it was made with, read and replaced in place.
  @inline(__always)
  func pointer<State>(to _: State.Type) -> UnsafeMutablePointer<State> {
    raw.assumingMemoryBound(to: State.self)
  }
}
