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
  let deliver: @MainActor (Action) -> Void

  /// Creates a `Send` that hands each action to `send`, for use in tests of effect code.
  ///
  /// ```swift
  /// let send = Send<Int> { received.append($0) }
  /// ```
  public nonisolated init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    deliver = send
  }

  /// Sends `action` into the store, unless the effect sending it has been cancelled.
  ///
  /// ```swift
  /// await send(.loaded(items))
  /// ```
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// A `Send` for a child's actions that embeds each one into this store's action type.
  nonisolated func map<ChildAction>(
    _ transform: @escaping (ChildAction) -> Action
  ) -> Send<ChildAction> {
    // `transform` is only ever called on the main actor, inside `deliver`.
    let transform = UncheckedSendable(transform)
    let deliver = deliver
    return Send<ChildAction>(send: { action in deliver(transform.value(action)) })
  }
}
