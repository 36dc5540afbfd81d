// The walks of an effect's tree: `map`, what its tasks inherit (dependencies, dismissal),
// scoping to a child, and what a store needs to know before it starts one.

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
    return mapped(UncheckedSendable(transform))
  }

  /// The one walk of an effect's tree that makes another effect of it (``map(_:)``): the same
  /// tree, each `.send`'s action transformed, each `.run` given a `Send` that transforms what it
  /// sends, and each ``TaskInheritance``'s dismissal given the same.
  private func mapped<NewAction>(
    _ transform: UncheckedSendable<(Action) -> NewAction>
  ) -> Effect<NewAction> {
    func map(_ effect: Self) -> Effect<NewAction> { effect.mapped(transform) }
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform.value(action))
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .throttleFire(let id, let plan):
      return Effect<NewAction>(operation: .throttleFire(id: id, plan: plan))
    case .run(let run):
      let body = run.body
      return Effect<NewAction>(
        operation: .run(
          Effect<NewAction>.Run(
            priority: run.priority, body: { send in try await body(send.map(transform.value)) },
            fileID: run.fileID, line: run.line)))
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map(map)))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map(map)))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(
        operation: .cancellable(map(effect), id: id, cancelInFlight: cancelInFlight))
    case .scoped(let effect, let component, let locator):
      return Effect<NewAction>(operation: .scoped(map(effect), component, locator))
    case .throttle(let effect, let id, let plan):
      return Effect<NewAction>(operation: .throttle(map(effect), id: id, plan: plan))
    case .inheriting(let effect, let inheritance):
      return Effect<NewAction>(
        operation: .inheriting(map(effect), inheritance.map(transform)))
    }
  }

  /// This effect with its asynchronous work running under `values`: how a reducer's
  /// `.dependency` override reaches the effects it returns (they start after it has returned).
  package func withDependencies(_ values: DependencyValues) -> Self {
    inheriting(TaskInheritance(dependencies: values))
  }

  /// This effect with its tasks inheriting `inheritance` when they start (see
  /// ``TaskInheritance``).
  package func inheriting(_ inheritance: TaskInheritance<Action>) -> Self {
    if isNone { return self }
    return Self(operation: .inheriting(self, inheritance))
  }

  /// Whether running this effect needs no task: it only sends actions and cancels.
  package var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .throttleFire: true
    case .throttle: false
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(let effect, _, _), .scoped(let effect, _, _), .inheriting(let effect, _):
      effect.isSynchronous
    }
  }

  /// This effect with its cancellation ids scoped to a child feature (see `Scope`); `locator`
  /// finds the child's state in its parent's, so the store can cancel the effect when the child
  /// goes away.
  package func scoped(to component: ScopeComponent, locator: ChildLocator) -> Self {
    if isNone { return self }
    return Self(operation: .scoped(self, component, locator))
  }
}
