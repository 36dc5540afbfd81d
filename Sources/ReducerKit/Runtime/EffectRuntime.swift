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

/// Runs the effects of one root store: carries out what the ``EffectInterpreter`` reads in an
/// ``Effect`` (queues actions, cancels, starts tasks, each registered in the ``EffectRegistry``
/// before it can run), runs concatenations' parts one after the other, and watches the
/// lifetimes of the children whose effects run (cancelled when the child leaves the state,
/// whoever removed it).
@MainActor
package final class EffectRuntime<Host: EffectHost> {
  package typealias Action = Host.Action

  /// The running effects of the whole store tree.
  package let registry = EffectRegistry()
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

  /// The rules that turn an effect into commands (and the throttles' bookkeeping).
  private var interpreter = EffectInterpreter<Action>()

  /// Runs an effect returned for `action`: synchronous parts now, asynchronous parts as
  /// registered tasks, as the ``EffectInterpreter`` reads it.
  package func start(
    _ effect: Effect<Action>, action: Action, context: inout EffectContext, host: Host
  ) {
    guard effect.box != nil else { return }
    interpreter.interpret(
      effect, action: action, context: &context,
      commands: RuntimeCommands(runtime: self, host: host))
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

  fileprivate func startTask(
    _ run: RunEffectBox<Action>, action: Action, context: EffectContext, host: Host
  ) {
    // The effect's one object of its own: its status (what its `Send` checks for a
    // cancellation), and all that its task needs, which the task's closure captures alone.
    guard let token = registry.reserve(keys: context.keys, group: context.group) else { return }
    let effect = runningEffectType.init(
      run, target: sendTarget(for: host),
      scope: EffectTaskScope(registry: registry, path: context.path),
      inheritance: context.inheritance(of: Action.self), origin: action, token: token,
      group: context.group)
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

  fileprivate func startConcatenation(
    _ effects: [Effect<Action>], action: Action, context: EffectContext, host: Host
  ) {
    guard let token = registry.reserve(keys: context.keys, group: context.group) else { return }
    watchLifetimes(of: context)
    let registry = registry
    // A `.cancel(id:)` (or a `cancelInFlight`, or a child going away) that comes before a part
    // has started must still reach it: watch the keys the parts would register under.
    var partKeys = Set<EffectKey>()
    for effect in effects {
      EffectInterpreter.skipKeys(of: effect, at: context.path, into: &partKeys)
    }
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
    let part = registry.makeGroup()
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

/// A weak reference to an effect host, for a task that must not keep its store alive.
private struct WeakHost<Host: AnyObject & Sendable>: Sendable {
  weak var value: Host?
  init(_ value: Host?) { self.value = value }
}

/// The interpreter's commands, carried out by a runtime for its host.
@MainActor
private struct RuntimeCommands<Host: EffectHost>: EffectCommands {
  let runtime: EffectRuntime<Host>
  let host: Host

  func isRunning(_ key: EffectKey) -> Bool { runtime.registry.isRunning(key) }

  func reserveCapacity(_ count: Int) { runtime.registry.reserveCapacity(count) }

  func makeGroup() -> EffectGroup { runtime.registry.makeGroup() }

  func enqueue(_ action: Host.Action, group: EffectGroup) {
    runtime.registry.retain(group)
    host.enqueue(action, group: group)
  }

  func cancel(_ key: EffectKey) { runtime.registry.cancel(key) }

  func startRun(_ run: RunEffectBox<Host.Action>, origin: Host.Action, context: EffectContext) {
    runtime.startTask(run, action: origin, context: context, host: host)
  }

  func startConcatenation(
    _ parts: [Effect<Host.Action>], origin: Host.Action, context: EffectContext
  ) {
    runtime.startConcatenation(parts, action: origin, context: context, host: host)
  }
}
