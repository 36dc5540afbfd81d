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

#if DEBUG
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
