import Foundation

/// A type `.appStorage` keeps in `UserDefaults`: `Bool`, `Int`, `Double`, `String`, `URL`,
/// `Data`, `Date`, and optionals of each (setting `nil` removes the key).
///
/// ```swift
/// @Shared(.appStorage("volume")) var volume = 0.5
/// ```
///
/// A `URL` is stored as its absolute string: swift-corelibs-foundation stores a `URL` as its
/// path, which would lose a web URL's scheme, host and query. Values are `Equatable` so that a
/// change made to the defaults directly can be told from the value the key last wrote.
public protocol AppStorageValue: Sendable, Equatable {
  /// The value stored under `key`, or `nil` when there is none (or it has another type).
  static func read(from defaults: UserDefaults, forKey key: String) -> Self?
  /// Stores the value under `key`.
  func write(to defaults: UserDefaults, forKey key: String)
}

extension AppStorageValue {
  /// The value stored under `key` as a property-list object of this type.
  public static func read(from defaults: UserDefaults, forKey key: String) -> Self? {
    defaults.object(forKey: key) as? Self
  }

  /// Stores the value as a property-list object.
  public func write(to defaults: UserDefaults, forKey key: String) {
    defaults.set(self, forKey: key)
  }
}

/// Stored as a property-list object.
extension Bool: AppStorageValue {}

/// Stored as a property-list object.
extension Int: AppStorageValue {}

/// Stored as a property-list object.
extension Double: AppStorageValue {}

/// Stored as a property-list object.
extension String: AppStorageValue {}

/// Stored as a property-list object.
extension Data: AppStorageValue {}

/// Stored as a property-list object.
extension Date: AppStorageValue {}

extension URL: AppStorageValue {
  /// The `URL` stored under `key` (as its absolute string).
  public static func read(from defaults: UserDefaults, forKey key: String) -> URL? {
    (defaults.object(forKey: key) as? String).flatMap(URL.init(string:))
  }

  /// Stores the URL's absolute string.
  public func write(to defaults: UserDefaults, forKey key: String) {
    defaults.set(absoluteString, forKey: key)
  }
}

extension Optional: AppStorageValue where Wrapped: AppStorageValue {
  /// `.some(value)` when a value is stored under `key`, `.some(nil)` never: a missing key is
  /// the default.
  public static func read(from defaults: UserDefaults, forKey key: String) -> Wrapped?? {
    Wrapped.read(from: defaults, forKey: key).map { .some($0) }
  }

  /// Stores the value, or removes the key for `nil`.
  public func write(to defaults: UserDefaults, forKey key: String) {
    if let self {
      self.write(to: defaults, forKey: key)
    } else {
      defaults.removeObject(forKey: key)
    }
  }
}
