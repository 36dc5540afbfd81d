/// What the effect runtime needs from the store that owns it: a way to queue and send the
/// actions effects produce, and the state, for child lifetime checks.
///
/// A host is a class isolated to the main actor, so it is `Sendable`: a concatenation's task holds
/// it weakly and uses it on the main actor only.
@MainActor
package protocol EffectHost: AnyObject, Sendable {
  associatedtype Action

  /// The host's effect runtime.
  var effects: EffectRuntime<Self> { get }

  /// Queues an action an effect sends synchronously (``Effect/send(_:)``): it is reduced after
  /// the action being reduced, before the outer `send` returns.
  func enqueue(_ action: Action, group: EffectGroup?)

  /// Sends an action from an effect's task (or a concatenation's part), to be reduced under the
  /// store's dependencies whatever the task's own are.
  func sendFromEffect(_ action: Action, group: consuming EffectGroup?) -> StoreTask

  /// Reduces the queued actions, unless a reduce loop is already running.
  func drainIfIdle()

  /// The state, in place, for the checks of child lifetimes.
  var stateAddress: StateAddress { get }
}

/// Runs the effects of one root store: interprets an ``Effect`` (synchronous parts at once,
/// asynchronous ones as tasks), registers every task in the ``EffectRegistry`` before it can
/// run, keeps the throttles' bookkeeping, and watches the lifetimes of the children whose
/// effects run (cancelled when the child leaves the state, whoever removed it).
@MainActor
package final class EffectRuntime<Host: EffectHost> {
  package typealias Action = Host.Action

  /// The running effects of the whole store tree.
  package let registry = EffectRegistry()
  /// The throttles, by (feature, id).
  private var throttles = ThrottleTable<Action>()
  /// The child instances with running effects, checked after every action.
  private let lifetimes = ChildLifetimes()

  /// The task executor effects run on (a TestStore's, so it can tell when they are all
  /// suspended); `nil` for the default global executor. Typed `any Sendable` because
  /// `TaskExecutor` needs macOS 15 / iOS 18 while the store runs on macOS 14 / iOS 17.
  package var executor: (any Sendable)? {
    didSet { startOnExecutor = Self.starter(on: executor) }
  }

  /// Starts an effect's task on ``executor``, which it cast to a task executor once, when the
  /// executor was set (rather than once per effect); `nil` without one.
  private var startOnExecutor: (@Sendable (StartedEffect, TaskPriority?) -> Task<Void, Never>)?

  private static func starter(
    on executor: (any Sendable)?
  ) -> (@Sendable (StartedEffect, TaskPriority?) -> Task<Void, Never>)? {
    guard let executor, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *),
      let executor = executor as? any TaskExecutor
    else { return nil }
    return { effect, priority in effect.startTaskPreferring(executor, priority: priority) }
  }

  package init() {}

  /// Whether no child lifetime is watched: then nothing needs checking after an action.
  package var watchesNoChild: Bool {
    @inline(__always) get { lifetimes.isEmpty }
  }

  /// How many child instances are watched.
  package var watchedChildCount: Int { lifetimes.count }

  /// Runs an effect returned for `action`: synchronous parts now, asynchronous parts as
  /// registered tasks.
  package func start(
    _ effect: Effect<Action>, action: Action, context: inout EffectContext, host: Host
  ) {
    guard let box = effect.box else { return }
    // A merge and a cancellable are read from boxes that are not generic: no type metadata, no
    // copy of a generic operation.
    switch box.kind {
    case .merge:
      let parts = unsafeDowncast(box, to: MergeEffectBox.self).parts
      // Room for all its effects at once, rather than tables grown (and rehashed) step by step.
      if parts.count >= 64 { registry.reserveCapacity(parts.count) }
      for part in parts { start(Effect(box: part), action: action, context: &context, host: host) }
      return
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox.self)
      startCancellable(
        Effect(box: cancellable.inner), id: cancellable.id,
        cancelInFlight: cancellable.cancelInFlight, action: action, context: &context, host: host)
      return
    case .run:
      if context.group == nil { context.group = EffectGroup() }
      startTask(
        unsafeDowncast(box, to: RunEffectBox<Action>.self), action: action, context: context,
        host: host)
      return
    case .concatenate, .other:
      startOperation(of: box, action: action, context: &context, host: host)
    }
  }

  /// Runs an effect whose box holds a generic operation (a `.send`, a concatenation, a
  /// cancellation, a throttle, a scoped effect). Out of line: the operation's type metadata,
  /// which reading it needs, is then looked up on this path only, not for every merge,
  /// cancellable and `.run` that ``start(_:action:context:host:)`` reads from its box.
  @inline(never)
  private func startOperation(
    of box: EffectBox, action: Action, context: inout EffectContext, host: Host
  ) {
    // On the box's operation in place, not on a copy of it (`effect.operation`).
    switch unsafeDowncast(box, to: TypedEffectBox<Action>.self).operation {
    case .none:
      return
    case .send(let next):
      if context.group == nil { context.group = EffectGroup() }
      registry.retain(context.group!)
      host.enqueue(next, group: context.group)
    case .run(let run):
      // (A run is a ``RunEffectBox``, read in `start`.)
      if context.group == nil { context.group = EffectGroup() }
      startTask(RunEffectBox(run), action: action, context: context, host: host)
    case .merge(let effects):
      // (A merge is a ``MergeEffectBox``, read above.)
      for effect in effects { start(effect, action: action, context: &context, host: host) }
    case .concatenate(let effects):
      if Effect<Action>(box: box).isSynchronous {
        for effect in effects { start(effect, action: action, context: &context, host: host) }
      } else {
        if context.group == nil { context.group = EffectGroup() }
        startConcatenation(effects, action: action, context: context, host: host)
      }
    case .cancellable(let inner, let id, let cancelInFlight):
      // (Of an effect that is not `.none`, a ``CancellableEffectBox``, read above.)
      startCancellable(
        inner, id: id, cancelInFlight: cancelInFlight, action: action, context: &context,
        host: host)
    case .cancel(let id):
      registry.cancel(EffectKey(path: context.path, id: id))
    case .throttle(let inner, let id, let plan):
      let key = EffectKey(path: context.path, id: id)
      if !context.skipped.isEmpty, context.skipped.contains(key) { return }
      let (decision, clockChanged) = throttles.throttle(inner, key: key, plan: plan)
      if clockChanged {
        runtimeWarn(
          """
          A "throttle" with the id \(id) was used with a clock of another type \
          (\(plan.clockName)) than before. Its interval starts over on the new clock, and an \
          effect waiting on the old one is dropped. Use one clock per throttle id.
          """)
      }
      switch decision {
      case .runNow:
        registry.cancel(key)
        start(inner, action: action, context: &context, host: host)
      case .wait(let lastRun):
        guard !registry.isRunning(key) else { return }
        let fire = Effect<Action>.concatenate(
          .run { _ in try await plan.sleepUntilDue(lastRun) },
          Effect(operation: .throttleFire(id: id, plan: plan))
        )
        start(
          Effect(operation: .cancellable(fire, id: id, cancelInFlight: false)), action: action,
          context: &context, host: host)
      }
    case .throttleFire(let id, let plan):
      let key = EffectKey(path: context.path, id: id)
      guard let pending = throttles.fire(key: key, plan: plan) else { return }
      // The waiting effect runs under its own ids only, not the throttle's: a later throttle
      // cancels a scheduled run, never one that already started.
      var pendingContext = context
      pendingContext.keys.removeAll { $0 == key }
      start(pending, action: action, context: &pendingContext, host: host)
      context.group = pendingContext.group
    case .scoped(let inner, let component, let locator):
      var innerContext = context
      innerContext.path.append(component)
      innerContext.locators.append(locator)
      if component.hasLifetime {
        let key = EffectKey(path: innerContext.path, id: nil)
        // A part of a concatenation whose child went away before the part started.
        if !context.skipped.isEmpty, context.skipped.contains(key) { return }
        innerContext.keys.append(key)
      }
      start(inner, action: action, context: &innerContext, host: host)
      context.group = innerContext.group
    }
  }

  /// Starts `inner` under `id`, after cancelling what runs under it when `cancelInFlight`.
  private func startCancellable(
    _ inner: Effect<Action>, id: EffectID, cancelInFlight: Bool, action: Action,
    context: inout EffectContext, host: Host
  ) {
    let key = EffectKey(path: context.path, id: id)
    // A part of a concatenation whose id was cancelled before the part started.
    if !context.skipped.isEmpty, context.skipped.contains(key) { return }
    if cancelInFlight { registry.cancel(key) }
    // In place, not in a copy of the context (a retain and release of each of its fields per
    // effect): the inner effect only adds to the group, and the key is taken off again.
    context.keys.append(key)
    start(inner, action: action, context: &context, host: host)
    context.keys.removeLast()
  }

  /// Cancels the effects of every watched child that is no longer in the state at `state`.
  package func cancelGoneChildren(in state: StateAddress) {
    let ended = registry.takeEndedLifetimes()
    if !ended.isEmpty { lifetimes.forget(ended) }
    guard !lifetimes.isEmpty else { return }
    for key in lifetimes.removeGone(in: state) { registry.cancel(key) }
  }

  /// Watches the children an effect about to start belongs to.
  private func watchLifetimes(of context: EffectContext) {
    guard !context.locators.isEmpty else { return }
    for key in context.keys where key.id == nil {
      lifetimes.watch(key, locators: context.locators.prefix(key.path.count))
    }
  }

  /// Where the `Send`s of this runtime's effects deliver: one for all of them, made at the first
  /// effect (the host is only known then). Kept as the existential each effect holds, so that
  /// starting one looks up no conformance.
  private var sendTarget: (any SendTarget<Action>)?

  private func sendTarget(for host: Host) -> any SendTarget<Action> {
    if let sendTarget { return sendTarget }
    let target: any SendTarget<Action> = HostSendTarget(host: host, registry: registry)
    sendTarget = target
    return target
  }

  /// `RunningEffect<Action>`, looked up once: made from this metatype, a started effect's object
  /// needs no lookup of its generic type's metadata (this code is not specialized).
  private let runningEffectType = RunningEffect<Action>.self

  private func startTask(
    _ run: RunEffectBox<Action>, action: Action, context: EffectContext, host: Host
  ) {
    // The effect's one object of its own: its status (what its `Send` checks for a
    // cancellation), and all that its task needs, which the task's closure captures alone.
    let effect = runningEffectType.init(
      run, target: sendTarget(for: host),
      scope: EffectTaskScope(registry: registry, path: context.path),
      origin: action, group: context.group)
    guard let token = registry.reserve(keys: context.keys, group: context.group, status: effect)
    else { return }
    effect.token = token
    watchLifetimes(of: context)
    let priority = run.priority
    registry.attach(
      startOnExecutor?(effect, priority) ?? effect.startTask(priority: priority), to: token)
  }

  /// Starts a task on the runtime's executor, if it has one.
  private func makeTask(
    priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    if let executor,
      #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *),
      let executor = executor as? any TaskExecutor
    {
      return Task(executorPreference: executor, priority: priority, operation: operation)
    }
    return Task(priority: priority, operation: operation)
  }

  private func startConcatenation(
    _ effects: [Effect<Action>], action: Action, context: EffectContext, host: Host
  ) {
    guard let token = registry.reserve(keys: context.keys, group: context.group) else { return }
    watchLifetimes(of: context)
    let registry = registry
    // A `.cancel(id:)` (or a `cancelInFlight`, or a child going away) that comes before a part
    // has started must still reach it: watch the keys the parts would register under.
    var partKeys = Set<EffectKey>()
    for effect in effects { effect.cancellationKeys(at: context.path, into: &partKeys) }
    let watch = registry.watchCancellations(of: partKeys)
    // Built here, on the main actor, and only used there (in `runConcatenation`).
    let work = UncheckedSendable((effects, action, context))
    let weakHost = WeakHost(host)
    let operation: @Sendable () async -> Void = {
      await Self.runConcatenation(
        work.value.0, action: work.value.1, context: work.value.2, watch: watch,
        registry: registry, host: weakHost)
      if let watch { registry.endWatch(watch) }
      registry.complete(token)
    }
    registry.attach(makeTask(operation), to: token)
  }

  /// Runs a concatenation's parts in order. The host is only held while a part starts, never
  /// across the wait for it: a concatenation does not keep its store alive.
  private static func runConcatenation(
    _ effects: [Effect<Action>], action: Action, context: EffectContext, watch: UInt64?,
    registry: EffectRegistry, host: WeakHost<Host>
  ) async {
    for effect in effects {
      guard !Task.isCancelled,
        let part = startPart(effect, action: action, context: context, watch: watch, host: host)
      else { break }
      await registry.wait(for: part)
    }
  }

  /// Starts one part, if the host is still there.
  private static func startPart(
    _ effect: Effect<Action>, action: Action, context: EffectContext, watch: UInt64?,
    host: WeakHost<Host>
  ) -> EffectGroup? {
    guard let host = host.value else { return nil }
    return host.effects.startPart(
      effect, action: action, context: context, watch: watch, host: host)
  }

  /// Starts one part of a concatenation in a group of its own, under the same cancellation keys;
  /// returns the group, which the next part waits for.
  private func startPart(
    _ effect: Effect<Action>, action: Action, context: EffectContext, watch: UInt64?, host: Host
  ) -> EffectGroup {
    var partContext = context
    let part = EffectGroup()
    partContext.group = part
    if let watch { partContext.skipped = registry.cancelledKeys(of: watch) }
    registry.retain(part)
    start(effect, action: action, context: &partContext, host: host)
    host.drainIfIdle()
    if !lifetimes.isEmpty { cancelGoneChildren(in: host.stateAddress) }
    registry.release(part)
    return part
  }
}

/// The target of the `Send`s of a runtime's effects: it sends through the host while the host
/// lives, and drops what an effect sends after that effect was cancelled.
@MainActor
private final class HostSendTarget<Host: EffectHost>: SendTarget {
  /// Weak: an effect that kept its `Send` does not keep the store alive.
  weak var host: Host?
  let registry: EffectRegistry

  init(host: Host, registry: EffectRegistry) {
    self.host = host
    self.registry = registry
  }

  func deliver(_ action: Host.Action, status: EffectStatus?) {
    guard let status else { return }
    if registry.isCancelled(status) {
      // Only a `Send` that escaped its effect gets here: inside the effect's own task,
      // `Send` already dropped the action because that task is cancelled.
      #if DEBUG
      runtimeWarn(
        """
        An effect's "send" was called after the effect was cancelled, from outside the \
        effect's task (a callback or a task that kept it): \(describe(action)). The action \
        was dropped. Stop the callback or the task when the effect is cancelled (for \
        example in "withTaskCancellationHandler").
        """)
      #endif
      return
    }
    _ = host?.sendFromEffect(action, group: status.group)
  }
}

/// A started effect, as the task that runs it sees it: a status with work to do.
private class StartedEffect: EffectStatus, @unchecked Sendable {
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
/// (`origin` is only read on the main actor), which is why it can be `@unchecked Sendable`.
private final class RunningEffect<Action>: StartedEffect, @unchecked Sendable {
  /// The effect's box, which holds its work: a reference, so passing it on needs no type
  /// metadata (an `Effect<Action>.Run` value would, in this unspecialized code).
  let box: RunEffectBox<Action>
  let target: any SendTarget<Action>
  /// `Task.cancel(id:)` and `withTaskCancellation(id:)` inside the effect scope their ids here.
  let scope: EffectTaskScope
  /// The action that started the effect, only described on the main actor when the effect
  /// reports an error. As an `Any`: a field of the generic `Action` would have its type's
  /// metadata looked up at every start.
  let origin: Any
  /// The effect's token in the registry, set once it is reserved, before its task exists.
  var token: UInt64 = 0

  init(
    _ box: RunEffectBox<Action>, target: any SendTarget<Action>, scope: EffectTaskScope,
    origin: Any, group: EffectGroup?
  ) {
    self.box = box
    self.target = target
    self.scope = scope
    self.origin = origin
    super.init(group: group)
  }

  /// The work of the effect's task: its body, an error it did not handle reported, then the
  /// effect removed from the registry.
  override nonisolated func execute() async {
    do {
      let send = Send(target: target, status: self)
      let body = box.body
      try await EffectTaskScope.$effect.withValue(scope) { try await body(send) }
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
    scope.registry.complete(token)
  }
}

/// A weak reference to an effect host, for a task that must not keep its store alive.
private struct WeakHost<Host: AnyObject & Sendable>: Sendable {
  weak var value: Host?
  init(_ value: Host?) { self.value = value }
}

/// Where an effect runs and what it inherits: the path of the feature that returned it, the
/// cancellation keys it registers under, and the group of the `send` it counts in.
package struct EffectContext {
  var path: ScopePath = []
  /// How to find each component of `path` in its parent's state.
  var locators: [ChildLocator] = []
  var keys = EffectKeys()
  var group: EffectGroup?
  /// Keys cancelled before this part of a concatenation started: effects under them are skipped.
  var skipped: Set<EffectKey> = []

  init(group: EffectGroup? = nil) {
    self.group = group
  }
}
