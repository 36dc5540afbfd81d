/// The effects started by one ``Store/send(_:)``: wait for them or cancel them.
///
/// ```swift
/// // In a SwiftUI `.task`, so the work stops when the view goes away:
/// await store.send(.onAppear).finish()
/// ```
///
/// The task covers the effects the action started, the actions those effects sent back, and the
/// effects that those actions started in turn.
public struct StoreTask: Hashable, Sendable {
  let group: EffectGroup?
  let registry: EffectRegistry?

  init(group: EffectGroup?, registry: EffectRegistry?) {
    self.group = group
    self.registry = registry
  }

  /// Cancels the action's effects. They are cancelled when this method returns.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    guard let group, let registry else { return }
    registry.cancel(group)
  }

  /// Waits until every effect of the action has ended.
  ///
  /// ```swift
  /// await store.send(.refresh).finish()
  /// ```
  ///
  /// Cancelling the task that waits cancels the effects.
  public func finish() async {
    guard let group, let registry else { return }
    await registry.wait(for: group)
  }

  /// Whether the effects were cancelled; `true` for an action that started no effects.
  public var isCancelled: Bool {
    guard let group, let registry else { return true }
    return registry.isCancelled(group)
  }

  /// Whether every effect of the action has ended (used by the TestStore).
  package var isFinished: Bool {
    guard let group, let registry else { return true }
    return registry.isFinished(group)
  }

  /// Whether two tasks are for the same `send`.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.group.map(ObjectIdentifier.init) == rhs.group.map(ObjectIdentifier.init)
  }

  /// Hashes the task's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(group.map(ObjectIdentifier.init))
  }
}
