import Foundation

/// Makes UUIDs: a dependency, so tests can predict them.
///
/// Read it with `@Dependency(\.uuid)` and call it:
///
/// ```swift
/// @Dependency(\.uuid) var uuid
///
/// state.todos.append(Todo(id: uuid()))
/// ```
///
/// In tests, use ``incrementing`` or ``constant(_:)``:
///
/// ```swift
/// withDependencies {
///   $0.uuid = .incrementing
/// } operation: { … }
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator that calls `generate` for each UUID.
  ///
  /// ```swift
  /// let generator = UUIDGenerator { UUID() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns a new UUID, as this generator makes it.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public func callAsFunction() -> UUID {
    generate()
  }

  /// A generator that always returns `uuid`.
  ///
  /// ```swift
  /// $0.uuid = .constant(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!)
  /// ```
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// A generator of predictable UUIDs: `00000000-0000-0000-0000-000000000000`, then
  /// `00000000-0000-0000-0000-000000000001`, and so on.
  ///
  /// Each use of `incrementing` makes a new generator with its own counter, shared by its copies
  /// and safe to call from any task.
  ///
  /// ```swift
  /// let uuid = UUIDGenerator.incrementing
  /// uuid()  // 00000000-0000-0000-0000-000000000000
  /// uuid()  // 00000000-0000-0000-0000-000000000001
  /// ```
  public static var incrementing: Self {
    let counter = Locked<UInt64>(0)
    return Self {
      let value = counter.withLock { counter -> UInt64 in
        defer { counter &+= 1 }
        return counter
      }
      return UUID(counting: value)
    }
  }
}

extension UUID {
  /// The `n`-th UUID of ``UUIDGenerator/incrementing``, counting from zero, for writing the
  /// expected ids in tests.
  ///
  /// `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`, and `UUID(255)` is
  /// `00000000-0000-0000-0000-0000000000FF`: `n` in hexadecimal, in the last digits.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Todos.State()) {
  ///   Todos()
  /// } withDependencies: {
  ///   $0.uuid = .incrementing
  /// }
  /// await store.send(.addButtonTapped) {
  ///   $0.todos = [Todo(id: UUID(0), title: "")]
  /// }
  /// ```
  ///
  /// - Parameter n: The position in the sequence, from zero. A negative `n` is a mistake: it is
  ///   reported with a runtime warning and its bit pattern is used.
  public init(_ n: Int) {
    if n < 0 {
      runtimeWarn("UUID(\(n)): the position must not be negative; using its bit pattern")
    }
    self.init(counting: UInt64(bitPattern: Int64(n)))
  }

  /// The UUID whose last 64 bits are `value` in big-endian order (its other bits are zero).
  fileprivate init(counting value: UInt64) {
    func byte(_ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: value >> (8 * (7 - index)))
    }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, 0,
        byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
      ))
  }
}

extension DependencyValues {
  /// Makes UUIDs.
  ///
  /// Live, it returns `UUID()`. In tests, it reports when it is used (its test value is
  /// unimplemented): override it, for example with ``UUIDGenerator/incrementing``.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  ///
  /// let id = uuid()
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }

  static var testValue: UUIDGenerator {
    let reported = Locked(false)
    return UUIDGenerator {
      reportUnimplemented("uuid", operation: "uuid()", example: ".incrementing", reported: reported)
      return UUID()
    }
  }
}
