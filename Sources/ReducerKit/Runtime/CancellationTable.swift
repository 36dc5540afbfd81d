/// The cancellation state machine of a root store: which effects are running, under which
/// cancellation keys, in which groups (the effects of one `send`), and what each event means for
/// them.
///
/// A pure value that owns every counter it keeps: it never runs, cancels or resumes anything
/// itself, and it holds no object (a group is a ``GroupID``, an effect a token). Each event returns
/// what the caller must do — the task handles to cancel, the waiters to resume — so the storage
/// that owns the lock (``EffectRegistry``) can do it outside the lock, and tests can drive the
/// machine without tasks (`Handle` and `Waiter` are plain values there).
///
/// An effect's life: ``reserve(keys:group:)`` (a token, before its task exists: a cancel right
/// after can never miss it), ``attach(_:to:)`` (its task handle), then ``complete(_:)`` when its
/// task ends. A cancellation in between marks it cancelled and returns its handle.
///
/// A group's life: ``makeGroup()``, then effects and queued actions counted in it
/// (``reserve(keys:group:)``, ``retain(_:)``), and ``forgetGroup(_:)`` when no one can ask about
/// it any more; its record goes once it is forgotten and has nothing pending.
package struct CancellationTable<Handle, Waiter> {
  /// One running (or reserved) effect.
  struct Entry {
    var handle: Handle?
    var keys: EffectKeys
    /// The slot of its group's record; -1 for none.
    var group: Int32 = -1
    var isCancelled = false
    /// The slots of the entries before and after this one in its group's list of members; -1
    /// at either end (see ``GroupRecord/firstMember``).
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

    /// Marks the effect cancelled; returns whether it was not before.
    mutating func markCancelled() -> Bool {
      guard !isCancelled else { return false }
      isCancelled = true
      return true
    }
  }

  /// The counters of one group: the effects of one `send`, and of the actions they send back.
  struct GroupRecord {
    /// Running effects plus queued actions of this group.
    var pending = 0
    /// How many effects were ever started in this group.
    var started = 0
    /// How many of the started effects were cancelled (by id, by the group, or by the store).
    var cancelled = 0
    var isCancelled = false
    /// The slot of the first of its running effects (each entry links to the next and the one
    /// before): -1 when none runs. A list through the entries rather than a set of tokens:
    /// adding and removing a member hashes nothing and allocates nothing.
    var firstMember: Int32 = -1
    /// Who waits for the group to finish.
    var waiters: [Waiter] = []
    /// Whether its owner forgot it (``forgetGroup(_:)``): the record goes when nothing is pending.
    var isForgotten = false
  }

  /// What a concatenation's pending parts would register under, and which of those keys were
  /// cancelled since the concatenation started.
  struct CancellationWatch {
    let keys: Set<EffectKey>
    var cancelled: Set<EffectKey> = []
  }

  /// The running effects, found by their tokens.
  private var entries = TokenSlots<Entry>()
  /// The groups, found by their ids' tokens.
  private var groups = TokenSlots<GroupRecord>()
  private var tokensByKey = TokenIndex()
  private var isClosed = false
  /// Child lifetime keys whose last effect ended, for the root store to stop watching.
  private var endedLifetimes: [EffectKey] = []
  /// Concatenations waiting to start parts.
  private var watches: [UInt64: CancellationWatch] = [:]
  private var watchesByKey: [EffectKey: Set<UInt64>] = [:]
  private var nextWatch: UInt64 = 0

  package init() {}

  /// The number of effects running (or reserved) now.
  package var count: Int { entries.count }

  /// The number of group records kept (for tests: none is left once every group was forgotten
  /// and has ended).
  package var groupCount: Int { groups.count }

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
  package mutating func reserve(keys: EffectKeys, group: GroupID?) -> UInt64? {
    guard !isClosed else { return nil }
    var entry = Entry(handle: nil, keys: keys)
    let slot = group.flatMap { groups.index(of: $0.token) }
    if let slot {
      entry.group = Int32(slot)
      groups[slot].pending += 1
      groups[slot].started += 1
      entry.nextMember = groups[slot].firstMember
    }
    let (token, index) = entries.insert(entry)
    if let slot {
      let first = groups[slot].firstMember
      if first >= 0 { entries[Int(first)].previousMember = Int32(index) }
      groups[slot].firstMember = Int32(index)
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
    guard entry.group >= 0 else { return [] }
    let slot = Int(entry.group)
    // Out of its group's list of members.
    if entry.previousMember >= 0 {
      entries[Int(entry.previousMember)].nextMember = entry.nextMember
    } else {
      groups[slot].firstMember = entry.nextMember
    }
    if entry.nextMember >= 0 {
      entries[Int(entry.nextMember)].previousMember = entry.previousMember
    }
    return release(atSlot: slot)
  }

  /// Whether the effect of `token` is running and was cancelled; `nil` when it is not in the
  /// table (it ended, or never started).
  package func isCancelled(effect token: UInt64) -> Bool? {
    entries.index(of: token).map { entries[$0].isCancelled }
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
  package mutating func cancel(_ group: GroupID) -> [Handle] {
    guard let slot = groups.index(of: group.token) else { return [] }
    groups[slot].isCancelled = true
    var handles: [Handle] = []
    var member = groups[slot].firstMember
    while member >= 0 {
      if let handle = markCancelled(atSlot: Int(member)) { handles.append(handle) }
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
    entries.occupiedIndices.compactMap { markCancelled(atSlot: $0) }
  }

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
    return markCancelled(atSlot: index)
  }

  /// Marks the effect at `index` cancelled, counted in its group; returns its handle, if it has
  /// one yet.
  private mutating func markCancelled(atSlot index: Int) -> Handle? {
    if entries[index].markCancelled(), entries[index].group >= 0 {
      groups[Int(entries[index].group)].cancelled += 1
    }
    return entries[index].handle
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

  /// Makes the record of a new group, with nothing pending.
  package mutating func makeGroup() -> GroupID {
    GroupID(token: groups.insert(GroupRecord()).token)
  }

  /// Forgets `group`: its owner is gone, so no one will ask about it or add to it again. Its
  /// record goes now, or when its last pending work ends.
  package mutating func forgetGroup(_ group: GroupID) {
    guard let slot = groups.index(of: group.token) else { return }
    if groups[slot].pending == 0 {
      _ = groups.remove(at: slot)
    } else {
      groups[slot].isForgotten = true
    }
  }

  /// Counts one more piece of outstanding work (a queued action) in `group`.
  package mutating func retain(_ group: GroupID) {
    guard let slot = groups.index(of: group.token) else { return }
    groups[slot].pending += 1
  }

  /// Ends a piece of outstanding work of `group`. Returns the waiters to resume when none is
  /// left.
  package mutating func release(_ group: GroupID) -> [Waiter] {
    guard let slot = groups.index(of: group.token) else { return [] }
    return release(atSlot: slot)
  }

  private mutating func release(atSlot slot: Int) -> [Waiter] {
    groups[slot].pending -= 1
    guard groups[slot].pending == 0 else { return [] }
    if groups[slot].isForgotten { return groups.remove(at: slot).waiters }
    guard !groups[slot].waiters.isEmpty else { return [] }
    defer { groups[slot].waiters = [] }
    return groups[slot].waiters
  }

  /// Waits for `group` to finish: `false` when it already has (the caller resumes `waiter`
  /// at once), `true` when `waiter` was recorded and will be returned by the event that
  /// finishes the group.
  package mutating func wait(for group: GroupID, _ waiter: Waiter) -> Bool {
    guard let slot = groups.index(of: group.token), groups[slot].pending > 0 else { return false }
    groups[slot].waiters.append(waiter)
    return true
  }

  /// Whether every effect counted in `group` has ended.
  package func isFinished(_ group: GroupID) -> Bool {
    groups.index(of: group.token).map { groups[$0].pending == 0 } ?? true
  }

  /// Whether `group` started no effect, was cancelled, or had every one of its effects cancelled.
  package func isCancelled(_ group: GroupID) -> Bool {
    guard let slot = groups.index(of: group.token) else { return true }
    let record = groups[slot]
    return record.isCancelled || record.started == 0 || record.cancelled == record.started
  }
}

/// A group's name in a ``CancellationTable``: the token of its record there. Made by
/// ``CancellationTable/makeGroup()``; an ``EffectGroup`` holds one for as long as it lives.
package struct GroupID: Hashable, Sendable {
  package let token: UInt64
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
  ///   than started ones; every effect counts in a group that has a record; a finished group
  ///   keeps no waiters, and a forgotten one no record;
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
    var running: [Int: Int] = [:]
    for index in entries.occupiedIndices {
      let entry = entries[index]
      if !entry.isCancelled {
        for key in entry.keys {
          precondition(
            registrations.contains(Registration(key: key, token: entries.token(at: index))),
            "CancellationTable: a running effect is missing from under \(key)")
        }
      }
      if entry.group >= 0 {
        precondition(
          groups.index(of: groups.token(at: Int(entry.group))) == Int(entry.group),
          "CancellationTable: an effect counts in a group that has no record")
        running[Int(entry.group), default: 0] += 1
      }
    }
    groups._checkInvariants()
    for slot in groups.occupiedIndices {
      let group = groups[slot]
      var members = 0
      var previous: Int32 = -1
      var member = group.firstMember
      while member >= 0 {
        let entry = entries[Int(member)]
        precondition(
          entry.group == Int32(slot) && entry.previousMember == previous,
          "CancellationTable: a group's list of members is broken at slot \(member)")
        members += 1
        precondition(members <= entries.count, "CancellationTable: a group's list has a cycle")
        previous = member
        member = entry.nextMember
      }
      precondition(
        members == running[slot, default: 0] && members <= group.pending,
        "CancellationTable: a group lists \(members) members, \(running[slot, default: 0]) "
          + "running, \(group.pending) pending")
      precondition(
        group.cancelled <= group.started, "CancellationTable: more cancelled than started")
      precondition(
        group.pending > 0 || group.waiters.isEmpty,
        "CancellationTable: a finished group keeps waiters")
      precondition(
        group.pending > 0 || !group.isForgotten,
        "CancellationTable: a forgotten group with nothing pending keeps its record")
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
