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
  /// The store, and the value as this key last read or wrote it; `UserDefaults` is not
  /// `Sendable` on every platform, so it is reached under this lock.
  let defaults: Locked<AppStorageDefaults<Value>>
  let read: @Sendable (UserDefaults, String) -> Value?
  let write: @Sendable (UserDefaults, String, Value) -> Void
  let isSame: @Sendable (Value, Value) -> Bool

  /// Two keys are the same when they name the same defaults key in the same store.
  public struct ID: Hashable, Sendable {
    let key: String
    let store: ObjectIdentifier
  }

  /// The defaults key in its store.
  public var id: ID { ID(key: key, store: defaults.withLock { ObjectIdentifier($0.store) }) }

  init(
    _ key: String, store: UserDefaults?,
    read: @escaping @Sendable (UserDefaults, String) -> Value?,
    write: @escaping @Sendable (UserDefaults, String, Value) -> Void,
    isSame: @escaping @Sendable (Value, Value) -> Bool
  ) {
    self.key = key
    defaults = Locked(
      AppStorageDefaults(store: store ?? DependencyValues.current.defaultAppStorage))
    self.read = read
    self.write = write
    self.isSame = isSame
  }

  /// Reads the stored value; a missing key gives the default and stores nothing.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let value = defaults.withLock { defaults in
      defaults.known = read(defaults.store, key)
      return defaults.known
    }
    if let value {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  /// Watches the defaults for changes made to them directly (`UserDefaults.set`, another part of
  /// the program): at once where the platform posts `UserDefaults.didChangeNotification` for
  /// them (Apple platforms), and by a poll every half second everywhere (swift-corelibs-foundation
  /// posts nothing, and no platform posts for another process). This key's own writes are not
  /// loaded again; a removed key gives the default.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let check: @Sendable () -> Void = { [self] in
      let change: Value?? = defaults.withLock { defaults in
        let current = read(defaults.store, key)
        switch (defaults.known, current) {
        case (nil, nil): return .none
        case (let known?, let current?) where isSame(known, current): return .none
        default:
          defaults.known = current
          return .some(current)
        }
      }
      switch change {
      case .none: return
      case .some(let value?): subscriber.yield(value)
      case .some(nil): subscriber.yieldReturningInitialValue()
      }
    }
    let polled = AppStoragePolling.watch(check)
    #if canImport(Darwin)
    let notified = defaults.withLock { defaults in
      UncheckedSendable(
        NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: defaults.store, queue: nil
        ) { _ in check() })
    }
    return SharedSubscription {
      polled.cancel()
      NotificationCenter.default.removeObserver(notified.value)
    }
    #else
    return polled
    #endif
  }

  /// Writes the value to the defaults (an optional's `nil` removes the key).
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    defaults.withLock { defaults in
      write(defaults.store, key, value)
      defaults.known = read(defaults.store, key)
    }
    continuation.resume()
  }
}

/// An `.appStorage` key's store and what the key last read or wrote there, kept together under
/// one lock so that a poll never takes the key's own write, half done, for someone else's.
struct AppStorageDefaults<Value> {
  let store: UserDefaults
  var known: Value?
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
      write: { $2.write(to: $0, forKey: $1) }, isSame: ==)
  }

  /// A key that keeps a `String`-backed value in `UserDefaults`, as its raw value.
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme = Theme.system
  /// ```
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value> {
    AppStorageKey.storingRawValue(key, store: store)
  }

  /// A key that keeps an `Int`-backed value in `UserDefaults`, as its raw value.
  ///
  /// ```swift
  /// @Shared(.appStorage("level")) var level = Level.beginner
  /// ```
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value> {
    AppStorageKey.storingRawValue(key, store: store)
  }

  /// A key that keeps an optional `String`-backed value in `UserDefaults`; `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme: Theme? = nil
  /// ```
  public static func appStorage<Wrapped: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Wrapped.RawValue == String, Self == AppStorageKey<Wrapped?> {
    AppStorageKey.storingRawValue(key, store: store)
  }

  /// A key that keeps an optional `Int`-backed value in `UserDefaults`; `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("level")) var level: Level? = nil
  /// ```
  public static func appStorage<Wrapped: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Wrapped.RawValue == Int, Self == AppStorageKey<Wrapped?> {
    AppStorageKey.storingRawValue(key, store: store)
  }
}

extension AppStorageKey where Value: RawRepresentable, Value.RawValue: AppStorageValue {
  /// A key that stores the value's raw value.
  static func storingRawValue(_ key: String, store: UserDefaults?) -> Self {
    AppStorageKey(
      key, store: store,
      read: { Value.RawValue.read(from: $0, forKey: $1).flatMap(Value.init) },
      write: { $2.rawValue.write(to: $0, forKey: $1) }, isSame: { $0.rawValue == $1.rawValue })
  }
}

extension AppStorageKey {
  /// A key that stores an optional value's raw value; `nil` removes it.
  static func storingRawValue<Wrapped: RawRepresentable>(
    _ key: String, store: UserDefaults?
  ) -> Self where Value == Wrapped?, Wrapped.RawValue: AppStorageValue {
    AppStorageKey(
      key, store: store,
      read: { defaults, key in Wrapped.RawValue.read(from: defaults, forKey: key).map(Wrapped.init)
      },
      write: { defaults, key, value in
        guard let value else { return defaults.removeObject(forKey: key) }
        value.rawValue.write(to: defaults, forKey: key)
      }, isSame: { $0?.rawValue == $1?.rawValue })
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
