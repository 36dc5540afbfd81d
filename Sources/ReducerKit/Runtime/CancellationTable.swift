/// The cancellation state machine of a root store: which effects are running, under which
/// cancellation keys, in which ``EffectGroup``s, and what each event means for them.
///
/// A pure value: it never runs, cancels or resumes anything itself. Each event returns what the
/// caller must do — the task handles to cancel, the waiters to resume — so the storage that owns
/// the lock (``EffectRegistry``) can do it outside the lock, and tests can drive the machine
/// without tasks (`Handle` and `Waiter` are plain values there).
///
/// An effect's life: ``reserve(keys:group:status:)`` (a token, before its task exists: a cancel
/// right after can never miss it), ``attach(_:to:)`` (its task handle), then ``complete(_:)``
/// when its task ends. A cancellation in between marks it cancelled and returns its handle.
package struct CancellationTable<Handle, Waiter> {
  /// One running (or reserved) effect.
  struct Entry {
    var handle: Handle?
    var keys: EffectKeys
    var group: EffectGroup?
    var isCancelled = false
    /// What the effect's `Send` checks; `nil` for work that has no `Send`.
    var status: EffectStatus?
    /// The slots of the entries before and after this one in its group's list of members; -1
    /// at either end (see ``EffectGroup/firstMember``).
    var previousMember: Int32 = -1
    var nextMember: Int32 = -1

    // The two below change an entry in place (through the slots' subscript), where reading a
    // field of `entries[index]` would copy the whole entry out first.

    /// Attaches `handle`; returns it when the effect was cancelled before (to cancel it now).
    mutating func attach(_ handle: Handle) -> Handle? {
      if isCancelled { return handle }
      self.handle = handle
      return nil
    }

    /// Marks the effect cancelled; returns its handle, if it has one yet.
    mutating func markCancelled() -> Handle? {
      if !isCancelled {
        isCancelled = true
        group?.cancelled += 1
        status?.isCancelled = true
      }
      return handle
    }
  }

  /// What a concatenation's pending parts would register under, and which of those keys were
  /// cancelled since the concatenation started.
  struct CancellationWatch {
    let keys: Set<EffectKey>
    var cancelled: Set<EffectKey> = []
  }

  /// The running effects, found by their tokens.
  private var entries = TokenSlots<Entry>()
  private var tokensByKey = TokenIndex()
  private var isClosed = false
  /// Child lifetime keys whose last effect ended, for the root store to stop watching.
  private var endedLifetimes: [EffectKey] = []
  /// Concatenations waiting to start parts.
  private var watches: [UInt64: CancellationWatch] = [:]
  private var watchesByKey: [EffectKey: Set<UInt64>] = [:]
  private var nextWatch: UInt64 = 0
  /// Who waits for each group to finish, by group identity (a group with waiters is kept alive
  /// by them: each waiter's `StoreTask` holds it).
  private var waiters: [ObjectIdentifier: [Waiter]] = [:]

  package init() {}

  /// The number of effects running (or reserved) now.
  package var count: Int { entries.count }

  /// Whether any effect is registered under `key`.
  package func isRunning(_ key: EffectKey) -> Bool {
    tokensByKey.contains(key)
  }

  // MARK: - An effect's life

  /// Makes room for `additional` more effects (of one key each), so that starting a large merge
  /// grows the tables once rather than step by step.
  package mutating func reserveCapacity(_ additional: Int) {
    entries.reserveCapacity(additional)
    tokensByKey.reserveCapacity(additional)
  }

  /// Reserves a token for an effect about to start, registered under `keys` and counted in
  /// `group`. `nil` when the table is closed (the store is gone: the effect must not start).
  package mutating func reserve(
    keys: EffectKeys, group: EffectGroup?, status: EffectStatus? = nil
  ) -> UInt64? {
    guard !isClosed else { return nil }
    var entry = Entry(handle: nil, keys: keys, group: group, status: status)
    if let group {
      group.pending += 1
      group.started += 1
      entry.nextMember = group.firstMember
    }
    let (token, index) = entries.insert(entry)
    if let group {
      if group.firstMember >= 0 { entries[Int(group.firstMember)].previousMember = Int32(index) }
      group.firstMember = Int32(index)
    }
    keys.forEach { tokensByKey.insert(token, under: $0) }
    return token
  }

  /// Attaches the handle of the task started for `token`. Returns the handle when the effect was
  /// cancelled in between (the caller cancels it now); `nil` otherwise, also when the effect
  /// already ended.
  package mutating func attach(_ handle: Handle, to token: UInt64) -> Handle? {
    guard let index = entries.index(of: token) else { return nil }
    return entries[index].attach(handle)
  }

  /// Removes an effect whose task ended. Returns the waiters to resume (its group finished).
  package mutating func complete(_ token: UInt64) -> [Waiter] {
    guard let index = entries.index(of: token) else { return [] }
    let entry = entries.remove(at: index)
    entry.keys.forEach { key in
      if tokensByKey.remove(token, under: key) == .removedLast, key.id == nil {
        endedLifetimes.append(key)
      }
    }
    guard let group = entry.group else { return [] }
    // Out of its group's list of members.
    if entry.previousMember >= 0 {
      entries[Int(entry.previousMember)].nextMember = entry.nextMember
    } else {
      group.firstMember = entry.nextMember
    }
    if entry.nextMember >= 0 {
      entries[Int(entry.nextMember)].previousMember = entry.previousMember
    }
    return release(group)
  }

  // MARK: - Cancellation

  /// Cancels every effect registered under `key`, and the parts registered under it of the
  /// concatenations that have not started them yet. Returns the handles to cancel. An unknown
  /// key cancels nothing.
  package mutating func cancel(_ key: EffectKey) -> [Handle] {
    if let watching = watchesByKey[key] {
      for watch in watching { watches[watch]?.cancelled.insert(key) }
    }
    switch tokensByKey.removeAll(under: key) {
    case nil, .empty?: return []
    case .one(let token)?: return markCancelled(token).map { [$0] } ?? []
    case .many(let tokens)?: return tokens.compactMap { markCancelled($0) }
    }
  }

  /// Cancels every effect counted in `group`.
  package mutating func cancel(_ group: EffectGroup) -> [Handle] {
    group.isCancelled = true
    var handles: [Handle] = []
    var member = group.firstMember
    while member >= 0 {
      if let handle = entries[Int(member)].markCancelled() { handles.append(handle) }
      member = entries[Int(member)].nextMember
    }
    return handles
  }

  /// Cancels every effect, and refuses new ones from now on: the store is gone.
  package mutating func close() -> [Handle] {
    isClosed = true
    return cancelAll()
  }

  /// Cancels every effect, leaving the table open for new ones.
  package mutating func cancelAll() -> [Handle] {
    entries.occupiedIndices.compactMap { entries[$0].markCancelled() }
  }

  /// Whether the effect `status` belongs to was cancelled.
  package func isCancelled(_ status: EffectStatus) -> Bool { status.isCancelled }

  /// The scope paths of the innermost children (with lifetimes) that running effects belong to,
  /// each once: what a test failure names for an effect still running.
  package func runningChildPaths() -> [ScopePath] {
    var seen = Set<EffectKey>()
    var paths: [ScopePath] = []
    for index in entries.occupiedIndices {
      let entry = entries[index]
      var innermost: EffectKey?
      entry.keys.forEach { key in if key.id == nil { innermost = key } }
      if let innermost, seen.insert(innermost).inserted { paths.append(innermost.path) }
    }
    return paths
  }

  /// Marks an effect cancelled; returns its handle, if it has one yet.
  private mutating func markCancelled(_ token: UInt64) -> Handle? {
    guard let index = entries.index(of: token) else { return nil }
    return entries[index].markCancelled()
  }

  // MARK: - Child lifetimes and concatenations

  /// Takes the child lifetime keys whose effects have all ended since the last call (and that
  /// have not started new ones since).
  package mutating func takeEndedLifetimes() -> [EffectKey] {
    guard !endedLifetimes.isEmpty else { return [] }
    defer { endedLifetimes.removeAll(keepingCapacity: true) }
    return endedLifetimes.filter { !tokensByKey.contains($0) }
  }

  /// Starts recording which of `keys` are cancelled, for a concatenation whose parts registered
  /// under them have not started. `nil` when there is nothing to watch.
  package mutating func watchCancellations(of keys: Set<EffectKey>) -> UInt64? {
    guard !keys.isEmpty else { return nil }
    nextWatch &+= 1
    let watch = nextWatch
    watches[watch] = CancellationWatch(keys: keys)
    for key in keys { watchesByKey[key, default: []].insert(watch) }
    return watch
  }

  /// The watched keys cancelled since ``watchCancellations(of:)``.
  package func cancelledKeys(of watch: UInt64) -> Set<EffectKey> {
    watches[watch]?.cancelled ?? []
  }

  /// Stops a watch started by ``watchCancellations(of:)``.
  package mutating func endWatch(_ watch: UInt64) {
    guard let ended = watches.removeValue(forKey: watch) else { return }
    for key in ended.keys {
      watchesByKey[key]?.remove(watch)
      if watchesByKey[key]?.isEmpty == true { watchesByKey[key] = nil }
    }
  }

  /// How many concatenations watch cancellations (for tests: none are left when all ended).
  package var watchCount: Int { watches.count }

  // MARK: - Groups

  /// Counts one more piece of outstanding work (a queued action) in `group`.
  package mutating func retain(_ group: EffectGroup) {
    group.pending += 1
  }

  /// Ends a piece of outstanding work of `group`. Returns the waiters to resume when none is
  /// left.
  package mutating func release(_ group: EffectGroup) -> [Waiter] {
    group.pending -= 1
    guard group.pending == 0 else { return [] }
    return waiters.removeValue(forKey: ObjectIdentifier(group)) ?? []
  }

  /// Waits for `group` to finish: `false` when it already has (the caller resumes `waiter`
  /// at once), `true` when `waiter` was recorded and will be returned by the event that
  /// finishes the group.
  package mutating func wait(for group: EffectGroup, _ waiter: Waiter) -> Bool {
    guard group.pending > 0 else { return false }
    waiters[ObjectIdentifier(group), default: []].append(waiter)
    return true
  }

  /// Whether every effect counted in `group` has ended.
  package func isFinished(_ group: EffectGroup) -> Bool { group.pending == 0 }

  /// Whether `group` started no effect, was cancelled, or had every one of its effects cancelled.
  package func isCancelled(_ group: EffectGroup) -> Bool {
    group.isCancelled || group.started == 0 || group.cancelled == group.started
  }
}

#if DEBUG
/// A token under a key, for ``CancellationTable/_checkInvariants()``.
private struct Registration: Hashable {
  let key: EffectKey
  let token: UInt64
}

extension CancellationTable {
  /// Stops the process when the table breaks an invariant its events keep (DEBUG builds only;
  /// the tests call it after every event):
  /// - the token slots and the key index are whole (``TokenSlots/_checkInvariants()``,
  ///   ``TokenIndex/_checkInvariants()``);
  /// - every token under a key names a running effect registered under that key, and an effect
  ///   never cancelled is under every one of its keys;
  /// - each group's list of members links each running effect of the group once, both ways, and
  ///   counts no more than the group's pending work; a group never has more cancelled effects
  ///   than started ones;
  /// - the watches and the watches by key name each other.
  package func _checkInvariants() {
    entries._checkInvariants()
    tokensByKey._checkInvariants()
    var registrations = Set<Registration>()
    tokensByKey.forEachToken { key, token in
      let index = entries.index(of: token)
      precondition(
        index.map { entries[$0].keys.contains(key) } == true,
        "CancellationTable: a token under \(key) names no effect registered under it")
      registrations.insert(Registration(key: key, token: token))
    }
    var groups: [ObjectIdentifier: (group: EffectGroup, running: Int)] = [:]
    for index in entries.occupiedIndices {
      let entry = entries[index]
      if !entry.isCancelled {
        for key in entry.keys {
          precondition(
            registrations.contains(Registration(key: key, token: entries.token(at: index))),
            "CancellationTable: a running effect is missing from under \(key)")
        }
      }
      if let group = entry.group {
        groups[ObjectIdentifier(group), default: (group, 0)].running += 1
      }
    }
    for (group, running) in groups.values {
      var members = 0
      var previous: Int32 = -1
      var member = group.firstMember
      while member >= 0 {
        let entry = entries[Int(member)]
        precondition(
          entry.group === group && entry.previousMember == previous,
          "CancellationTable: a group's list of members is broken at slot \(member)")
        members += 1
        precondition(members <= entries.count, "CancellationTable: a group's list has a cycle")
        previous = member
        member = entry.nextMember
      }
      precondition(
        members == running && members <= group.pending,
        "CancellationTable: a group lists \(members) members, \(running) running, "
          + "\(group.pending) pending")
      precondition(
        group.cancelled <= group.started, "CancellationTable: more cancelled than started")
    }
    for (key, ids) in watchesByKey {
      precondition(
        !ids.isEmpty && ids.allSatisfy { watches[$0]?.keys.contains(key) == true },
        "CancellationTable: the watches of \(key) do not watch it")
    }
    for (id, watch) in watches {
      precondition(
        watch.keys.allSatisfy { watchesByKey[$0]?.contains(id) == true },
        "CancellationTable: watch \(id) is missing from under one of its keys")
    }
  }
}
#endif

/// The effects started by one `Store.send`, and by the actions they send back: what a
/// ``StoreTask`` waits for and cancels. Its identity is what the ``CancellationTable`` records.
///
/// Its counters are only read and written by the table, under the lock of the
/// ``EffectRegistry`` that owns it, which is why it can be `@unchecked Sendable`.
@usableFromInline
package final class EffectGroup: @unchecked Sendable {
  /// Running effects plus queued actions of this group.
  fileprivate var pending = 0
  /// How many effects were ever started in this group.
  fileprivate var started = 0
  fileprivate var isCancelled = false
  /// How many of the started effects were cancelled (by id, by the group, or by the store).
  fileprivate var cancelled = 0
  /// The slot of the first of its running effects in the table (each entry links to the next
  /// and the one before): -1 when none runs. A list through the entries rather than a set of
  /// tokens: adding and removing a member hashes nothing and allocates nothing.
  fileprivate var firstMember: Int32 = -1

  package init() {}
}

/// Whether one effect was cancelled, for its `Send`: a `Send` that escaped the effect (kept by a
/// callback, or used from a task of its own) must drop what it sends after the cancellation, which
/// the task it is called from cannot tell.
///
/// Its flag is only read and written by the ``CancellationTable``, under the lock of the
/// ``EffectRegistry`` that owns it, which is why it can be `@unchecked Sendable`. Not final: the
/// effect runtime's object for a started effect is its status as well (one allocation).
package class EffectStatus: @unchecked Sendable {
  fileprivate var isCancelled = false
  /// The group of the `send` that started the effect: the actions its `Send` sends count in it.
  package let group: EffectGroup?

  package init(group: EffectGroup? = nil) {
    self.group = group
  }
}
