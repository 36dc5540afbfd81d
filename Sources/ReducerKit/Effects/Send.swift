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
  let target: SendTarget<Action>
  /// The effect this `Send` belongs to, which the target checks for a cancellation; `nil` for a
  /// `Send` made by ``init(send:)``.
  let status: EffectStatus?

  nonisolated init(target: SendTarget<Action>, status: EffectStatus?) {
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
/// Immutable, and only used on the main actor, which is why it can be `@unchecked Sendable`.
class SendTarget<Action>: @unchecked Sendable {
  nonisolated init() {}

  /// Delivers `action`, sent by the effect of `status`.
  @MainActor
  func deliver(_ action: Action, status: EffectStatus?) {}
}

/// The target of a ``Send`` made from a closure.
private final class ClosureSendTarget<Action>: SendTarget<Action>, @unchecked Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  nonisolated init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  @MainActor
  override func deliver(_ action: Action, status: EffectStatus?) {
    send(action)
  }
}

/// The target of a child's ``Send``: embeds each action, then hands it to the parent's target.
private final class MappedSendTarget<ChildAction, Action>: SendTarget<ChildAction>,
  @unchecked Sendable
{
  let parent: SendTarget<Action>
  /// Only ever called on the main actor, in `deliver`.
  let transform: (ChildAction) -> Action

  nonisolated init(_ parent: SendTarget<Action>, _ transform: @escaping (ChildAction) -> Action) {
    self.parent = parent
    self.transform = transform
  }

  @MainActor
  override func deliver(_ action: ChildAction, status: EffectStatus?) {
    parent.deliver(transform(action), status: status)
  }
}
