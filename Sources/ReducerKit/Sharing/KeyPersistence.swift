/// A key's load, subscription and save, as one root uses them.
///
/// Holds the key the first reference was made with and its subscription, which is cancelled when
/// the root goes away.
final class KeyPersistence<Key: SharedReaderKey>: SharedPersistence {
  typealias Value = Key.Value

  let key: Key
  let saveBody: (@Sendable (Key.Value, SaveContext, SaveContinuation) -> Void)?
  let subscription = Locked<SharedSubscription?>(nil)

  /// Whether a change is saved (not for a key that keeps the root itself: `.inMemory`).
  let savesChanges: Bool

  /// A key that saves.
  init(_ key: Key) where Key: SharedKey {
    self.key = key
    saveBody = { key.save($0, context: $1, continuation: $2) }
    savesChanges = !(key is any RootKeepingKey)
  }

  /// A key that only loads.
  init(readerKey key: Key) {
    self.key = key
    saveBody = nil
    savesChanges = false
  }

  func start(_ box: SharedBox<Value>, initialValue: Value) {
    (key as? any RootKeepingKey)?.keep(box)
    key.load(
      context: .initialValue(initialValue),
      continuation: LoadContinuation(box.keyDescription) { [weak box] result in
        box?.apply(result, resetOnNil: false)
      })
    let subscriber = SharedSubscriber<Value>(
      onResult: { [weak box] result in box?.apply(result, resetOnNil: true) },
      onLoading: { [weak box] isLoading in box?.setLoading(isLoading) })
    let started = key.subscribe(context: .initialValue(initialValue), subscriber: subscriber)
    subscription.withLock { $0 = started }
  }

  func didChange(_ value: Value, box: SharedBox<Value>) {
    guard savesChanges, let saveBody else { return }
    let description = box.keyDescription
    saveBody(
      value, .didSet,
      SaveContinuation(description) { [weak box] result in
        if let box { return box.didSave(result) }
        // The trailing write, made as the last reference went away: no one is left to hold
        // the value or to try again, so say what was lost.
        if case .failure(let error) = result {
          runtimeWarn(
            """
            Saving \(description) failed after its last reference went away: \(error). Its last \
            change was not saved.
            """)
        }
      })
  }

  func load(into box: SharedBox<Value>) async throws {
    let result: Result<Value?, any Error> = await withCheckedContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation(box.keyDescription) { result in
          continuation.resume(returning: result)
        })
    }
    box.apply(result, resetOnNil: false)
    if case .failure(let error) = result { throw error }
  }

  func save(_ value: Value, box: SharedBox<Value>) async throws {
    guard let saveBody else { return }
    let result: Result<Void, any Error> = await withCheckedContinuation { continuation in
      saveBody(
        value, .userInitiated,
        SaveContinuation(box.keyDescription) { result in continuation.resume(returning: result) })
    }
    box.didSave(result)
    try result.get()
  }

  func flush(_ value: Value) {
    (key as? any PendingWritesKey)?.flushPendingWrites()
  }
}

/// A key whose storage keeps the root itself (`.inMemory`), and so the value: a change needs no
/// save (which would copy the value, and allocate a continuation, on every change).
package protocol RootKeepingKey: Sendable {
  /// Keeps `root` for as long as the key's storage lives.
  func keep(_ root: AnyObject)
}

/// A key that holds writes back (`.fileStorage` coalesces them): written out when the last
/// reference goes away.
package protocol PendingWritesKey {
  /// Writes what is pending now, synchronously.
  func flushPendingWrites()
}
