/// A key's load, subscription and save, as one root uses them.
///
/// Holds the key the first reference was made with and its subscription, which is cancelled when
/// the root goes away.
final class KeyPersistence<Key: SharedReaderKey>: SharedPersistence {
  typealias Value = Key.Value

  let key: Key
  let saveBody: (@Sendable (Key.Value, SaveContext, SaveContinuation) -> Void)?
  let subscription = Locked<SharedSubscription?>(nil)

  /// A key that saves without a continuation (`.inMemory`), after each change.
  let saveDirectly: (@Sendable (Key.Value) -> Void)?

  /// A key that saves.
  init(_ key: Key) where Key: SharedKey {
    self.key = key
    saveBody = { key.save($0, context: $1, continuation: $2) }
    if let direct = key as? any DirectSaveKey<Key.Value> {
      saveDirectly = { value in direct.saveDirectly(value) }
    } else {
      saveDirectly = nil
    }
  }

  /// A key that only loads.
  init(readerKey key: Key) {
    self.key = key
    saveBody = nil
    saveDirectly = nil
  }

  func start(_ box: SharedBox<Value>, initialValue: Value) {
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
    if let saveDirectly { return saveDirectly(value) }
    guard let saveBody else { return }
    saveBody(
      value, .didSet,
      SaveContinuation(box.keyDescription) { [weak box] result in box?.didSave(result) })
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

/// A key whose save cannot fail or wait (`.inMemory`): saved after each change without the
/// continuation a save otherwise allocates.
package protocol DirectSaveKey<Value>: Sendable {
  associatedtype Value
  /// Stores `value`.
  func saveDirectly(_ value: Value)
}

/// A key that holds writes back (`.fileStorage` coalesces them): written out when the last
/// reference goes away.
package protocol PendingWritesKey {
  /// Writes what is pending now, synchronously.
  func flushPendingWrites()
}
