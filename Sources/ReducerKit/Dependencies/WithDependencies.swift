/// Runs `operation` with the current dependencies changed by `updateValues`.
///
/// Dependencies read with ``Dependency`` inside `operation`, and in tasks it creates, see the
/// changes; the previous values are back in force when it returns. Nested calls apply on top of
/// the outer ones:
///
/// ```swift
/// let id = withDependencies {
///   $0.uuid = .constant(UUID(0))
/// } operation: {
///   Model().makeID()
/// }
/// ```
///
/// - Parameters:
///   - updateValues: Changes a copy of the current dependencies.
///   - operation: The work to run with the changed dependencies.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try updateValues(&values)
  return try DependencyValues.withValues(values, operation: operation)
}

/// Runs the asynchronous `operation` with the current dependencies changed by `updateValues`.
///
/// ```swift
/// let title = try await withDependencies {
///   $0.apiClient = APIClient { _ in "Title" }
/// } operation: {
///   try await model.loadTitle()
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor `operation` runs on. Leave the default: the caller's.
///   - updateValues: Changes a copy of the current dependencies.
///   - operation: The work to run with the changed dependencies.
/// - Returns: What `operation` returns.
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try updateValues(&values)
  return try await DependencyValues.withValues(values, isolation: isolation, operation: operation)
}

/// Builds an effect with the current dependencies changed by `updateValues`: the effect's
/// asynchronous work sees the changes too, when it runs after the reducer has returned (TCA's
/// semantics).
///
/// ```swift
/// case .refresh:
///   return withDependencies {
///     $0.apiClient = .cached
///   } operation: {
///     .run { send in
///       await send(.loaded(try await apiClient.fetch()))  // the cached client
///     }
///   }
/// ```
///
/// - Parameters:
///   - updateValues: Changes a copy of the current dependencies.
///   - operation: Builds the effect.
/// - Returns: The effect, running under the changed dependencies.
public func withDependencies<Action>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> Effect<Action>
) rethrows -> Effect<Action> {
  var values = DependencyValues.current
  try updateValues(&values)
  return try DependencyValues.withValues(values, operation: operation).withDependencies(values)
}
