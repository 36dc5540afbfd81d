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

extension TokenIndex {
  /// Stops the process when the index breaks an invariant (DEBUG builds only): no slot is empty,
  /// every key is in the slot of its hash with at least one token, a shared slot holds two keys
  /// or more, all different, and keys shared a slot only if ``hasShared`` says so.
  func _checkInvariants() {
    for (hash, slot) in slots {
      switch slot {
      case .empty:
        preconditionFailure("TokenIndex: an empty slot is left at \(hash)")
      case .one(let key, let tokens):
        precondition(key.hash == hash && !tokens.isEmpty, "TokenIndex: slot \(hash)")
      case .shared(let list):
        precondition(hasShared && list.count >= 2, "TokenIndex: shared slot \(hash)")
        for (position, entry) in list.enumerated() {
          precondition(
            entry.key.hash == hash && !entry.tokens.isEmpty
              && !list[..<position].contains { $0.key == entry.key },
            "TokenIndex: shared slot \(hash)")
        }
      }
    }
  }

  /// Calls `body` with every key and each token registered under it.
  func forEachToken(_ body: (EffectKey, UInt64) -> Void) {
    for slot in slots.values {
      switch slot {
      case .empty: break
      case .one(let key, let tokens): tokens.forEach { body(key, $0) }
      case .shared(let list): for entry in list { entry.tokens.forEach { body(entry.key, $0) } }
      }
    }
  }
}

extension Tokens {
  /// Calls `body` with each token.
  func forEach(_ body: (UInt64) -> Void) {
    switch self {
    case .empty: break
    case .one(let token): body(token)
    case .many(let tokens): tokens.forEach(body)
    }
  }
}
#endif

/// The tokens registered under each key: a multimap from ``EffectKey`` to tokens.
///
/// Swift's dictionary copies and compares the key of every bucket it probes on a lookup; an
/// ``EffectKey`` (a path array and an `AnyHashable`) is dear to copy. Keyed here by the key's
/// hash, computed once when the key was made, a probe copies and compares an integer. Keys of
/// equal hashes (rare) share a slot, told apart by equality.
struct TokenIndex {
  fileprivate enum Slot {
    /// Only while the first token is inserted: a slot with no key is removed.
    case empty
    case one(EffectKey, Tokens)
    case shared([(key: EffectKey, tokens: Tokens)])
  }

  /// What ``remove(_:under:)`` did.
  enum Removal {
    case notFound
    case removed
    /// The key's last token: the key is gone.
    case removedLast
  }

  private var slots: [Int: Slot] = [:]
  /// Whether two keys of one hash ever shared a slot. Until then, a token found in a slot of one
  /// key was inserted under that key (see ``remove(_:under:)``).
  private var hasShared = false

  /// Makes room for `additional` more keys.
  mutating func reserveCapacity(_ additional: Int) {
    slots.reserveCapacity(slots.count + additional)
  }

  /// Whether any token is registered under `key`.
  func contains(_ key: EffectKey) -> Bool {
    switch slots[key.hash] {
    case nil, .empty?: false
    case .one(let only, _)?: only == key
    case .shared(let list)?: list.contains { $0.key == key }
    }
  }

  /// Registers `token` (not registered there yet) under `key`.
  mutating func insert(_ token: UInt64, under key: EffectKey) {
    if slots[key.hash, default: .empty].insert(token, under: key) { hasShared = true }
  }

  /// Removes `token` from under `key`.
  ///
  /// A token is unique to one effect, and the table removes it only from under that effect's
  /// own keys. So when no two keys ever shared a slot, a slot of one key that holds the token
  /// holds it under `key` (had the effect been registered under another key of this hash as
  /// well, they would have shared the slot): the keys are not compared (which `AnyHashable`'s
  /// dynamic equality makes dear).
  mutating func remove(_ token: UInt64, under key: EffectKey) -> Removal {
    guard let index = slots.index(forKey: key.hash) else { return .notFound }
    let removal = slots.values[index].remove(token, under: key, comparingKeys: hasShared)
    if removal == .removedLast, case .empty = slots.values[index] { slots.remove(at: index) }
    return removal
  }

  /// Removes `key` and returns its tokens; `nil` when it has none.
  mutating func removeAll(under key: EffectKey) -> Tokens? {
    guard let index = slots.index(forKey: key.hash) else { return nil }
    switch slots.values[index] {
    case .empty:
      return nil
    case .one(let only, let tokens):
      guard only == key else { return nil }
      slots.remove(at: index)
      return tokens
    case .shared(var list):
      guard let position = list.firstIndex(where: { $0.key == key }) else { return nil }
      let tokens = list.remove(at: position).tokens
      slots.values[index] = list.count == 1 ? .one(list[0].key, list[0].tokens) : .shared(list)
      return tokens
    }
  }
}

extension TokenIndex.Slot {
  /// Adds `token` under `key`; `true` when this made the slot shared by two keys.
  mutating func insert(_ token: UInt64, under key: EffectKey) -> Bool {
    switch self {
    case .empty:
      self = .one(key, .one(token))
      return false
    case .one(let only, var tokens):
      if only == key {
        // Out of `self` first, so a set of tokens is uniquely referenced and grows in place.
        self = .empty
        tokens.insert(token)
        self = .one(only, tokens)
        return false
      } else {
        self = .shared([(only, tokens), (key, .one(token))])
        return true
      }
    case .shared(var list):
      self = .empty
      if let position = list.firstIndex(where: { $0.key == key }) {
        list[position].tokens.insert(token)
      } else {
        list.append((key, .one(token)))
      }
      self = .shared(list)
      return false
    }
  }

  /// Removes `token` from under `key`; a slot of one key compares it with `key` only when
  /// `comparingKeys` (see `TokenIndex.remove(_:under:)`).
  mutating func remove(
    _ token: UInt64, under key: EffectKey, comparingKeys: Bool
  ) -> TokenIndex.Removal {
    switch self {
    case .empty:
      return .notFound
    case .one(let only, var tokens):
      if comparingKeys, only != key { return .notFound }
      self = .empty
      guard tokens.remove(token) else {
        self = .one(only, tokens)
        return .notFound
      }
      if tokens.isEmpty { return .removedLast }
      self = .one(only, tokens)
      return .removed
    case .shared(var list):
      guard let position = list.firstIndex(where: { $0.key == key }) else { return .notFound }
      self = .empty
      guard list[position].tokens.remove(token) else {
        self = .shared(list)
        return .notFound
      }
      let isLast = list[position].tokens.isEmpty
      if isLast { list.remove(at: position) }
      // A shared slot holds two keys or more: one is left at least.
      self = list.count == 1 ? .one(list[0].key, list[0].tokens) : .shared(list)
      return isLast ? .removedLast : .removed
    }
  }
}

/// The tokens of the effects registered under one key. Most keys have one effect (an id of its
/// own, a child's lifetime with one effect running), which needs no set: no allocation to start
/// it, nothing to free when it ends.
enum Tokens {
  /// No token: only while the first one is inserted (a key with no token is removed).
  case empty
  case one(UInt64)
  case many(Set<UInt64>)

  var isEmpty: Bool {
    if case .empty = self { true } else { false }
  }

  /// Adds `token` (not there yet).
  mutating func insert(_ token: UInt64) {
    switch self {
    case .empty:
      self = .one(token)
    case .one(let first):
      self = .many([first, token])
    case .many(var tokens):
      // Out of `self` first, so the set is uniquely referenced and grows in place.
      self = .empty
      tokens.insert(token)
      self = .many(tokens)
    }
  }

  /// Removes `token`; `false` when it was not there.
  mutating func remove(_ token: UInt64) -> Bool {
    switch self {
    case .empty:
      return false
    case .one(let only):
      guard only == token else { return false }
      self = .empty
      return true
    case .many(var tokens):
      self = .empty
      let removed = tokens.remove(token) != nil
      self = tokens.isEmpty ? .empty : .many(tokens)
      return removed
    }
  }
}

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
