import Observation

/// The core of a root store: the state, the reducer, the action queue and the running effects.
@MainActor
package final class RootStoreCore<State, Action>: StoreCore<State, Action> {
  private struct QueuedAction {
    let action: Action
    let group: EffectGroup?
    /// For an action sent to a child store whose state can go away: whether the child is still
    /// there, checked when the action's turn comes (it warns when not).
    var isPresent: (@MainActor () -> Bool)? = nil
  }

  /// The state, in memory this core owns. The reducer mutates it in place (no copy), and nothing
  /// takes an exclusive access to it that user code could run inside of: a read of the store by
  /// the reducer itself, by a `deinit` it causes, or by an observer's `==` or key path, reads
  /// it directly (the state so far) rather than trapping on an access conflict.
  private var storage: UnsafeMutablePointer<State> { stateStorage.value }
  /// Used on the main actor only, and by `deinit`, when nothing else can use it (hence the
  /// unchecked `Sendable` box).
  private let stateStorage: UncheckedSendable<UnsafeMutablePointer<State>>
  private var currentState: State {
    unsafeAddress { UnsafePointer(storage) }
    unsafeMutableAddress { storage }
  }
  /// Whether observers' checks are running: reads they make register no new observers (the
  /// lists are being scanned).
  private var isCheckingObservers = false
  private let reducer: ResolvedReducer<State, Action>
  /// The dependencies every action and effect of this store sees: those in force when the store
  /// was created, with the store's overrides on top. Empty when there is nothing to apply, which
  /// keeps `send` free of the task-local push.
  package var dependencies: DependencyValues {
    didSet { hasDependencies = !dependencies.isEmpty }
  }
  private var hasDependencies: Bool

  /// Throttles by (feature, id).
  private var throttles: [EffectKey: ThrottleState<Action>] = [:]
  /// The child instances with running effects, checked after every action: a child that went
  /// away has its effects cancelled, whichever reducer removed it.
  private let lifetimes = ChildLifetimes()

  /// Actions waiting to be reduced, first in first out; `queueHead` is the next one.
  private var queue: [QueuedAction] = []
  private var queueHead = 0
  /// How many actions are queued: a plain `Int`, so the send path need not touch the generic
  /// queue (and its type metadata) when nothing is queued.
  private var queuedCount = 0
  private var isDraining = false

  /// The task executor effects run on (a TestStore's, so it can tell when they are all
  /// suspended); `nil` for the default global executor. Typed `any Sendable` because
  /// `TaskExecutor` needs macOS 15 / iOS 18 while the store runs on macOS 14 / iOS 17.
  package var effectExecutor: (any Sendable)?

  /// Observers: the store whose registrar to notify, once something read the state.
  private weak var observedStore: Store<State, Action>?
  /// Observers of parts of the state, checked after each action.
  private let observers = StateObserverList()
  /// Reused between actions, so that notifying allocates nothing.
  private var changedObservers: [StateObserver] = []
  /// Observers of rows, by collection: checked only for the rows an action touched.
  private var rowGroups: [ObjectIdentifier: RowObserverGroup] = [:]
  private var hasObservers = false
  /// The parts of released scoped stores, whose observers are removed before the next check.
  private let released = ReleasedParts()
  private var stateSubscribers: [UInt64: @MainActor (State) -> Void] = [:]
  private var hasSubscribers = false
  private var nextSubscriberID: UInt64 = 0

  init(
    initialState: State, reducer: ResolvedReducer<State, Action>, dependencies: DependencyValues
  ) {
    stateStorage = UncheckedSendable(.allocate(capacity: 1))
    stateStorage.value.initialize(to: initialState)
    self.reducer = reducer
    self.dependencies = dependencies
    hasDependencies = !dependencies.isEmpty
    super.init(registry: EffectRegistry())
  }

  deinit {
    registry.close()
    stateStorage.value.deinitialize(count: 1)
    stateStorage.value.deallocate()
  }

  override package var state: State { currentState }

  override package func access(from store: Store<State, Action>) {
    observedStore = store
    store.registrar.access(store, keyPath: \.state)
  }

  override package var releasedParts: ReleasedParts { released }

  override package func observe(_ observer: StateObserver) {
    guard !isCheckingObservers else { return }
    observers.add(observer)
    hasObservers = true
  }

  /// How many observers are live, outside of row groups and in them (after removing those of
  /// released stores).
  package var observerCount: Int {
    removeReleasedObservers()
    return observers.count + rowGroups.values.reduce(0) { $0 + $1.liveCount }
  }

  /// Removes the observers of the parts of scoped stores released since the last call, so that
  /// a released store costs nothing after the next action and its snapshots are freed.
  ///
  /// - Complexity: O(1) per released part (O(the row's observers) for a row store's part).
  private func removeReleasedObservers() {
    let parts = released.take()
    guard !parts.isEmpty else { return }
    for part in parts {
      if part.listPosition >= 0 {
        observers.remove(part)
      } else if let row = part.rowLocation, let group = rowGroups[row.group] {
        group.remove(part, row: row.id)
        if group.liveCount == 0 { rowGroups[row.group] = nil }
      }
    }
    hasObservers = !observers.isEmpty || !rowGroups.isEmpty
  }

  override package func observeRow(
    group: RowGroupID,
    id: AnyHashable,
    readVersions:
      @escaping (UnsafeRawPointer) -> CollectionVersions,
    observer: StateObserver
  ) {
    guard !isCheckingObservers else { return }
    let rowGroup: RowObserverGroup
    if let existing = rowGroups[ObjectIdentifier(group)] {
      rowGroup = existing
    } else {
      rowGroup = withUnsafePointer(to: &currentState) {
        RowObserverGroup(id: group, readVersions: readVersions, state: UnsafeRawPointer($0))
      }
      rowGroups[ObjectIdentifier(group)] = rowGroup
    }
    if observer.part.rowLocation == nil {
      observer.part.rowLocation = (ObjectIdentifier(group), id)
    }
    rowGroup.add(observer, row: id)
    hasObservers = true
  }

  /// Notifies the observers whose part of the state changed.
  private func notifyObservers() {
    removeReleasedObservers()
    guard hasObservers else { return }
    // Taken out while in use: an observer notified below may read the state again.
    var changed = changedObservers
    changedObservers = []
    // The checks run `==` and key paths of the user's types, which may read this store: they
    // read the state in place (no exclusive access to it is in progress), and what they read
    // registers no observer while the lists are scanned.
    isCheckingObservers = true
    do {
      let state = UnsafeRawPointer(storage)
      observers.takeChanged(in: state, into: &changed)
      for group in rowGroups.values { group.takeChanged(in: state, into: &changed) }
    }
    isCheckingObservers = false
    // A group with no live observer is dropped (and made again by the next read of a row): a
    // parent store that is gone must not leave a group checked after every action.
    if rowGroups.values.contains(where: { $0.liveCount == 0 }) {
      rowGroups = rowGroups.filter { $0.value.liveCount > 0 }
    }
    hasObservers = !observers.isEmpty || !rowGroups.isEmpty
    for observer in changed { observer.notify() }
    changed.removeAll(keepingCapacity: true)
    changedObservers = changed
  }

  override package func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    nextSubscriberID += 1
    stateSubscribers[nextSubscriberID] = onState
    hasSubscribers = true
    onState(currentState)
    return nextSubscriberID
  }

  override package func unsubscribe(_ id: UInt64) {
    stateSubscribers[id] = nil
    hasSubscribers = !stateSubscribers.isEmpty
  }

  override package func unsubscriber(for id: UInt64) -> @MainActor () -> Void {
    { [weak self] in self?.unsubscribe(id) }
  }

  /// How many streams of states are subscribed.
  package var subscriberCount: Int { stateSubscribers.count }

  override package func send(_ action: Action, group: EffectGroup?) -> StoreTask {
    if isDraining {
      // Re-entrant: reduce it after the actions already queued, in order.
      let group = group ?? EffectGroup()
      registry.retain(group)
      enqueue(action, group: group)
      return StoreTask(group: group, registry: registry)
    }
    isDraining = true
    defer { isDraining = false }
    var context = EffectContext(group: group)
    reduce(action, context: &context)
    if queuedCount > 0 { drainQueue() }
    guard let group = context.group else { return StoreTask(group: nil, registry: nil) }
    return StoreTask(group: group, registry: registry)
  }

  override package func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    if isDraining {
      // Checked when its turn comes: the action being reduced may still add or remove the child.
      let group = group ?? EffectGroup()
      registry.retain(group)
      enqueue(action, group: group, isPresent: isPresent)
      return StoreTask(group: group, registry: registry)
    }
    guard isPresent() else { return StoreTask(group: nil, registry: nil) }
    return send(action, group: group)
  }

  private func enqueue(
    _ action: Action, group: EffectGroup?, isPresent: (@MainActor () -> Bool)? = nil
  ) {
    queue.append(QueuedAction(action: action, group: group, isPresent: isPresent))
    queuedCount += 1
  }

  private func drainQueue() {
    while queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      queuedCount -= 1
      if let isPresent = next.isPresent, !isPresent() {
        if let group = next.group { registry.release(group) }
        continue
      }
      var context = EffectContext(group: next.group)
      reduce(next.action, context: &context)
      if let group = next.group { registry.release(group) }
    }
    queue.removeAll(keepingCapacity: queue.count < 1024)
    queueHead = 0
  }

  private func reduce(_ action: Action, context: inout EffectContext) {
    if !hasDependencies {
      reduceNow(action, context: &context)
    } else {
      // The action, and every effect task it starts (tasks inherit task-local values), see the
      // store's dependencies.
      DependencyValues.withValues(dependencies) { reduceNow(action, context: &context) }
    }
  }

  private func reduceNow(_ action: Action, context: inout EffectContext) {
    let effect = reducer.reduce(&currentState, action)
    didChangeState()
    if !effect.isNone { start(effect, action: action, context: &context) }
    if !lifetimes.isEmpty { cancelGoneChildren() }
  }

  /// Cancels the effects of every child that is no longer in the state.
  private func cancelGoneChildren() {
    let ended = registry.takeEndedLifetimes()
    if !ended.isEmpty { lifetimes.forget(ended) }
    guard !lifetimes.isEmpty else { return }
    // The state in place, as the observer checks read it: no copy, and no exclusive access that
    // the lenses' user code (key paths, ids) could conflict with by reading this store.
    let gone = lifetimes.removeGone(in: UnsafeRawPointer(storage))
    for key in gone { registry.cancel(key) }
  }

  /// Watches the children an effect about to start belongs to.
  private func watchLifetimes(of context: EffectContext) {
    guard !context.locators.isEmpty else { return }
    for key in context.keys where key.id == nil {
      lifetimes.watch(key, locators: context.locators.prefix(key.path.count))
    }
  }

  private func didChangeState() {
    if let store = observedStore {
      // Something read the state since the last notification: tell it. Observation tracking is
      // one-shot, so until the state is read again nothing needs the registrar.
      observedStore = nil
      store.registrar.withMutation(of: store, keyPath: \.state) {}
    }
    if hasObservers { notifyObservers() }
    if hasSubscribers {
      for subscriber in stateSubscribers.values { subscriber(currentState) }
    }
  }

  /// Runs an effect: synchronous parts now, asynchronous parts as registered tasks.
  private func start(_ effect: Effect<Action>, action: Action, context: inout EffectContext) {
    switch effect.operation {
    case .none:
      return
    case .send(let next):
      if context.group == nil { context.group = EffectGroup() }
      registry.retain(context.group!)
      enqueue(next, group: context.group)
    case .run(let run):
      if context.group == nil { context.group = EffectGroup() }
      startTask(run, action: action, context: context)
    case .merge(let effects):
      for effect in effects { start(effect, action: action, context: &context) }
    case .concatenate(let effects):
      if effect.isSynchronous {
        for effect in effects { start(effect, action: action, context: &context) }
      } else {
        if context.group == nil { context.group = EffectGroup() }
        startConcatenation(effects, action: action, context: context)
      }
    case .cancellable(let inner, let id, let cancelInFlight):
      let key = EffectKey(path: context.path, id: id)
      // A part of a concatenation whose id was cancelled before the part started.
      if !context.skipped.isEmpty, context.skipped.contains(key) { return }
      if cancelInFlight { registry.cancel(key) }
      var innerContext = context
      innerContext.keys.append(key)
      start(inner, action: action, context: &innerContext)
      context.group = innerContext.group
    case .cancel(let id):
      registry.cancel(EffectKey(path: context.path, id: id))
    case .throttle(let inner, let id, let plan):
      let key = EffectKey(path: context.path, id: id)
      if !context.skipped.isEmpty, context.skipped.contains(key) { return }
      let now = plan.now()
      var throttle = throttles[key] ?? ThrottleState()
      if let clock = throttle.clock, clock != plan.clock {
        // Another clock (a test swapped the clock dependency): its instants do not compare with
        // the last one's, so the throttle starts over on the new clock.
        runtimeWarn(
          """
          A "throttle" with the id \(id) was used with a clock of another type \
          (\(plan.clockName)) than before. Its interval starts over on the new clock, and an \
          effect waiting on the old one is dropped. Use one clock per throttle id.
          """)
        registry.cancel(key)
        throttle = ThrottleState()
      }
      throttle.clock = plan.clock
      if let lastRun = throttle.lastRun, !plan.isDue(lastRun, now) {
        // Within the interval: this effect waits for its end (or is dropped).
        if plan.latest || throttle.pending == nil { throttle.pending = inner }
        throttles[key] = throttle
        if !registry.isRunning(key) {
          let fire = Effect<Action>.concatenate(
            .run { _ in try await plan.sleepUntilDue(lastRun) },
            Effect(operation: .throttleFire(id: id, plan: plan))
          )
          start(
            Effect(operation: .cancellable(fire, id: id, cancelInFlight: false)), action: action,
            context: &context)
        }
      } else {
        throttle.lastRun = now
        throttle.pending = nil
        throttles[key] = throttle
        registry.cancel(key)
        start(inner, action: action, context: &context)
      }
    case .throttleFire(let id, let plan):
      let key = EffectKey(path: context.path, id: id)
      guard var throttle = throttles[key], let pending = throttle.pending else { return }
      throttle.pending = nil
      throttle.lastRun = plan.now()
      throttles[key] = throttle
      // The waiting effect runs under its own ids only, not the throttle's: a later throttle
      // cancels a scheduled run, never one that already started.
      var pendingContext = context
      pendingContext.keys.removeAll { $0 == key }
      start(pending, action: action, context: &pendingContext)
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
      start(inner, action: action, context: &innerContext)
      context.group = innerContext.group
    }
  }

  private func makeSend(group: EffectGroup?, status: EffectStatus) -> Send<Action> {
    let registry = registry
    return Send { [weak self] action in
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
      _ = self?.send(action, group: group)
    }
  }

  private func startTask(_ run: Effect<Action>.Run, action: Action, context: EffectContext) {
    let status = EffectStatus()
    guard let token = registry.reserve(keys: context.keys, group: context.group, status: status)
    else { return }
    watchLifetimes(of: context)
    let send = makeSend(group: context.group, status: status)
    let registry = registry
    // The action is only described on the main actor, when the effect reports an error.
    let origin = UncheckedSendable(action)
    // `Task.cancel(id:)` and `withTaskCancellation(id:)` inside the effect scope their ids here.
    let scope = EffectTaskScope(registry: registry, path: context.path)
    let operation: @Sendable () async -> Void = {
      do {
        try await EffectTaskScope.$effect.withValue(scope) { try await run.body(send) }
      } catch is CancellationError where Task.isCancelled {
        // Cancelled effects end with CancellationError: nothing to report.
      } catch {
        await MainActor.run {
          runtimeWarn(
            """
            An effect started by action \(describe(origin.value)) threw an error that no \
            'catch' handler handled: \(error). Handle errors in the effect, or pass \
            '.run(operation:catch:)' a 'catch' handler. The store keeps running.
            """, fileID: run.fileID, line: run.line)
        }
      }
      registry.complete(token)
    }
    if let effectExecutor,
      #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *),
      let executor = effectExecutor as? any TaskExecutor
    {
      registry.attach(
        Task(executorPreference: executor, priority: run.priority, operation: operation), to: token)
    } else {
      registry.attach(Task(priority: run.priority, operation: operation), to: token)
    }
  }

  private func startConcatenation(
    _ effects: [Effect<Action>], action: Action, context: EffectContext
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
    let operation: @Sendable () async -> Void = { [weak self] in
      await self?.runConcatenation(
        work.value.0, action: work.value.1, context: work.value.2, watch: watch)
      if let watch { registry.endWatch(watch) }
      registry.complete(token)
    }
    if let effectExecutor,
      #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *),
      let executor = effectExecutor as? any TaskExecutor
    {
      registry.attach(Task(executorPreference: executor, operation: operation), to: token)
    } else {
      registry.attach(Task(operation: operation), to: token)
    }
  }

  private func runConcatenation(
    _ effects: [Effect<Action>], action: Action, context: EffectContext, watch: UInt64?
  ) async {
    for effect in effects {
      guard !Task.isCancelled else { break }
      // Each part runs in a group of its own, under the same cancellation keys, and the next
      // part starts when that group is empty.
      var partContext = context
      partContext.group = EffectGroup()
      if let watch { partContext.skipped = registry.cancelledKeys(of: watch) }
      let part = partContext.group!
      registry.retain(part)
      start(effect, action: action, context: &partContext)
      drainIfIdle()
      if !lifetimes.isEmpty { cancelGoneChildren() }
      registry.release(part)
      await registry.wait(for: part)
    }
  }

  /// Reduces actions queued outside of a `send` (by a concatenation's synchronous parts).
  private func drainIfIdle() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    drainQueue()
  }
}

/// Where an effect runs and what it inherits: the path of the feature that returned it, the
/// cancellation keys it registers under, and the group of the `send` it counts in.
package struct EffectContext {
  var path: ScopePath = []
  /// How to find each component of `path` in its parent's state.
  var locators: [ChildLocator] = []
  var keys: [EffectKey] = []
  var group: EffectGroup?
  /// Keys cancelled before this part of a concatenation started: effects under them are skipped.
  var skipped: Set<EffectKey> = []
}

/// A description of an action for warnings and test failures: `Counter.Action.increment`, the
/// value's dump without module names (multi-line for large payloads).
package func describe(_ value: Any) -> String {
  debugDump(value)
}
