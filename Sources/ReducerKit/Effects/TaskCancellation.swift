extension Task where Success == Never, Failure == Never {
  /// Cancels the effects running under `id`, from inside an effect: the same as returning
  /// `.cancel(id: id)` from the reducer of the feature that started this effect.
  ///
  /// ```swift
  /// case .stopButtonTapped:
  ///   return .run { _ in
  ///     await analytics.track("stopped")
  ///     Task.cancel(id: CancelID.timer)
  ///   }
  /// ```
  ///
  /// The id is scoped like any cancellation id: to the feature (and the child instance) whose
  /// reducer returned the effect that calls this. Outside an effect it cancels the work started
  /// by ``withTaskCancellation(id:cancelInFlight:operation:)`` outside effects under that id.
  /// Cancelling an id that has nothing running does nothing.
  public static func cancel(id: some Hashable & Sendable) {
    let scope = EffectTaskScope.current
    scope.registry.cancel(EffectKey(path: scope.path, id: EffectID(id)))
  }
}

/// Runs `operation` so that it can be cancelled by `id`: by `.cancel(id:)` from the feature's
/// reducer, by `Task.cancel(id:)`, or by a later call with `cancelInFlight: true`.
///
/// ```swift
/// return .run { send in
///   await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     await send(.results(await api.search(query)))
///   }
/// }
/// ```
///
/// The id is scoped like any cancellation id, to the feature whose reducer returned the effect
/// that calls this; outside an effect, ids share one process-wide scope. Cancelling the task
/// that calls this cancels `operation` too.
///
/// - Parameters:
///   - id: The cancellation id.
///   - cancelInFlight: Whether to cancel work already running under `id` first.
///   - operation: The work; it runs in a task of its own, which is what the id cancels.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws (nothing, for an operation that does not throw).
public func withTaskCancellation<Value: Sendable, Failure: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(Failure) -> Value
) async throws(Failure) -> Value {
  let scope = EffectTaskScope.current
  let key = EffectKey(path: scope.path, id: EffectID(id))
  if cancelInFlight { scope.registry.cancel(key) }
  let registry = scope.registry
  let token = registry.reserve(keys: [key], group: nil)
  // Written once by the task, read after it ended.
  let outcome = Locked<Result<Value, Failure>?>(nil)
  let task = Task {
    let result: Result<Value, Failure>
    do throws(Failure) {
      result = .success(try await operation())
    } catch {
      result = .failure(error)
    }
    outcome.withLock { $0 = result }
    if let token { registry.complete(token) }
  }
  if let token { registry.attach(task, to: token) }
  await withTaskCancellationHandler {
    await task.value
  } onCancel: {
    task.cancel()
  }
  return try outcome.withLock { $0! }.get()
}

/// Where the current task's effect was started: the registry of its store and the path of the
/// feature that returned it. Effects run with it set, so `Task.cancel(id:)` and
/// `withTaskCancellation(id:)` scope ids the way `.cancel(id:)` does.
package struct EffectTaskScope: Sendable {
  let registry: EffectRegistry
  let path: ScopePath

  package init(registry: EffectRegistry, path: ScopePath) {
    self.registry = registry
    self.path = path
  }

  /// The scope of the effect running in this task, if any.
  @TaskLocal package static var effect: EffectTaskScope?

  /// The scope of the effect running in this task, or the process-wide one outside effects.
  static var current: EffectTaskScope { effect ?? outside }

  /// Ids used outside any effect.
  private static let outside = EffectTaskScope(registry: EffectRegistry(), path: [])
}
