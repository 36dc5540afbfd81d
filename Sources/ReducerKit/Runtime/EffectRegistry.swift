/// The storage of a root store's running effects: its ``CancellationTable`` behind a lock, and
/// the tasks and continuations the table's events name, cancelled and resumed outside the lock
/// (cancellation handlers run synchronously and may call back in here).
///
/// An effect is registered in the same synchronous step that creates its task (so a cancel sent
/// right after can never miss it) and removed when its task ends. It is reachable from the root
/// store's `deinit`, which cancels everything. Shared by a root store and all its scoped stores.
package final class EffectRegistry: Sendable {
  private typealias Table = CancellationTable<Task<Void, Never>, UnsafeContinuation<Void, Never>>

  private let table = Locked(Table())

  package init() {}

  /// The number of effects running now.
  package var count: Int {
    table.withLock { $0.count }
  }

  /// The number of groups whose records are kept (for tests).
  package var groupCount: Int {
    table.withLock { $0.groupCount }
  }

  /// Whether any effect is registered under `key`.
  package func isRunning(_ key: EffectKey) -> Bool {
    table.withLock { $0.isRunning(key) }
  }

  /// Makes room for `additional` more effects: a large merge grows the tables once.
  package func reserveCapacity(_ additional: Int) {
    table.withLock { $0.reserveCapacity(additional) }
  }

  /// Reserves a slot for an effect about to start, registered under `keys` and counted in
  /// `group`. Returns `nil` when the store is gone (the effect must not start).
  package func reserve(keys: EffectKeys, group: EffectGroup?) -> UInt64? {
    let group = group?.id
    return table.withLock { $0.reserve(keys: keys, group: group) }
  }

  /// Makes a new group, with nothing pending, for the effects of one `send`.
  package func makeGroup() -> EffectGroup {
    EffectGroup(id: table.withLock { $0.makeGroup() }, registry: self)
  }

  /// Forgets a group whose last handle went (``EffectGroup``'s `deinit`).
  package func forgetGroup(_ group: GroupID) {
    table.withLock { $0.forgetGroup(group) }
  }

  /// Attaches the task started for a reserved slot. If the slot was cancelled in between, the task
  /// is cancelled now; if the task already ended, there is nothing to do.
  package func attach(_ task: Task<Void, Never>, to token: UInt64) {
    table.withLock { $0.attach(task, to: token) }?.cancel()
  }

  /// Removes an effect whose task has ended; its `status`, if it has one, keeps whether it was
  /// cancelled (what an escaped `Send` asks afterwards).
  package func complete(_ token: UInt64, status: EffectStatus? = nil) {
    resume(
      table.withLock { table in
        if let status { status.wasCancelledWhenEnded = table.isCancelled(effect: token) ?? false }
        return table.complete(token)
      })
  }

  /// Cancels every effect registered under `key`, and the parts registered under it of the
  /// concatenations that have not started them yet. Unknown keys are a no-op.
  package func cancel(_ key: EffectKey) {
    cancel(table.withLock { $0.cancel(key) })
  }

  /// Takes the child lifetime keys whose effects have all ended since the last call (and have
  /// not started new ones since).
  package func takeEndedLifetimes() -> [EffectKey] {
    table.withLock { $0.takeEndedLifetimes() }
  }

  /// Starts recording which of `keys` are cancelled (by ``cancel(_:)-(EffectKey)``, as a
  /// `.cancel(id:)` or a `cancelInFlight` does), for a concatenation whose parts registered under
  /// them have not started. Returns `nil` when there is nothing to watch.
  package func watchCancellations(of keys: Set<EffectKey>) -> UInt64? {
    guard !keys.isEmpty else { return nil }
    return table.withLock { $0.watchCancellations(of: keys) }
  }

  /// The watched keys cancelled since ``watchCancellations(of:)``.
  package func cancelledKeys(of watch: UInt64) -> Set<EffectKey> {
    table.withLock { $0.cancelledKeys(of: watch) }
  }

  /// Stops a watch started by ``watchCancellations(of:)``.
  package func endWatch(_ watch: UInt64) {
    table.withLock { $0.endWatch(watch) }
  }

  /// Cancels every effect counted in `group`.
  package func cancel(_ group: EffectGroup) {
    let group = group.id
    cancel(table.withLock { $0.cancel(group) })
  }

  /// Cancels every effect and refuses new ones: the store is gone.
  package func close() {
    cancel(table.withLock { $0.close() })
  }

  /// Cancels every running effect, leaving the registry open for new ones.
  package func cancelAll() {
    cancel(table.withLock { $0.cancelAll() })
  }

  /// The scope paths of the innermost children (with lifetimes) that running effects belong
  /// to, each once.
  package func runningChildPaths() -> [ScopePath] {
    table.withLock { $0.runningChildPaths() }
  }

  /// Whether every effect counted in `group` has ended.
  package func isFinished(_ group: EffectGroup) -> Bool {
    let group = group.id
    return table.withLock { $0.isFinished(group) }
  }

  /// Counts one more piece of outstanding work (a queued action) in `group`.
  package func retain(_ group: EffectGroup) {
    let group = group.id
    table.withLock { $0.retain(group) }
  }

  /// Ends a piece of outstanding work counted by ``retain(_:)``.
  package func release(_ group: EffectGroup) {
    let group = group.id
    resume(table.withLock { $0.release(group) })
  }

  /// Whether `group` started no effect, was cancelled, or had every one of its effects cancelled.
  package func isCancelled(_ group: EffectGroup) -> Bool {
    let group = group.id
    return table.withLock { $0.isCancelled(group) }
  }

  /// Whether the effect `status` belongs to was cancelled (by id, by its `send`'s task, by its
  /// child going away, or by the store going away).
  package func isCancelled(_ status: EffectStatus) -> Bool {
    table.withLock { $0.isCancelled(effect: status.token) ?? status.wasCancelledWhenEnded }
  }

  /// Waits until every effect counted in `group` has ended. Cancelling the waiting task cancels
  /// those effects.
  package func wait(for group: EffectGroup) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let isWaiting = table.withLock { $0.wait(for: group.id, continuation) }
        if !isWaiting { continuation.resume() }
      }
    } onCancel: {
      cancel(group)
    }
  }

  private func cancel(_ tasks: [Task<Void, Never>]) {
    for task in tasks { task.cancel() }
  }

  private func resume(_ waiters: [UnsafeContinuation<Void, Never>]) {
    for waiter in waiters { waiter.resume() }
  }

  #if DEBUG
  /// Checks the table's invariants under the lock (``CancellationTable/_checkInvariants()``;
  /// DEBUG builds only): for tests that drive a whole store and check its registry after every
  /// action.
  package func _checkInvariants() {
    table.withLock { $0._checkInvariants() }
  }
  #endif
}
