/// A key that loads a shared value from somewhere outside the app's state, and subscribes to
/// changes made there: the read-only half of a persistence strategy.
///
/// ReducerKit ships ``InMemoryKey`` (`.inMemory`), ``AppStorageKey`` (`.appStorage`) and
/// ``FileStorageKey`` (`.fileStorage`). Conform to this protocol (or to ``SharedKey``, to save as
/// well) for another source, as swift-sharing 2 keys are written:
///
/// ```swift
/// struct GreetingKey: SharedReaderKey {
///   var id: String { "greeting" }
///   func load(context: LoadContext<String>, continuation: LoadContinuation<String>) {
///     continuation.resume(returning: "Hello")
///   }
///   func subscribe(
///     context: LoadContext<String>, subscriber: SharedSubscriber<String>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
/// }
/// ```
///
/// Every ``Shared`` or ``SharedReader`` made with keys of the same ``id`` shares one reference
/// while any of them is alive.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value the key holds.
  associatedtype Value: Sendable
  /// What makes two keys the same key.
  associatedtype ID: Hashable = Self

  /// What makes two keys the same key: references made with equal ids are one reference.
  var id: ID { get }

  /// Loads the value; call exactly one of the continuation's `resume` methods, now or later.
  ///
  /// `context` is ``LoadContext/initialValue(_:)`` when the first reference is made (with the
  /// default the property was declared with), and ``LoadContext/userInitiated`` for a
  /// `try await $value.load()`.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts sending the changes made outside the app to `subscriber`, until the returned
  /// subscription is cancelled (when the last reference goes away).
  func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription
}

extension SharedReaderKey where ID == Self, Self: Hashable {
  /// The key itself: two equal keys are the same key.
  public var id: Self { self }
}

/// A key that also saves the shared value: a read-write persistence strategy.
///
/// ```swift
/// struct CounterFileKey: SharedKey {
///   let url: URL
///   var id: URL { url }
///   func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///     continuation.resume(with: Result { try Int(String(contentsOf: url, encoding: .utf8)) })
///   }
///   func subscribe(
///     context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
///   func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
///     continuation.resume(with: Result { try "\(value)".write(to: url, atomically: true, encoding: .utf8) })
///   }
/// }
/// ```
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`; call exactly one of the continuation's `resume` methods, now or later.
  ///
  /// `context` is ``SaveContext/didSet`` after a `withLock` changed the value, and
  /// ``SaveContext/userInitiated`` for a `try await $value.save()` (which should write at once,
  /// whatever a strategy coalesces).
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key is asked to load.
public enum LoadContext<Value> {
  /// The first reference for the key is being made, declared with this default.
  case initialValue(Value)
  /// `try await $value.load()` asked.
  case userInitiated

  /// The declared default, when there is one.
  ///
  /// ```swift
  /// let fallback = context.initialValue ?? 0
  /// ```
  public var initialValue: Value? {
    if case .initialValue(let value) = self { return value }
    return nil
  }
}

extension LoadContext: Sendable where Value: Sendable {}

/// Why a key is asked to save.
public enum SaveContext: Hashable, Sendable {
  /// A `withLock` changed the value.
  case didSet
  /// `try await $value.save()` asked: write now.
  case userInitiated
}

/// Cancels a key's subscription when cancelled or released.
///
/// ```swift
/// let observer = NotificationCenter.default.addObserver(…)
/// return SharedSubscription { NotificationCenter.default.removeObserver(observer) }
/// ```
public final class SharedSubscription: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  /// A subscription that runs `cancel` once, when it is cancelled or released.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = Locked(cancel)
  }

  /// Runs the cancellation, once.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    let cancel = onCancel.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit {
    cancel()
  }
}
