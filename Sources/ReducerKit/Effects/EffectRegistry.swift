/// The effects that a store and its scoped children are running: a lock-protected table from
/// cancellation keys to task handles, shared by a root store and all its children.
///
/// An effect is registered in the same synchronous step that creates its task (so a cancel sent
/// right after can never miss it) and removed when its task ends. It is reachable from the root
/// store's `deinit`, which cancels everything.
package final class EffectRegistry: Sendable {
  fileprivate struct Entry {
    var task: Task<Void, Never>?
    var keys: [EffectKey]
    var group: EffectGroup?
    var isCancelled = false
    /// What the effect's `Send` checks; `nil` for work that has no `Send`.
    var status: EffectStatus?
  }

  fileprivate struct Table {
    var nextToken: UInt64 = 0
    var entries: [UInt64: Entry] = [:]
    var tokensByKey: [EffectKey: Set<UInt64>] = [:]
    var isClosed = false
    /// Child lifetime keys whose last effect ended, for the root store to stop watching.
    var endedLifetimes: [EffectKey] = []
    /// Concatenations waiting to start parts: the keys each one's pending parts would register
    /// under, and those of them cancelled since it started.
    var watches: [UInt64: CancellationWatch] = [:]
    var watchesByKey: [EffectKey: Set<UInt64>] = [:]
    var nextWatch: UInt64 = 0
  }

  /// What a concatenation's pending parts would register under, and which of those keys were
  /// cancelled since the concatenation started.
  fileprivate struct CancellationWatch {
    let keys: Set<EffectKey>
    var cancelled: Set<EffectKey> = []
  }

  private let table = Locked(Table())

  package init() {}

  /// The number of effects running now.
  package var count: Int {
    table.withLock { $0.entries.count }
  }

  /// Whether any effect is registered under `key`.
  package func isRunning(_ key: EffectKey) -> Bool {
    table.withLock { $0.tokensByKey[key]?.isEmpty == false }
  }

  /// Reserves a slot for an effect about to start, registered under `keys` and counted in
  /// `group`. Returns `nil` when the store is gone (the effect must not start).
  package func reserve(
    keys: [EffectKey], group: EffectGroup?, status: EffectStatus? = nil
  ) -> UInt64? {
    table.withLock { table in
      guard !table.isClosed else { return nil }
      table.nextToken &+= 1
      let token = table.nextToken
      table.entries[token] = Entry(task: nil, keys: keys, group: group, status: status)
      for key in keys { table.tokensByKey[key, default: []].insert(token) }
      if let group {
        group.pending += 1
        group.started += 1
        group.members.insert(token)
      }
      return token
    }
  }

  /// Attaches the task started for a reserved slot. If the slot was cancelled in between, the task
  /// is cancelled now; if the task already ended, there is nothing to do.
  package func attach(_ task: Task<Void, Never>, to token: UInt64) {
    let cancelNow = table.withLock { table -> Bool in
      guard table.entries[token] != nil else { return false }
      if table.entries[token]!.isCancelled { return true }
      table.entries[token]!.task = task
      return false
    }
    if cancelNow { task.cancel() }
  }

  /// Removes an effect whose task has ended.
  package func complete(_ token: UInt64) {
    let waiters = table.withLock { table -> [UnsafeContinuation<Void, Never>] in
      guard let entry = table.entries.removeValue(forKey: token) else { return [] }
      for key in entry.keys {
        // In place: copying the set out first would copy it whole for every effect that ends.
        guard table.tokensByKey[key]?.remove(token) != nil else { continue }
        if table.tokensByKey[key]?.isEmpty == true {
          table.tokensByKey[key] = nil
          if key.id == nil { table.endedLifetimes.append(key) }
        }
      }
      guard let group = entry.group else { return [] }
      group.members.remove(token)
      return group.release()
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels every effect registered under `key`, and the parts registered under it of the
  /// concatenations that have not started them yet. Unknown keys are a no-op.
  package func cancel(_ key: EffectKey) {
    let tasks = table.withLock { table -> [Task<Void, Never>] in
      if let watches = table.watchesByKey[key] {
        for watch in watches { table.watches[watch]?.cancelled.insert(key) }
      }
      guard let tokens = table.tokensByKey.removeValue(forKey: key) else { return [] }
      return tokens.compactMap { table.markCancelled($0) }
    }
    // Outside the lock: cancellation handlers run synchronously and may call back in here.
    for task in tasks { task.cancel() }
  }

  /// Takes the child lifetime keys whose effects have all ended since the last call (and have
  /// not started new ones since).
  package func takeEndedLifetimes() -> [EffectKey] {
    table.withLock { table in
      guard !table.endedLifetimes.isEmpty else { return [] }
      defer { table.endedLifetimes.removeAll(keepingCapacity: true) }
      return table.endedLifetimes.filter { table.tokensByKey[$0] == nil }
    }
  }

  /// Starts recording which of `keys` are cancelled (by ``cancel(_:)-(EffectKey)``, as a
  /// `.cancel(id:)` or a `cancelInFlight` does), for a concatenation whose parts registered under
  /// them have not started. Returns `nil` when there is nothing to watch.
  package func watchCancellations(of keys: Set<EffectKey>) -> UInt64? {
    guard !keys.isEmpty else { return nil }
    return table.withLock { table in
      table.nextWatch &+= 1
      let watch = table.nextWatch
      table.watches[watch] = CancellationWatch(keys: keys)
      for key in keys { table.watchesByKey[key, default: []].insert(watch) }
      return watch
    }
  }

  /// The watched keys cancelled since ``watchCancellations(of:)``.
  package func cancelledKeys(of watch: UInt64) -> Set<EffectKey> {
    table.withLock { $0.watches[watch]?.cancelled ?? [] }
  }

  /// Stops a watch started by ``watchCancellations(of:)``.
  package func endWatch(_ watch: UInt64) {
    table.withLock { table in
      guard let ended = table.watches.removeValue(forKey: watch) else { return }
      for key in ended.keys {
        table.watchesByKey[key]?.remove(watch)
        if table.watchesByKey[key]?.isEmpty == true { table.watchesByKey[key] = nil }
      }
    }
  }

  /// Cancels every effect counted in `group`.
  package func cancel(_ group: EffectGroup) {
    let tasks = table.withLock { table -> [Task<Void, Never>] in
      group.isCancelled = true
      return group.members.compactMap { table.markCancelled($0) }
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every effect and refuses new ones: the store is gone.
  package func close() {
    let tasks = table.withLock { table -> [Task<Void, Never>] in
      table.isClosed = true
      return Array(table.entries.keys).compactMap { table.markCancelled($0) }
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every running effect, leaving the registry open for new ones.
  package func cancelAll() {
    let tasks = table.withLock { table -> [Task<Void, Never>] in
      Array(table.entries.keys).compactMap { table.markCancelled($0) }
    }
    for task in tasks { task.cancel() }
  }

  /// Whether every effect counted in `group` has ended.
  package func isFinished(_ group: EffectGroup) -> Bool {
    table.withLock { _ in group.pending == 0 }
  }

  /// Counts one more piece of outstanding work (a queued action) in `group`.
  package func retain(_ group: EffectGroup) {
    table.withLock { _ in group.pending += 1 }
  }

  /// Ends a piece of outstanding work counted by ``retain(_:)``.
  package func release(_ group: EffectGroup) {
    let waiters = table.withLock { _ in group.release() }
    for waiter in waiters { waiter.resume() }
  }

  /// Whether `group` started no effect, was cancelled, or had every one of its effects cancelled.
  package func isCancelled(_ group: EffectGroup) -> Bool {
    table.withLock { _ in
      group.isCancelled || group.started == 0 || group.cancelled == group.started
    }
  }

  /// Waits until every effect counted in `group` has ended. Cancelling the waiting task cancels
  /// those effects.
  package func wait(for group: EffectGroup) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let isDone = table.withLock { _ -> Bool in
          if group.pending == 0 { return true }
          group.waiters.append(continuation)
          return false
        }
        if isDone { continuation.resume() }
      }
    } onCancel: {
      cancel(group)
    }
  }
}

extension EffectRegistry.Table {
  /// Marks an effect cancelled and returns its task, if it has one yet.
  fileprivate mutating func markCancelled(_ token: UInt64) -> Task<Void, Never>? {
    guard let entry = entries[token] else { return nil }
    if !entry.isCancelled {
      entries[token]!.isCancelled = true
      entry.group?.cancelled += 1
      entry.status?.isCancelled = true
    }
    return entry.task
  }
}

/// Whether one effect was cancelled, for its `Send`: a `Send` that escaped the effect (kept by a
/// callback, or used from a task of its own) must drop what it sends after the cancellation, which
/// the task it is called from cannot tell.
///
/// Its flag is only read and written while the ``EffectRegistry`` lock is held, which is why it can
/// be `@unchecked Sendable`.
package final class EffectStatus: @unchecked Sendable {
  fileprivate var isCancelled = false

  package init() {}
}

extension EffectRegistry {
  /// Whether the effect `status` belongs to was cancelled (by id, by its `send`'s task, by its
  /// child going away, or by the store going away).
  package func isCancelled(_ status: EffectStatus) -> Bool {
    table.withLock { _ in status.isCancelled }
  }
}

/// The effects started by one `Store.send`, and by the actions they send back: what a
/// ``StoreTask`` waits for and cancels.
///
/// Its fields are only read and written while the ``EffectRegistry`` lock is held, which is why
/// it can be `@unchecked Sendable`.
package final class EffectGroup: @unchecked Sendable {
  /// Running effects plus queued actions of this group.
  fileprivate var pending = 0
  /// How many effects were ever started in this group.
  fileprivate var started = 0
  fileprivate var isCancelled = false
  /// How many of the started effects were cancelled (by id, by the group, or by the store).
  fileprivate var cancelled = 0
  fileprivate var members: Set<UInt64> = []
  fileprivate var waiters: [UnsafeContinuation<Void, Never>] = []

  package init() {}

  /// Counts one piece of work as done; returns the waiters to resume when none is left.
  fileprivate func release() -> [UnsafeContinuation<Void, Never>] {
    pending -= 1
    guard pending == 0, !waiters.isEmpty else { return [] }
    defer { waiters = [] }
    return waiters
  }
}
