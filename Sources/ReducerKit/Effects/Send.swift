/// Sends actions back into the store from a ``Effect/run(priority:operation:catch:fileID:line:)``
/// effect.
///
/// ```swift
/// return .run { send in
///   let user = try await api.currentUser()
///   await send(.userLoaded(user))
/// }
/// ```
///
/// An action sent after the effect was cancelled (or after the store was released) is dropped.
@MainActor
public struct Send<Action>: Sendable {
  /// Where the actions go: one per store runtime (or per ``init(send:)``), shared by the `Send`s
  /// of all its effects, so starting an effect allocates no `Send` of its own.
  let target: any SendTarget<Action>
  /// The effect this `Send` belongs to, which the target checks for a cancellation; `nil` for a
  /// `Send` made by ``init(send:)``.
  let status: EffectStatus?

  nonisolated init(target: any SendTarget<Action>, status: EffectStatus?) {
    self.target = target
    self.status = status
  }

  /// Creates a `Send` that hands each action to `send`, for use in tests of effect code.
  ///
  /// ```swift
  /// let send = Send<Int> { received.append($0) }
  /// ```
  public nonisolated init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.init(target: ClosureSendTarget(send), status: nil)
  }

  /// Sends `action` into the store, unless the effect sending it has been cancelled.
  ///
  /// ```swift
  /// await send(.loaded(items))
  /// ```
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    target.deliver(action, status: status)
  }

  /// A `Send` for a child's actions that embeds each one into this store's action type.
  nonisolated func map<ChildAction>(
    _ transform: @escaping (ChildAction) -> Action
  ) -> Send<ChildAction> {
    Send<ChildAction>(target: MappedSendTarget(target, transform), status: status)
  }
}

/// Where a ``Send`` delivers its actions, given the status of the effect that sends them.
///
/// Its conforming classes are isolated to the main actor (where actions are delivered), which
/// makes them `Sendable` without an unchecked conformance.
protocol SendTarget<Action>: AnyObject, Sendable {
  associatedtype Action

  /// Delivers `action`, sent by the effect of `status`.
  @MainActor
  func deliver(_ action: Action, status: EffectStatus?)
}

/// The target of a ``Send`` made from a closure.
@MainActor
private final class ClosureSendTarget<Action>: SendTarget {
  let send: @MainActor @Sendable (Action) -> Void

  nonisolated init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  func deliver(_ action: Action, status: EffectStatus?) {
    send(action)
  }
}

/// The target of a child's ``Send``: embeds each action, then hands it to the parent's target.
private final class MappedSendTarget<ChildAction, Action>: SendTarget {
  let parent: any SendTarget<Action>
  /// The user's case constructor (or embedding closure): made in the effect's task, only ever
  /// called on the main actor, in `deliver`, which is what its unchecked wrapper stands for.
  let transform: UncheckedSendable<(ChildAction) -> Action>

  init(_ parent: any SendTarget<Action>, _ transform: @escaping (ChildAction) -> Action) {
    self.parent = parent
    self.transform = UncheckedSendable(transform)
  }

  @MainActor
  func deliver(_ action: ChildAction, status: EffectStatus?) {
    parent.deliver(transform.value(action), status: status)
  }
}
