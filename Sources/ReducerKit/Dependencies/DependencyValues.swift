/// The dependencies that reducers and effects read: clocks, dates, API clients and so on.
///
/// A store created with `withDependencies:` keeps the values set there for every action it
/// reduces:
///
/// ```swift
/// let store = Store(initialState: Feature.State()) {
///   Feature()
/// } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
public struct DependencyValues: Sendable {
  var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Creates an empty set of overrides: every dependency has its default value.
  public init() {}
}
