import Foundation

/// A key that keeps a value in `UserDefaults`: `.appStorage("hapticsEnabled")`.
///
/// ```swift
/// @Shared(.appStorage("hapticsEnabled")) var hapticsEnabled = true
/// @Shared(.appStorage("theme")) var theme = Theme.system  // a String- or Int-backed enum
/// ```
///
/// The store is `store:`, else the `defaultAppStorage` dependency: `UserDefaults.standard` live,
/// a fresh suite for each test store.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  /// The defaults key.
  public let key: String
  /// The store; `UserDefaults` is not `Sendable` on every platform, so it is reached under a lock.
  let defaults: Locked<UserDefaults>
  let read: @Sendable (UserDefaults, String) -> Value?
  let write: @Sendable (UserDefaults, String, Value) -> Void

  /// Two keys are the same when they name the same defaults key in the same store.
  public struct ID: Hashable, Sendable {
    let key: String
    let store: ObjectIdentifier
  }

  /// The defaults key in its store.
  public var id: ID { ID(key: key, store: defaults.withLock { ObjectIdentifier($0) }) }

  init(
    _ key: String, store: UserDefaults?,
    read: @escaping @Sendable (UserDefaults, String) -> Value?,
    write: @escaping @Sendable (UserDefaults, String, Value) -> Void
  ) {
    self.key = key
    defaults = Locked(store ?? DependencyValues.current.defaultAppStorage)
    self.read = read
    self.write = write
  }

  /// Reads the stored value; a missing key gives the default and stores nothing.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    if let value = defaults.withLock({ read($0, key) }) {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  /// A change made to the defaults directly is not watched yet: nothing to subscribe to.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  /// Stores the value.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    defaults.withLock { write($0, key, value) }
    continuation.resume()
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// `.appStorage("hapticsEnabled")`.
  public var description: String { ".appStorage(\(String(reflecting: key)))" }
}

extension SharedReaderKey {
  /// A key that keeps a `Bool`, `Int`, `Double`, `String`, `URL`, `Data` or `Date` (or an
  /// optional of one) in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("hapticsEnabled")) var hapticsEnabled = true
  /// ```
  public static func appStorage<Value: AppStorageValue>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store, read: { Value.read(from: $0, forKey: $1) },
      write: { $2.write(to: $0, forKey: $1) })
  }

  /// A key that keeps a `String`-backed value in `UserDefaults`, as its raw value.
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme = Theme.system
  /// ```
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store, read: { String.read(from: $0, forKey: $1).flatMap(Value.init) },
      write: { $0.set($2.rawValue, forKey: $1) })
  }

  /// A key that keeps an `Int`-backed value in `UserDefaults`, as its raw value.
  ///
  /// ```swift
  /// @Shared(.appStorage("level")) var level = Level.beginner
  /// ```
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store, read: { Int.read(from: $0, forKey: $1).flatMap(Value.init) },
      write: { $0.set($2.rawValue, forKey: $1) })
  }

  /// A key that keeps an optional `String`-backed value in `UserDefaults`; `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme: Theme? = nil
  /// ```
  public static func appStorage<Wrapped: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Wrapped.RawValue == String, Self == AppStorageKey<Wrapped?> {
    AppStorageKey(
      key, store: store,
      read: { defaults, key in String.read(from: defaults, forKey: key).map(Wrapped.init) },
      write: { defaults, key, value in
        if let value {
          defaults.set(value.rawValue, forKey: key)
        } else {
          defaults.removeObject(forKey: key)
        }
      })
  }

  /// A key that keeps an optional `Int`-backed value in `UserDefaults`; `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("level")) var level: Level? = nil
  /// ```
  public static func appStorage<Wrapped: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Wrapped.RawValue == Int, Self == AppStorageKey<Wrapped?> {
    AppStorageKey(
      key, store: store,
      read: { defaults, key in Int.read(from: defaults, forKey: key).map(Wrapped.init) },
      write: { defaults, key, value in
        if let value {
          defaults.set(value.rawValue, forKey: key)
        } else {
          defaults.removeObject(forKey: key)
        }
      })
  }
}

extension DependencyValues {
  /// The `UserDefaults` `.appStorage` keys use when they name no `store:`. Live,
  /// `UserDefaults.standard`; in a test context, a fresh suite for each test store.
  ///
  /// ```swift
  /// $0.defaultAppStorage = UserDefaults(suiteName: "preview")!
  /// ```
  public var defaultAppStorage: UserDefaults {
    get { self[AppStorageDependencyKey.self].withLock { $0 } }
    set { self[AppStorageDependencyKey.self] = Locked(newValue) }
  }
}

private enum AppStorageDependencyKey: DependencyKey {
  static var liveValue: Locked<UserDefaults> { Locked(.standard) }
  static var testValue: Locked<UserDefaults> {
    // A suite that is never synchronized to disk (swift-corelibs-foundation writes only then).
    Locked(UserDefaults(suiteName: "reducerkit.test.\(UUID().uuidString)") ?? .standard)
  }
}
