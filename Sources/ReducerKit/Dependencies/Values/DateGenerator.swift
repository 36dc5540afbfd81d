import Foundation

/// Makes the current date: a dependency, so tests can fix it.
///
/// Read it with `@Dependency(\.date)` and call it, or read ``now``:
///
/// ```swift
/// @Dependency(\.date) var date
///
/// state.createdAt = date()
/// ```
///
/// In tests, fix it with ``constant(_:)``, or by setting ``now``:
///
/// ```swift
/// withDependencies {
///   $0.date = .constant(Date(timeIntervalSince1970: 0))
///   // or: $0.date.now = Date(timeIntervalSince1970: 0)
/// } operation: { … }
/// ```
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// Creates a generator that calls `generate` for each date.
  ///
  /// ```swift
  /// let generator = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) }
  /// ```
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date, as this generator makes it; setting it makes the generator constant.
  ///
  /// ```swift
  /// let now = date.now
  /// ```
  ///
  /// Setting `now` replaces the generator with ``constant(_:)``, the shortest way to fix the date
  /// in a test:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  /// }
  /// ```
  public var now: Date {
    get { generate() }
    set { self = .constant(newValue) }
  }

  /// Returns the current date, as this generator makes it.
  ///
  /// ```swift
  /// let now = date()
  /// ```
  public func callAsFunction() -> Date {
    generate()
  }

  /// A generator that always returns `date`.
  ///
  /// ```swift
  /// $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
  /// ```
  public static func constant(_ date: Date) -> Self {
    Self { date }
  }
}

extension DependencyValues {
  /// Makes the current date.
  ///
  /// Live, it returns `Date()`. In tests, it reports when it is used (its test value is
  /// unimplemented): override it, for example with ``DateGenerator/constant(_:)``.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  ///
  /// state.createdAt = date.now
  /// ```
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }

  static var testValue: DateGenerator {
    let reported = Locked(false)
    return DateGenerator {
      reportUnimplemented(
        "date", operation: "now", example: ".constant(Date(…))", reported: reported)
      return Date()
    }
  }
}
