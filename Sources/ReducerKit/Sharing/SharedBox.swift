/// The root of a shared value, whatever its type: what the registry, the stores and a test's
/// snapshots know of it.
package protocol SharedRoot: AnyObject, Sendable {
  /// Whether a load is in progress.
  var isLoading: Bool { get }
  /// The error of the last load, if it failed.
  var loadError: (any Error)? { get }
  /// The error of the last save, if it failed.
  var saveError: (any Error)? { get }
  /// The key's description, for warnings: `.inMemory("stats")`.
  var keyDescription: String { get }
  /// How many times the value changed: a store's stream of states compares it to tell a change
  /// of its own shared values from another's.
  var version: UInt64 { get }
  /// The live value, for a test's snapshot.
  func liveValue() -> Any
  /// Loads the value again from its key.
  func load() async throws
  /// Saves the value through its key now.
  func save() async throws
}

/// The hooks a key gives its root: loading, saving, flushing.
package protocol SharedPersistence<Value>: Sendable {
  associatedtype Value
  /// Starts the first load and the subscription; results go to `box`.
  func start(_ box: SharedBox<Value>, initialValue: Value)
  /// Whether a change is saved (``didChange(_:box:)`` does something).
  var savesChanges: Bool { get }
  /// The value changed through `withLock`: save it (a reader key does nothing).
  func didChange(_ value: Value, box: SharedBox<Value>)
  /// `try await $value.load()`.
  func load(into box: SharedBox<Value>) async throws
  /// `try await $value.save()`.
  func save(_ value: Value, box: SharedBox<Value>) async throws
  /// The last reference is going away: write what is pending, synchronously.
  func flush(_ value: Value)
}

/// What a shared value's lock protects besides the value: the state of its loading and saving,
/// and its version. Not nested in ``SharedBox``: a type nested in a generic class is generic too,
/// and its metadata was looked up at run time on every change (the box's code runs
/// unspecialized, through `any SharedReference`).
struct SharedBoxStatus {
  var isLoading = false
  var loadError: (any Error)?
  var saveError: (any Error)?
  var version: UInt64 = 0
}

/// A shared value: the value and the state of its loading and saving, behind one lock.
///
/// The lock is ``status``'s: every read and write of the value (``UncheckedFields/unchecked``,
/// inherited so that reaching it needs no generic metadata) and of the status takes it, from
/// any thread. So the value's accesses keep ``UncheckedFields``' invariants by the lock instead
/// of by one thread: each access is made holding it, and is over before it is released.
/// (`withLock`'s body runs holding it, as with any lock: a body that uses the same reference
/// again waits for itself.) What runs outside it: the key's save after a change (with a copy of
/// the value taken under the lock), and telling the stores.
package final class SharedBox<Value>: UncheckedFields<Value>, SharedRoot, SharedReference,
  @unchecked Sendable
{
  let status: Locked<SharedBoxStatus>
  /// The default the value was declared with: what a deleted file or a removed default resets to.
  let initialValue: Value
  let persistence: (any SharedPersistence<Value>)?
  /// Whether a change goes to ``persistence`` (taken once: it is asked after every change).
  private let savesChanges: Bool
  package let keyDescription: String

  /// A value held by no key: `Shared(value:)`.
  init(value: Value) {
    status = Locked(SharedBoxStatus())
    initialValue = value
    persistence = nil
    savesChanges = false
    keyDescription = "Shared(value: \(Value.self))"
    super.init(unchecked: value)
    SharedRegistry.noteBoxCreated()
  }

  /// A keyed value; ``start()`` begins its load once the registry kept it.
  init(initialValue: Value, persistence: any SharedPersistence<Value>, keyDescription: String) {
    status = Locked(SharedBoxStatus(isLoading: true))
    self.initialValue = initialValue
    self.persistence = persistence
    savesChanges = persistence.savesChanges
    self.keyDescription = keyDescription
    super.init(unchecked: initialValue)
    SharedRegistry.noteBoxCreated()
  }

  deinit {
    persistence?.flush(currentValue)
  }

  /// The value, read under the lock.
  private var currentValue: Value {
    status.withLock { _ in unchecked }
  }

  func start() {
    persistence?.start(self, initialValue: initialValue)
  }

  package var root: any SharedRoot { self }

  package func read(in view: SharedView?) -> Value {
    SharedReadRecorder.noteRead(of: self)
    if let view, let value = view.snapshot(of: self) as? Value { return value }
    return currentValue
  }

  package func update<R, E: Error>(
    in view: SharedView?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    if let view, let table = view.assertingTable {
      return try update(snapshotIn: table, body)
    }
    return try update(body)
  }

  package func update<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    // Typed throws all the way, with no `Result` or tuple of the caller's `R`: this runs
    // unspecialized (through `any SharedReference`), where each such type is a metadata lookup.
    // What is seldom needed is out of line, so that its types' metadata are looked up only then.
    defer {
      if savesChanges { saveChange() }
      SharedChangeCenter.valueChanged(self)
    }
    return try status.withLock { (status: inout SharedBoxStatus) throws(E) -> R in
      // Counted as a change even when `body` throws: it may have changed the value first.
      defer { status.version &+= 1 }
      return try body(&unchecked)
    }
  }

  /// An assertion's `withLock`: changes the test's snapshot, never the value.
  @inline(never)
  private func update<R, E: Error>(
    snapshotIn table: SharedSnapshotTable, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    var value = table[root: self] as? Value ?? currentValue
    defer { table[root: self] = value }
    return try body(&value)
  }

  /// Hands the changed value to the key to save.
  @inline(never)
  private func saveChange() {
    persistence?.didChange(currentValue, box: self)
  }

  func apply(_ result: Result<Value?, any Error>, resetOnNil: Bool) {
    status.withLock { status in
      status.isLoading = false
      status.version &+= 1
      switch result {
      case .success(let value?):
        unchecked = value
        status.loadError = nil
      case .success(nil):
        if resetOnNil { unchecked = initialValue }
        status.loadError = nil
      case .failure(let error):
        status.loadError = error
      }
    }
    SharedChangeCenter.valueChanged(self)
  }

  /// Records the end of a save.
  func didSave(_ result: Result<Void, any Error>) {
    let failure: (any Error)? = status.withLock { status in
      switch result {
      case .success: status.saveError = nil
      case .failure(let error): status.saveError = error
      }
      return status.saveError
    }
    if let failure {
      runtimeWarn(
        """
        Saving \(keyDescription) failed: \(failure). The value is kept in memory, and saving is \
        tried again at the next change.
        """)
    }
  }

  func setLoading(_ isLoading: Bool) {
    status.withLock { $0.isLoading = isLoading }
  }

  package var isLoading: Bool { status.withLock { $0.isLoading } }
  package var loadError: (any Error)? { status.withLock { $0.loadError } }
  package var saveError: (any Error)? { status.withLock { $0.saveError } }

  package var version: UInt64 { status.withLock { $0.version } }

  package func liveValue() -> Any { currentValue }

  package func load() async throws {
    guard let persistence else { return }
    try await persistence.load(into: self)
  }

  package func save() async throws {
    guard let persistence else { return }
    try await persistence.save(currentValue, box: self)
  }
}
