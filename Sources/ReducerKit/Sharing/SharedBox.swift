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

/// A shared value: a lock box holding the value and the state of its loading and saving.
///
/// The lock (``guarded``) protects the value, `isLoading`, `loadError` and `saveError`: every
/// read and write of them takes it, from any thread. What runs outside it: the key's save after
/// a change (with a copy of the value taken under the lock), and telling the stores.
package final class SharedBox<Value>: SharedRoot, SharedReference, @unchecked Sendable {
  struct Guarded {
    var value: Value
    var isLoading = false
    var loadError: (any Error)?
    var saveError: (any Error)?
    var version: UInt64 = 0
  }

  let guarded: Locked<Guarded>
  /// The default the value was declared with: what a deleted file or a removed default resets to.
  let initialValue: Value
  let persistence: (any SharedPersistence<Value>)?
  /// Whether a change goes to ``persistence`` (taken once: it is asked after every change).
  private let savesChanges: Bool
  package let keyDescription: String

  /// A value held by no key: `Shared(value:)`.
  init(value: Value) {
    guarded = Locked(Guarded(value: value))
    initialValue = value
    persistence = nil
    savesChanges = false
    keyDescription = "Shared(value: \(Value.self))"
    SharedRegistry.noteBoxCreated()
  }

  /// A keyed value; ``start()`` begins its load once the registry kept it.
  init(initialValue: Value, persistence: any SharedPersistence<Value>, keyDescription: String) {
    guarded = Locked(Guarded(value: initialValue, isLoading: true))
    self.initialValue = initialValue
    self.persistence = persistence
    savesChanges = persistence.savesChanges
    self.keyDescription = keyDescription
    SharedRegistry.noteBoxCreated()
  }

  deinit {
    persistence?.flush(guarded.withLock { $0.value })
  }

  func start() {
    persistence?.start(self, initialValue: initialValue)
  }

  package var root: any SharedRoot { self }

  package func read(in view: SharedView?) -> Value {
    SharedReadRecorder.noteRead(of: self)
    if let view, let value = view.snapshot(of: self) as? Value { return value }
    return guarded.withLock { $0.value }
  }

  package func update<R, E: Error>(
    in view: SharedView?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    if let view, let table = view.assertingTable {
      var value = table[root: self] as? Value ?? guarded.withLock { $0.value }
      defer { table[root: self] = value }
      return try body(&value)
    }
    // Typed throws all the way, with no `Result` or tuple of the caller's `R`: this runs
    // unspecialized (through `any SharedReference`), where each such type is a metadata lookup.
    var changed = false
    defer {
      if changed, savesChanges, let persistence {
        persistence.didChange(guarded.withLock { $0.value }, box: self)
      }
      SharedChangeCenter.valueChanged(self)
    }
    return try guarded.withLock { (guarded: inout Guarded) throws(E) -> R in
      // Counted as a change even when `body` throws: it may have changed the value first.
      defer {
        guarded.version &+= 1
        changed = true
      }
      return try body(&guarded.value)
    }
  }

  func apply(_ result: Result<Value?, any Error>, resetOnNil: Bool) {
    guarded.withLock { guarded in
      guarded.isLoading = false
      guarded.version &+= 1
      switch result {
      case .success(let value?):
        guarded.value = value
        guarded.loadError = nil
      case .success(nil):
        if resetOnNil { guarded.value = initialValue }
        guarded.loadError = nil
      case .failure(let error):
        guarded.loadError = error
      }
    }
    SharedChangeCenter.valueChanged(self)
  }

  /// Records the end of a save.
  func didSave(_ result: Result<Void, any Error>) {
    let failure: (any Error)? = guarded.withLock { guarded in
      switch result {
      case .success: guarded.saveError = nil
      case .failure(let error): guarded.saveError = error
      }
      return guarded.saveError
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
    guarded.withLock { $0.isLoading = isLoading }
  }

  package var isLoading: Bool { guarded.withLock { $0.isLoading } }
  package var loadError: (any Error)? { guarded.withLock { $0.loadError } }
  package var saveError: (any Error)? { guarded.withLock { $0.saveError } }

  package var version: UInt64 { guarded.withLock { $0.version } }

  package func liveValue() -> Any { guarded.withLock { $0.value } }

  package func load() async throws {
    guard let persistence else { return }
    try await persistence.load(into: self)
  }

  package func save() async throws {
    guard let persistence else { return }
    try await persistence.save(guarded.withLock { $0.value }, box: self)
  }
}
