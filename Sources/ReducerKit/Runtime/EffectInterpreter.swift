/// What the ``EffectInterpreter`` asks for as it reads an effect: the ``EffectRuntime`` does it
/// (queues actions, cancels, starts tasks); a test records it.
///
/// Every command gets the ``EffectContext`` it applies in: the feature's path, the cancellation
/// keys the work registers under and the group of the `send` it counts in.
@MainActor
protocol EffectCommands<Action> {
  associatedtype Action

  /// Whether an effect is registered under `key` now: a throttle schedules one run at a time.
  func isRunning(_ key: EffectKey) -> Bool

  /// Makes the group of a `send` (at its first effect).
  func makeGroup() -> EffectGroup

  /// Makes room for `count` more effects at once (a large merge).
  func reserveCapacity(_ count: Int)

  /// Queues `action` (a `.send`), counted in `group`: reduced after the action being reduced.
  func enqueue(_ action: Action, group: EffectGroup)

  /// Cancels the effects registered under `key`.
  func cancel(_ key: EffectKey)

  /// Starts a `.run`'s work as a task, registered under `context.keys` in `context.group`.
  func startRun(_ run: RunEffectBox<Action>, origin: Action, context: EffectContext)

  /// Starts a concatenation's parts, one after the other, in a task registered under
  /// `context.keys` in `context.group`; each part is read by the interpreter when it starts.
  func startConcatenation(_ parts: [Effect<Action>], origin: Action, context: EffectContext)
}

/// The rules that turn an ``Effect`` into ``EffectCommands``: what a merge, a cancellable (and
/// its `cancelInFlight`), a `.cancel`, a concatenation, a throttle and a child's scope mean.
///
/// A value with no tasks and no locks: the throttles' bookkeeping is its only state. The
/// ``EffectRuntime`` runs one per root store and carries out its commands; the tests drive it
/// with a recorder, without tasks.
///
/// The rules:
/// - A cancellable registers its inner effect under `(path, id)`; with `cancelInFlight`, what runs
///   under that key is cancelled first.
/// - A part of a concatenation whose key (an id, or its child's lifetime) was cancelled before the
///   part started is skipped (``EffectContext/skipped``).
/// - A concatenation that only sends and cancels runs its parts at once; any other runs them one
///   after the other, in a task.
/// - A throttle runs its effect at once when its interval has passed (cancelling the one it
///   replaces); otherwise it keeps the latest effect and schedules one run at the interval's end,
///   under the throttle's id, unless one is scheduled already.
/// - A child's scope adds its component to the path and, for a child with a lifetime, registers
///   its effects under the child's key, cancelled when the child leaves the state.
@MainActor
struct EffectInterpreter<Action> {
  /// The throttles, by (feature, id).
  private var throttles = ThrottleTable<Action>()

  init() {}

  /// Reads `effect`, returned by the reducer for `action`, and issues its commands.
  mutating func interpret(
    _ effect: Effect<Action>, action: Action, context: inout EffectContext,
    commands: some EffectCommands<Action>
  ) {
    guard let box = effect.box else { return }
    // A merge and a cancellable are read from boxes that are not generic: no type metadata, no
    // copy of a generic operation.
    switch box.kind {
    case .merge:
      let parts = unsafeDowncast(box, to: MergeEffectBox.self).parts
      // Room for all its effects at once, rather than tables grown (and rehashed) step by step.
      if parts.count >= 64 { commands.reserveCapacity(parts.count) }
      for part in parts {
        interpret(Effect(box: part), action: action, context: &context, commands: commands)
      }
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox.self)
      interpretCancellable(
        Effect(box: cancellable.inner), id: cancellable.id,
        cancelInFlight: cancellable.cancelInFlight, action: action, context: &context,
        commands: commands)
    case .run:
      context.makeGroupIfNeeded(commands)
      commands.startRun(
        unsafeDowncast(box, to: RunEffectBox<Action>.self), origin: action, context: context)
    case .concatenate, .other:
      interpretOperation(of: box, action: action, context: &context, commands: commands)
    }
  }

  /// Reads an effect whose box holds a generic operation (a `.send`, a concatenation, a
  /// cancellation, a throttle, a scoped effect). Out of line: the operation's type metadata,
  /// which reading it needs, is then looked up on this path only, not for every merge,
  /// cancellable and `.run` that ``interpret(_:action:context:commands:)`` reads from its box.
  @inline(never)
  private mutating func interpretOperation(
    of box: EffectBox, action: Action, context: inout EffectContext,
    commands: some EffectCommands<Action>
  ) {
    // On the box's operation in place, not on a copy of it (`effect.operation`).
    switch unsafeDowncast(box, to: TypedEffectBox<Action>.self).operation {
    case .none:
      return
    case .send(let next):
      commands.enqueue(next, group: context.makeGroupIfNeeded(commands))
    case .run(let run):
      // (A run is a ``RunEffectBox``, read in `interpret`.)
      context.makeGroupIfNeeded(commands)
      commands.startRun(RunEffectBox(run), origin: action, context: context)
    case .merge(let effects):
      // (A merge is a ``MergeEffectBox``, read in `interpret`.)
      for effect in effects {
        interpret(effect, action: action, context: &context, commands: commands)
      }
    case .concatenate(let effects):
      if Effect<Action>(box: box).isSynchronous {
        for effect in effects {
          interpret(effect, action: action, context: &context, commands: commands)
        }
      } else {
        context.makeGroupIfNeeded(commands)
        commands.startConcatenation(effects, origin: action, context: context)
      }
    case .cancellable(let inner, let id, let cancelInFlight):
      // (Of an effect that is not `.none`, a ``CancellableEffectBox``, read in `interpret`.)
      interpretCancellable(
        inner, id: id, cancelInFlight: cancelInFlight, action: action, context: &context,
        commands: commands)
    case .cancel(let id):
      commands.cancel(EffectKey(path: context.path, id: id))
    case .throttle(let inner, let id, let plan):
      interpretThrottle(
        inner, id: id, plan: plan, action: action, context: &context, commands: commands)
    case .throttleFire(let id, let plan):
      let key = EffectKey(path: context.path, id: id)
      guard let pending = throttles.fire(key: key, plan: plan) else { return }
      // The waiting effect runs under its own ids only, not the throttle's: a later throttle
      // cancels a scheduled run, never one that already started.
      var pendingContext = context
      pendingContext.keys.removeAll { $0 == key }
      interpret(pending, action: action, context: &pendingContext, commands: commands)
      context.group = pendingContext.group
    case .scoped(let inner, let component, let locator):
      var innerContext = context
      innerContext.path.append(component)
      innerContext.locators.append(locator)
      if component.hasLifetime {
        let key = EffectKey(path: innerContext.path, id: nil)
        // A part of a concatenation whose child went away before the part started.
        if context.isSkipped(key) { return }
        innerContext.keys.append(key)
      }
      interpret(inner, action: action, context: &innerContext, commands: commands)
      context.group = innerContext.group
    case .inheriting(let inner, let inheritance):
      // The innermost wins: read from the outside in, each replaces what is around it.
      var innerContext = context
      if let dependencies = inheritance.dependencies { innerContext.dependencies = dependencies }
      if let dismiss = inheritance.dismiss { innerContext.dismissal = TaskDismissal(dismiss) }
      interpret(inner, action: action, context: &innerContext, commands: commands)
      context.group = innerContext.group
    }
  }

  /// Reads `inner` under `id`, after cancelling what runs under it when `cancelInFlight`.
  private mutating func interpretCancellable(
    _ inner: Effect<Action>, id: EffectID, cancelInFlight: Bool, action: Action,
    context: inout EffectContext, commands: some EffectCommands<Action>
  ) {
    let key = EffectKey(path: context.path, id: id)
    // A part of a concatenation whose id was cancelled before the part started.
    if context.isSkipped(key) { return }
    if cancelInFlight { commands.cancel(key) }
    // In place, not in a copy of the context (a retain and release of each of its fields per
    // effect): the inner effect only adds to the group, and the key is taken off again.
    context.keys.append(key)
    interpret(inner, action: action, context: &context, commands: commands)
    context.keys.removeLast()
  }

  /// Runs `inner` now when the throttle's interval has passed, else schedules its run.
  private mutating func interpretThrottle(
    _ inner: Effect<Action>, id: EffectID, plan: ThrottlePlan, action: Action,
    context: inout EffectContext, commands: some EffectCommands<Action>
  ) {
    let key = EffectKey(path: context.path, id: id)
    if context.isSkipped(key) { return }
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
      commands.cancel(key)
      interpret(inner, action: action, context: &context, commands: commands)
    case .wait(let lastRun):
      guard !commands.isRunning(key) else { return }
      let fire = Effect<Action>.concatenate(
        .run { _ in try await plan.sleepUntilDue(lastRun) },
        Effect(operation: .throttleFire(id: id, plan: plan))
      )
      interpret(
        Effect(operation: .cancellable(fire, id: id, cancelInFlight: false)), action: action,
        context: &context, commands: commands)
    }
  }
}

extension EffectInterpreter {
  /// Adds to `keys` every key under which ``interpret(_:action:context:commands:)`` could skip
  /// part of `effect` read at `path` (where it asks ``EffectContext/isSkipped(_:)``): a
  /// cancellable's id, a throttle's id, and the lifetime of each child that has one. What a
  /// concatenation watches for its parts that have not started yet; next to the rules it
  /// follows, and held to them by tests (a key whose cancellation changes what a part does is
  /// among these).
  static func skipKeys(
    of effect: Effect<Action>, at path: ScopePath, into keys: inout Set<EffectKey>
  ) {
    switch effect.operation {
    case .none, .send, .cancel, .throttleFire, .run:
      return
    case .merge(let effects), .concatenate(let effects):
      for effect in effects { skipKeys(of: effect, at: path, into: &keys) }
    case .cancellable(let effect, let id, _), .throttle(let effect, let id, _):
      keys.insert(EffectKey(path: path, id: id))
      skipKeys(of: effect, at: path, into: &keys)
    case .inheriting(let effect, _):
      skipKeys(of: effect, at: path, into: &keys)
    case .scoped(let effect, let component, _):
      let childPath = path + [component]
      if component.hasLifetime { keys.insert(EffectKey(path: childPath, id: nil)) }
      skipKeys(of: effect, at: childPath, into: &keys)
    }
  }
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
  /// The dependencies the tasks started here run under (``TaskInheritance``); `nil` for those
  /// in force where the store started the effect.
  var dependencies: DependencyValues?
  /// How `dismiss()` dismisses in the tasks started here: a ``TaskDismissal`` of the store's
  /// action type; `nil` where nothing presents the feature.
  var dismissal: AnyObject?

  init(group: EffectGroup? = nil) {
    self.group = group
  }

  /// The group of the `send`, made by `commands` at its first effect.
  @MainActor @discardableResult
  mutating func makeGroupIfNeeded(_ commands: some EffectCommands) -> EffectGroup {
    if let group { return group }
    let group = commands.makeGroup()
    self.group = group
    return group
  }

  /// What a task of a store of `Action`s started here inherits.
  func inheritance<Action>(of _: Action.Type) -> InheritedByTask<Action> {
    InheritedByTask(
      dependencies: dependencies,
      // Made by the interpreter from a `TaskInheritance` of the store's actions.
      dismissal: dismissal.map { unsafeDowncast($0, to: TaskDismissal<Action>.self) })
  }

  /// Whether work under `key` is skipped: it was cancelled before this part started.
  func isSkipped(_ key: EffectKey) -> Bool {
    !skipped.isEmpty && skipped.contains(key)
  }
}
