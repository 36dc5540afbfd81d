/// A key that registers a dependency: its value type, the value an app uses, and the value tests
/// use.
///
/// Declare a key, then expose it as a property of ``DependencyValues`` so features can read it
/// with ``Dependency`` and tests can override it with ``withDependencies(_:operation:)``:
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetchTitle: @Sendable (Int) async throws -> String
/// }
///
/// enum APIClientKey: DependencyKey {
///   static let liveValue = APIClient { id in try await Server.shared.title(of: id) }
///   static let testValue = APIClient { _ in "Title" }
/// }
///
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// ``testValue`` is optional. A key without one has no test implementation: when a test reads it
/// without overriding it, ReducerKit reports a runtime warning naming the dependency (a test
/// failure under a test store) before it falls back to ``liveValue``. Live values are never used
/// silently in tests.
///
/// Declare `liveValue` with `static let` when building it is expensive or when it holds state:
/// ReducerKit reads it each time an unset dependency is read in the live context.
public protocol DependencyKey {
  /// The type of the dependency.
  associatedtype Value: Sendable

  /// The value used when the app runs and nothing overrides the dependency.
  static var liveValue: Value { get }

  /// The value used in tests when the test does not override the dependency.
  ///
  /// The default implementation reports a runtime warning naming the dependency, then returns
  /// ``liveValue``.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Reports that the dependency has no test implementation, then returns ``liveValue``.
  ///
  /// Under a test store the report fails the test, so a test never silently talks to a live
  /// service. It is made once per key in each test context. Implement `testValue` in your key, or
  /// override the dependency in the test, to fix it:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.apiClient = APIClient { _ in "Title" }
  /// }
  /// ```
  public static var testValue: Value {
    let resolution = DependencyResolution.current.flatMap {
      $0.key == ObjectIdentifier(Self.self) ? $0 : nil
    }
    let name = resolution?.dependencyName ?? "The dependency keyed by \(Self.self)"
    let property = resolution?.property ?? "yourDependency"
    let message = """
      \(name) has no test implementation, but was used in a test context.

        Key:   \(Self.self)
        Value: \(Value.self)

      Live values are never used silently in tests. Override the dependency in this test \
      (for example `withDependencies: { $0.\(property) = … }`) or give \(Self.self) a \
      `static var testValue`.
      """
    if let site = resolution?.site {
      runtimeWarn(message, fileID: site.fileID, line: site.line)
    } else {
      runtimeWarn(message)
    }
    return liveValue
  }
}

/// Where a dependency was declared with ``Dependency``, for runtime warnings.
@usableFromInline struct DependencySite: Sendable {
  /// The `#fileID` of the `@Dependency` declaration.
  var fileID: StaticString
  /// The line of the `@Dependency` declaration.
  var line: UInt
}

/// The dependency whose test value is being resolved, so that the default
/// ``DependencyKey/testValue`` can name it.
struct DependencyResolution: Sendable {
  /// The key being resolved, as `ObjectIdentifier(Key.self)`.
  var key: ObjectIdentifier
  /// The ``DependencyValues`` property that read the key (`#function` of its getter), if known.
  var property: String?
  /// Where the `@Dependency` that read it was declared, if known.
  var site: DependencySite?

  /// The resolution in progress on the current task.
  @TaskLocal static var current: DependencyResolution?

  /// Creates a resolution; `function` is kept only when it names a property (not a method).
  init(key: ObjectIdentifier, function: StaticString, site: DependencySite?) {
    self.key = key
    let function = "\(function)"
    property = function.isEmpty || function.contains("(") ? nil : function
    self.site = site
  }

  /// `@Dependency(\.property)` when the property is known.
  var dependencyName: String? {
    property.map { "@Dependency(\\.\($0))" }
  }
}

/// Reports, once per `reported` flag, that a built-in dependency without a test implementation was
/// used in a test context.
///
/// - Parameters:
///   - property: The ``DependencyValues`` property, such as `"continuousClock"`.
///   - operation: What the code did with it, such as `"sleep"`.
///   - example: A replacement to suggest in the message, such as `".constant(Date())"`.
///   - reported: The flag of the value being used; the report is made only when it is `false`.
///   - consequence: What the test value does instead, said after the first sentence.
func reportUnimplemented(
  _ property: String, operation: String, example: String, reported: Locked<Bool>,
  consequence: String? = nil
) {
  let isFirst = reported.withLock { reported -> Bool in
    defer { reported = true }
    return !reported
  }
  guard isFirst else { return }
  runtimeWarn(
    """
    Unimplemented: @Dependency(\\.\(property)) was used (\(operation)) in a test context, but it \
    has no test implementation.\(consequence.map { " " + $0 } ?? "") Override it in this test, \
    for example `withDependencies: { $0.\(property) = \(example) }`.
    """)
}
