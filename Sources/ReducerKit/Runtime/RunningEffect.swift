/// Whether one effect was cancelled, for its `Send`: a `Send` that escaped the effect (kept by a
/// callback, or used from a task of its own) must drop what it sends after the cancellation, which
/// the task it is called from cannot tell.
///
/// While the effect runs, the ``CancellationTable`` knows (by ``token``); when it ends, the
/// ``EffectRegistry`` copies the answer here (``wasCancelledWhenEnded``), under its lock, as the
/// table forgets the effect. That one flag is only written and read under the registry's lock,
/// which is why the class can be `@unchecked Sendable`. Not final: the effect runtime's object for
/// a started effect is its status as well (one allocation).
package class EffectStatus: @unchecked Sendable {
  /// The effect's token in the registry: reserved before this object is made.
  package let token: UInt64
  /// The group of the `send` that started the effect: the actions its `Send` sends count in it.
  package let group: EffectGroup?
  /// Whether the effect had been cancelled when it ended (set by the registry, under its lock).
  package var wasCancelledWhenEnded = false

  package init(token: UInt64, group: EffectGroup? = nil) {
    self.token = token
    self.group = group
  }
}

/// A started effect, as the task that runs it sees it: a status with work to do.
class StartedEffect: EffectStatus, @unchecked Sendable {
  /// The work of the effect's task.
  nonisolated func execute() async {}

  /// Starts the effect's task on the global executor.
  ///
  /// Not generic, so the closures given to `Task` capture this object only (which is then their
  /// context: no allocation for one; in a generic function, the closure would capture the type
  /// metadata too). Closure literals, so `Task` takes them as they are (a closure value is wrapped
  /// in a thunk: an allocation or two more per effect). Nonisolated, so they are not isolated to
  /// the main actor: effects run on the global executor, or the executor preferred.
  final nonisolated func startTask(priority: TaskPriority?) -> Task<Void, Never> {
    Task(priority: priority) { await self.execute() }
  }

  /// Starts the effect's task on `executor` (as ``startTask(priority:)`` does on the global one).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
  final nonisolated func startTaskPreferring(
    _ executor: any TaskExecutor, priority: TaskPriority?
  ) -> Task<Void, Never> {
    Task(executorPreference: executor, priority: priority) { await self.execute() }
  }
}

/// A started `.run` effect: its status, and what its task needs.
///
/// Its fields are set on the main actor before its task is created, and never changed after
/// (`origin` is only read on the main actor); its status flag is the registry's (see
/// ``EffectStatus``), which is why it can be `@unchecked Sendable`.
final class RunningEffect<Action>: StartedEffect, @unchecked Sendable {
  /// The effect's box, which holds its work: a reference, so passing it on needs no type
  /// metadata (an `Effect<Action>.Run` value would, in this unspecialized code).
  let box: RunEffectBox<Action>
  let target: any SendTarget<Action>
  /// `Task.cancel(id:)` and `withTaskCancellation(id:)` inside the effect scope their ids here.
  let scope: EffectTaskScope
  /// What the task inherits from the effects around its `.run`: applied once, as it starts.
  let inheritance: InheritedByTask<Action>
  /// The action that started the effect, only described on the main actor when the effect
  /// reports an error. As an `Any`: a field of the generic `Action` would have its type's
  /// metadata looked up at every start.
  let origin: Any

  init(
    _ box: RunEffectBox<Action>, target: any SendTarget<Action>, scope: EffectTaskScope,
    inheritance: InheritedByTask<Action>, origin: Any, token: UInt64, group: EffectGroup?
  ) {
    self.box = box
    self.target = target
    self.scope = scope
    self.inheritance = inheritance
    self.origin = origin
    super.init(token: token, group: group)
  }

  /// The work of the effect's task: its body, an error it did not handle reported, then the
  /// effect removed from the registry.
  override nonisolated func execute() async {
    do {
      let send = Send(target: target, status: self)
      let (body, inheritance) = (box.body, inheritance)
      try await EffectTaskScope.$effect.withValue(scope) {
        try await inheritance.run(body, send)
      }
    } catch is CancellationError where Task.isCancelled {
      // Cancelled effects end with CancellationError: nothing to report.
    } catch {
      let origin = UncheckedSendable(origin)
      let (fileID, line) = (box.fileID, box.line)
      await MainActor.run {
        runtimeWarn(
          """
          An effect started by action \(describe(origin.value)) threw an error that no \
          'catch' handler handled: \(error). Handle errors in the effect, or pass \
          '.run(operation:catch:)' a 'catch' handler. The store keeps running.
          """, fileID: fileID, line: line)
      }
    }
    scope.registry.complete(token, status: self)
  }
}
