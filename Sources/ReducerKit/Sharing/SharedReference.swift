/// What a ``SharedReader`` reads through: the root of a shared value (a ``SharedBox``) or a
/// part of one (a key path, an unwrapped optional, an element by id).
package protocol SharedReadable<Value>: Sendable {
  associatedtype Value
  /// The root box, whose identity is the reference's: one per key.
  var root: any SharedRoot { get }
  /// The value, as `view` shows it: a test's snapshot when it holds the root, else the live one.
  func read(in view: SharedView?) -> Value
}

/// What a ``Shared`` reads and writes through.
package protocol SharedReference<Value>: SharedReadable {
  /// Mutates the value under the root's lock, then saves it (a keyed root) and tells the stores;
  /// in an asserting `view`, mutates the test's snapshot instead and changes nothing live.
  func update<R, E: Error>(
    in view: SharedView?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R

  /// ``update(in:_:)`` with no view in force: the live value (what `withLock` does outside a
  /// test store's comparisons, on every change; a root takes no view to check and copy).
  func update<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R
}

extension SharedReference {
  /// A derived reference updates through its base, with no view.
  package func update<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    try update(in: nil, body)
  }
}

/// A part of a shared value reached through a writable key path: `$settings.volume`.
struct KeyPathReference<Base: SharedReference, Value>: SharedReference {
  let base: Base
  let keyPath: WritableKeyPath<Base.Value, Value> & Sendable

  var root: any SharedRoot { base.root }

  func read(in view: SharedView?) -> Value {
    base.read(in: view)[keyPath: keyPath]
  }

  func update<R, E: Error>(
    in view: SharedView?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    try base.update(in: view) { (value: inout Base.Value) throws(E) -> R in
      try body(&value[keyPath: keyPath])
    }
  }
}

/// A read-only part of a shared value: `$settings.volume` on a ``SharedReader``.
struct ReadOnlyKeyPathReference<Base: SharedReadable, Value>: SharedReadable {
  let base: Base
  let keyPath: KeyPath<Base.Value, Value> & Sendable

  var root: any SharedRoot { base.root }

  func read(in view: SharedView?) -> Value {
    base.read(in: view)[keyPath: keyPath]
  }
}

/// The value of a shared optional while it is not `nil` (`Shared($optional)`), or an element of
/// a shared collection while it is there (`$todos[id: id]`). Once the value is gone, reads give
/// the last value seen and writes are dropped with a runtime warning: a view holding the
/// reference can still draw while it is being dismissed.
struct PresentReference<Base: SharedReference, Value>: SharedReference {
  let base: Base
  let lastSeen: Locked<Value>
  let extract: @Sendable (Base.Value) -> Value?
  let modify: @Sendable (inout Base.Value, (inout Value) -> Void) -> Bool
  let description: String

  init?(
    _ base: Base, description: String,
    extract: @escaping @Sendable (Base.Value) -> Value?,
    modify: @escaping @Sendable (inout Base.Value, (inout Value) -> Void) -> Bool
  ) {
    guard let value = extract(base.read(in: SharedView.inForce)) else { return nil }
    self.base = base
    lastSeen = Locked(value)
    self.extract = extract
    self.modify = modify
    self.description = description
  }

  var root: any SharedRoot { base.root }

  func read(in view: SharedView?) -> Value {
    if let value = extract(base.read(in: view)) {
      lastSeen.withLock { $0 = value }
      return value
    }
    return lastSeen.withLock { $0 }
  }

  func update<R, E: Error>(
    in view: SharedView?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    var result: Result<R, E>?
    let found = base.update(in: view) { baseValue in
      modify(&baseValue) { value in
        result = Result { () throws(E) -> R in try body(&value) }
        lastSeen.withLock { [value] in $0 = value }
      }
    }
    if found, let result { return try result.get() }
    // Gone: the body runs on the last value seen, which nothing reads back.
    runtimeWarn(
      """
      A shared \(description) was changed after it was gone. The change was dropped: \
      the reference reads the last value it had.
      """)
    var value = lastSeen.withLock { $0 }
    return try body(&value)
  }
}
