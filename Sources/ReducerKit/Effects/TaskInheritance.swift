/// What the tasks of an effect inherit when they start: the dependencies in force where the
/// effect was returned (a reducer's `.dependency` override) and how `dismiss()` dismisses the
/// feature (a presentation or a stack element around it).
///
/// It travels with the effect (``Effect/inheriting(_:)``), not into every `.run`'s work: the
/// ``EffectInterpreter`` keeps the innermost of each in the ``EffectContext`` as it reads the
/// tree, and the runtime applies them once, when a task starts.
///
/// ```swift
/// childEffect.map(Action.child).inheriting(TaskInheritance(dismiss: { $0(.dismiss) }))
/// ```
package struct TaskInheritance<Action> {
  /// The dependencies the effect's tasks run under; `nil` to keep those of the effect around.
  package var dependencies: DependencyValues?
  /// What `dismiss()` does in the effect's tasks, given the task's own `Send`; `nil` to keep the
  /// one of the effect around.
  package var dismiss: (@MainActor @Sendable (Send<Action>) -> Void)?

  /// Dependencies, a dismissal, or both.
  package init(
    dependencies: DependencyValues? = nil,
    dismiss: (@MainActor @Sendable (Send<Action>) -> Void)? = nil
  ) {
    self.dependencies = dependencies
    self.dismiss = dismiss
  }

  /// The same for an effect whose actions `transform` makes: the dismissal gets a `Send` of
  /// this effect's actions, which sends them transformed.
  func map<NewAction>(
    _ transform: UncheckedSendable<(Action) -> NewAction>
  ) -> TaskInheritance<NewAction> {
    guard let dismiss else { return TaskInheritance<NewAction>(dependencies: dependencies) }
    let mappedDismiss: @MainActor @Sendable (Send<NewAction>) -> Void = { send in
      dismiss(send.map(transform.value))
    }
    return TaskInheritance<NewAction>(dependencies: dependencies, dismiss: mappedDismiss)
  }
}

/// The dismissal a task inherits, as the ``EffectContext`` (which is not generic) holds it:
/// the runtime's `RunningEffect<Action>` reads it back as its own type.
final class TaskDismissal<Action>: Sendable {
  /// Dismisses the feature, given the task's `Send`.
  let dismiss: @MainActor @Sendable (Send<Action>) -> Void

  init(_ dismiss: @escaping @MainActor @Sendable (Send<Action>) -> Void) {
    self.dismiss = dismiss
  }

  /// The handler `dismiss()` calls in the task whose `Send` is `send`.
  func handler(for send: Send<Action>) -> DismissHandler {
    let dismiss = dismiss
    return DismissHandler { await dismiss(send) }
  }
}

/// What one task inherits, read from its ``EffectContext`` when it starts, and applied around
/// its work.
struct InheritedByTask<Action>: Sendable {
  let dependencies: DependencyValues?
  let dismissal: TaskDismissal<Action>?

  /// Runs `body` with `send` under the dependencies and the dismissal.
  func run(
    _ body: @Sendable (Send<Action>) async throws -> Void, _ send: Send<Action>
  ) async throws {
    switch (dependencies, dismissal) {
    case (nil, nil):
      try await body(send)
    case (let dependencies?, nil):
      try await DependencyValues.withValues(dependencies) { try await body(send) }
    case (nil, let dismissal?):
      try await DismissEffect.withPresentation(dismissal.handler(for: send)) {
        try await body(send)
      }
    case (let dependencies?, let dismissal?):
      try await DependencyValues.withValues(dependencies) {
        try await DismissEffect.withPresentation(dismissal.handler(for: send)) {
          try await body(send)
        }
      }
    }
  }
}
