// The walks of an effect's tree: `map`, the run wrappers (dependencies, dismissal), scoping to
// a child, and what a store needs to know before it starts one.

extension Effect {
  /// Transforms the actions this effect sends.
  ///
  /// ```swift
  /// let parentEffect = childEffect.map(Action.child)
  /// ```
  ///
  /// - Parameter transform: Called on the main actor for each action the effect sends.
  public func map<NewAction>(_ transform: @escaping (Action) -> NewAction) -> Effect<NewAction> {
    if isNone { return .none }
    // `transform` is only called inside `Send`, which runs on the main actor.
    let sendable = UncheckedSendable(transform)
    return rewritten(keep: { _ in nil }, send: transform) { body in
      { send in try await body(send.map(sendable.value)) }
    }
  }

  /// This effect with its asynchronous work running under `values`: how a reducer's
  /// `.dependency` override reaches the effects it returns (they start after it has returned).
  package func withDependencies(_ values: DependencyValues) -> Self {
    wrappingRuns { body in
      { send in try await DependencyValues.withValues(values) { try await body(send) } }
    }
  }

  /// This effect with each `.run`'s work wrapped by `wrapRun`, and every other part kept as it
  /// is: ``withDependencies(_:)`` and `withDismiss(_:)`.
  package func wrappingRuns(
    _ wrapRun: (
      _ body: @escaping @Sendable (Send<Action>) async throws -> Void
    ) -> @Sendable (Send<Action>) async throws -> Void
  ) -> Self {
    rewritten(keep: { $0 }, send: { $0 }, wrapRun: wrapRun)
  }

  /// The one walk of an effect's tree that makes another effect of it: the same tree, with each
  /// `.send`'s action passed through `send` and each `.run`'s work wrapped by `wrapRun`
  /// (``map(_:)`` and ``wrappingRuns(_:)``).
  ///
  /// - Parameters:
  ///   - keep: A `.send`, `.cancel` or throttle's firing as it is in the new effect, when it can
  ///     be kept (the action type stays the same); `nil` to build it anew.
  ///   - send: Turns a `.send`'s action into the new effect's.
  ///   - wrapRun: Turns a `.run`'s work into the new effect's.
  private func rewritten<NewAction>(
    keep: (Self) -> Effect<NewAction>?,
    send: (Action) -> NewAction,
    wrapRun: (
      _ body: @escaping @Sendable (Send<Action>) async throws -> Void
    ) -> @Sendable (Send<NewAction>) async throws -> Void
  ) -> Effect<NewAction> {
    func rewrite(_ effect: Self) -> Effect<NewAction> {
      effect.rewritten(keep: keep, send: send, wrapRun: wrapRun)
    }
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return keep(self) ?? .send(send(action))
    case .cancel(let id):
      return keep(self) ?? Effect<NewAction>(operation: .cancel(id: id))
    case .throttleFire(let id, let plan):
      return keep(self) ?? Effect<NewAction>(operation: .throttleFire(id: id, plan: plan))
    case .run(let run):
      return Effect<NewAction>(
        operation: .run(
          Effect<NewAction>.Run(
            priority: run.priority, body: wrapRun(run.body), fileID: run.fileID, line: run.line)))
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map(rewrite)))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map(rewrite)))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(
        operation: .cancellable(rewrite(effect), id: id, cancelInFlight: cancelInFlight))
    case .scoped(let effect, let component, let locator):
      return Effect<NewAction>(operation: .scoped(rewrite(effect), component, locator))
    case .throttle(let effect, let id, let plan):
      return Effect<NewAction>(operation: .throttle(rewrite(effect), id: id, plan: plan))
    }
  }

  /// Whether running this effect needs no task: it only sends actions and cancels.
  package var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .throttleFire: true
    case .throttle: false
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(let effect, _, _), .scoped(let effect, _, _): effect.isSynchronous
    }
  }

  /// This effect with its cancellation ids scoped to a child feature (see `Scope`); `locator`
  /// finds the child's state in its parent's, so the store can cancel the effect when the child
  /// goes away.
  package func scoped(to component: ScopeComponent, locator: ChildLocator) -> Self {
    if isNone { return self }
    return Self(operation: .scoped(self, component, locator))
  }

  /// The cancellation keys this effect registers under when it starts at `path` (its ids, and the
  /// lifetimes of the children it belongs to): what a concatenation watches for its parts that
  /// have not started yet.
  package func cancellationKeys(at path: ScopePath, into keys: inout Set<EffectKey>) {
    switch operation {
    case .none, .send, .cancel, .throttleFire, .run:
      return
    case .merge(let effects), .concatenate(let effects):
      for effect in effects { effect.cancellationKeys(at: path, into: &keys) }
    case .cancellable(let effect, let id, _):
      keys.insert(EffectKey(path: path, id: id))
      effect.cancellationKeys(at: path, into: &keys)
    case .throttle(let effect, let id, _):
      keys.insert(EffectKey(path: path, id: id))
      effect.cancellationKeys(at: path, into: &keys)
    case .scoped(let effect, let component, _):
      let childPath = path + [component]
      if component.hasLifetime { keys.insert(EffectKey(path: childPath, id: nil)) }
      effect.cancellationKeys(at: childPath, into: &keys)
    }
  }
}
