/// The runtime of one root store: its state, its reducer and the reduce loop, made of parts by
/// job — the ``ActionQueue`` of actions sent while one is reduced, the ``EffectRuntime`` that runs
/// effects (over the ``EffectRegistry``'s ``CancellationTable``), and the ``StateChangeNotifier`` that
/// tells observers what changed. Scoped stores are views over it (``ScopedStoreCore``,
/// ``OptionalStoreCore``).
///
/// The reduce loop: an action is reduced in place in the ``StateStorage`` (under the store's
/// dependencies, when it has any), observers are told, its effects start, and children that left
/// the state have their effects cancelled; then the actions queued meanwhile, in order.
@MainActor
@usableFromInline
package final class StoreRuntime<State, Action>: UncheckedFields<RuntimeFlags<Action>>, StoreCore,
  EffectHost
{
  /// The state, in memory this runtime owns (see ``StateStorage`` for why, and its invariants).
  private let storage: StateStorage<State>
  private let reducer: AnyResolvedReducer<State, Action>
  /// The dependencies every action and effect of this store sees: those in force when the store
  /// was created, with the store's overrides on top. Empty when there is nothing to apply, which
  /// keeps `send` free of the task-local push.
  package var dependencies: DependencyValues {
    didSet { hasDependencies = !dependencies.isEmpty }
  }
  /// Whether there are dependencies to apply. In ``UncheckedFields/unchecked``, not checked for
  /// exclusivity, like ``queue``: read once per action and written only by `dependencies`'
  /// observer, each an instantaneous access that no user code runs inside, so two accesses never
  /// overlap.
  private var hasDependencies: Bool {
    @inline(__always) _read { yield unchecked.hasDependencies }
    @inline(__always) _modify { yield &unchecked.hasDependencies }
  }

  /// Actions sent while an action is being reduced.
  ///
  /// In ``UncheckedFields/unchecked``, not checked for exclusivity: every access is a short call
  /// on the main actor (`append`, `next`, `isEmpty`) that runs no user code, so accesses never
  /// overlap, and the dynamic check the compiler cannot remove here would be one more runtime
  /// call per action.
  private var queue: ActionQueue<Action> {
    @inline(__always) _read { yield unchecked.queue }
    @inline(__always) _modify { yield &unchecked.queue }
  }
  private var isDraining = false
  /// Whether the reducer is running now (see ``observe(_:)``). In ``UncheckedFields/unchecked``,
  /// not checked for exclusivity, like ``queue``: set and cleared around the reducer's call and
  /// read by `observe`, each an instantaneous access.
  private var isInReducer: Bool {
    @inline(__always) _read { yield unchecked.isInReducer }
    @inline(__always) _modify { yield &unchecked.isInReducer }
  }

  /// Runs the effects the reducer returns.
  package let effects = EffectRuntime<StoreRuntime>()
  /// Tells observers of the state what changed after each action.
  package let observation = StateChangeNotifier<State, Action>()

  package init(
    initialState: State, reducer: AnyResolvedReducer<State, Action>, dependencies: DependencyValues
  ) {
    storage = StateStorage(initialState)
    self.reducer = reducer
    self.dependencies = dependencies
    super.init(
      unchecked: RuntimeFlags(
        hasDependencies: !dependencies.isEmpty, queue: ActionQueue<Action>(),
        isInReducer: false))
  }

  deinit {
    effects.registry.close()
    storage.destroy()
  }

  // MARK: - StoreCore

  package var registry: EffectRegistry { effects.registry }

  package var isRoot: Bool { true }

  package var forwarder: ActionForwarder<Action>? { nil }

  package var state: State { storage.value }

  package var isValid: Bool { true }

  package var isReducing: Bool { isDraining }

  /// Whether the reducer itself is running: what a read made now must not keep (see
  /// ``observe(_:)``).
  package var isRunningReducer: Bool { isInReducer }

  package func withCurrentState(_ body: (_ state: StateAddress) -> Void) -> Bool {
    body(storage.address)
    return true
  }
  package var finderFromRoot: StateFinder? { nil }

  package var releasedParts: ReleasedParts { observation.releasedParts }

  package func access(from store: Store<State, Action>) {
    joinSharedChanges()
    observation.access(from: store)
  }

  /// Whether this store is registered for every change of a shared value.
  private var isJoinedToSharedChanges = false

  /// Registers for every change of a shared value, once: from the first stream of states or
  /// observer of the whole state on (which shared values those read is not known).
  private func joinSharedChanges() {
    guard !isJoinedToSharedChanges else { return }
    isJoinedToSharedChanges = true
    SharedChangeCenter.register(self)
  }

  /// Registers for the changes of the shared values an observer's field read reached (as
  /// ``SharedReadRecorder`` saw them), or for every change when the read was not recorded.
  private func joinSharedChangesOfRead() {
    guard let roots = SharedReadRecorder.take() else { return joinSharedChanges() }
    for root in roots { SharedChangeCenter.register(self, for: root) }
  }

  /// Registers an observer, unless the reducer is running: a read made then (by the reducer
  /// reading its own store, or by a `deinit` its assignment runs) registers nothing, because the
  /// observer would keep the value read, and the reducer may be between releasing an object and
  /// storing its replacement (in a release build the optimizer may order them so): a value kept
  /// past that object's `deinit` stops the process. Views never read during a reduce; reads in
  /// the notifications after it (an `onChange` that tracks again) register as usual.
  package func observe(_ observer: StateObserver) {
    guard !isInReducer else { return }
    joinSharedChangesOfRead()
    observation.observe(observer)
  }

  package func observeRow(
    group: RowGroupID,
    key: Int,
    readVersions: @escaping (StateAddress) -> CollectionVersions,
    observer: StateObserver
  ) {
    // As `observe(_:)`: nothing is kept from a read made during a reduce.
    guard !isInReducer else { return }
    joinSharedChangesOfRead()
    observation.observeRow(
      group: group, key: key, readVersions: readVersions, observer: observer, state: storage.address
    )
  }

  package func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    joinSharedChanges()
    return observation.subscribe(onState, current: storage.value)
  }

  package func unsubscriber(for id: UInt64) -> @MainActor () -> Void {
    { [weak observation] in observation?.unsubscribe(id) }
  }

  /// The task executor effects run on (a TestStore's); `nil` for the default global executor.
  package var effectExecutor: (any Sendable)? {
    get { effects.executor }
    set { effects.executor = newValue }
  }

  // MARK: - Sending and the reduce loop

  /// Sends an action; `group` is the group of the effect that sent it, if any.
  ///
  /// `group` is taken (`consuming`): a view's send passes `nil`, and a borrowed `nil` was copied
  /// into the variable below, with a retain and a release around it.
  @usableFromInline
  package func send(_ action: Action, group: consuming EffectGroup?) -> StoreTask {
    send(action, group: group, fromEffect: false)
  }

  /// Sends an action; `fromEffect` when an effect's task sent it (see ``reduce(_:group:fromEffect:)``).
  @inline(__always)
  private func send(
    _ action: Action, group: consuming EffectGroup?, fromEffect: Bool
  ) -> StoreTask {
    if isDraining {
      // Re-entrant: reduce it after the actions already queued, in order.
      let group = group ?? registry.makeGroup()
      registry.retain(group)
      queue.append(action, group: group)
      return StoreTask(group: group, registry: registry)
    }
    isDraining = true
    SharedChangeCenter.beginSend()
    defer { endSend() }
    var group = group
    reduce(action, group: &group, fromEffect: fromEffect)
    if !queue.isEmpty { drainQueue() }
    guard let group else { return StoreTask(group: nil, registry: nil) }
    return StoreTask(group: group, registry: registry)
  }

  package func send(
    _ action: Action, group: EffectGroup?, ifPresent isPresent: @escaping @MainActor () -> Bool
  ) -> StoreTask {
    if isDraining {
      // Checked when its turn comes: the action being reduced may still add or remove the child.
      let group = group ?? registry.makeGroup()
      registry.retain(group)
      queue.append(action, group: group, isPresent: isPresent)
      return StoreTask(group: group, registry: registry)
    }
    guard isPresent() else { return StoreTask(group: nil, registry: nil) }
    return send(action, group: group)
  }

  // MARK: - EffectHost

  package func sendFromEffect(_ action: Action, group: consuming EffectGroup?) -> StoreTask {
    send(action, group: group, fromEffect: true)
  }

  package func enqueue(_ action: Action, group: EffectGroup?) {
    queue.append(action, group: group)
  }

  /// Reduces actions queued outside of a `send` (by a concatenation's synchronous parts).
  package func drainIfIdle() {
    guard !isDraining else { return }
    isDraining = true
    SharedChangeCenter.beginSend()
    defer { endSend() }
    drainQueue()
  }

  /// Ends a `send`: once the outermost one on the main actor ends, the shared values its reduces
  /// changed are handed on to the stores that observe them (see ``SharedChangeCenter``).
  @inline(__always)
  private func endSend() {
    isDraining = false
    SharedChangeCenter.endSend()
  }

  package var stateAddress: StateAddress { storage.address }

  // MARK: - Reducing

  private func drainQueue() {
    while let next = queue.next() {
      if let isPresent = next.isPresent, !isPresent() {
        if let group = next.group { registry.release(group) }
        continue
      }
      var group = next.group
      // In the context of the send that drains: an action queued here was sent while it ran.
      reduce(next.action, group: &group, fromEffect: false)
      if let group = next.group { registry.release(group) }
    }
  }

  /// Reduces `action`. `group` is the group the effects it starts join; `nil` until one starts
  /// (then it is the group made for them).
  ///
  /// Every action is reduced under the store's dependencies, whoever sent it (TCA's rule, the
  /// same for `Store` and `TestStore`, which share this code). An effect's task may carry
  /// overrides of its own (`withDependencies { … } operation: { .run { … } }`), so for an action
  /// it sent (`fromEffect`) the store's values are pushed even when they are empty (the live
  /// values). Only a send from outside any effect to a store without dependencies of its own
  /// skips the push, which keeps a root `send` free of the task-local write.
  @inline(__always)
  private func reduce(_ action: Action, group: inout EffectGroup?, fromEffect: Bool) {
    if !hasDependencies && !fromEffect {
      reduceNow(action, group: &group)
    } else {
      // The action, and every effect task it starts (tasks inherit task-local values), see the
      // store's dependencies.
      DependencyValues.withValues(dependencies) { reduceNow(action, group: &group) }
    }
  }

  @inline(__always)
  private func reduceNow(_ action: Action, group: inout EffectGroup?) {
    isInReducer = true
    let effect = reducer.reduce(&storage.value, action)
    isInReducer = false
    observation.didChangeState(storage.typed)
    if !effect.isNone {
      // Made only for an effect: building and destroying its arrays and set cost more than the
      // rest of a send that returns `.none`.
      var context = EffectContext(group: group)
      effects.start(effect, action: action, context: &context, host: self)
      group = context.group
    } else {
      // Ended where it is known to be `.none` (no box): the optimizer drops its release,
      // which after the branches was a runtime call on every send that returned `.none`.
      _ = consume effect
    }
    // The state in place, as the observer checks read it: no copy, and no exclusive access that
    // the lenses' user code (key paths, ids) could conflict with by reading this store.
    if !effects.watchesNoChild { effects.cancelGoneChildren(in: storage.address) }
  }
}

/// A description of an action for warnings and test failures: `Counter.Action.increment`, the
/// value's dump without module names (multi-line for large payloads).
package func describe(_ value: Any) -> String {
  debugDump(value)
}

/// What a ``StoreRuntime`` reads and writes on every action, kept in its ``UncheckedFields``
/// (see the runtime for why their accesses never overlap).
@usableFromInline
package struct RuntimeFlags<Action> {
  /// Whether the store has dependencies to apply around each action.
  var hasDependencies: Bool
  /// Actions sent while an action is being reduced.
  var queue: ActionQueue<Action>
  /// Whether the reducer is running now.
  var isInReducer: Bool
}

extension StoreRuntime: SharedChangeCenter.Subscriber {
  /// A shared value changed outside this store's reduces (or in one, told again): the observers
  /// of parts that changed are told, as after an action.
  package func recheckSharedValues() {
    guard !isDraining else {
      SharedChangeCenter.hasPendingChange = true
      return
    }
    observation.didChangeSharedValues(storage.typed)
  }
}
