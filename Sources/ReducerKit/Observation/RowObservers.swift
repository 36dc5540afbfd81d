/// The observers of one row of a ``RowObserverGroup``, in the order they were added: the first
/// kept inline, the others in an array.
///
/// A row store's view usually reads its row through one store, and an observed row usually has
/// one observer. Kept inline, that observer costs no array: one object fewer per observed row,
/// and one cache line fewer to fetch for the send that checks it (with many rows, the row an
/// action touches is likely out of the processor's caches).
///
/// Invariant: ``first`` is `nil` only when there are no observers (``others`` is empty then).
struct RowObservers {
  /// The first observer; `nil` only when there are none.
  private var first: StateObserver?
  /// The observers after the first, in order.
  private var others: [StateObserver] = []

  /// Whether the row has no observers.
  var isEmpty: Bool { first == nil }

  /// How many observers the row has.
  var count: Int { first == nil ? 0 : 1 + others.count }

  /// The observers, in order (a copy, for inspection: the group works on them in place).
  var all: [StateObserver] { first.map { [$0] + others } ?? [] }

  /// Adds `observer` after the others.
  mutating func append(_ observer: StateObserver) {
    if first == nil { first = observer } else { others.append(observer) }
  }

  /// Adds `observer`, in the place of the one of the same part if there is one; `false` when it
  /// replaced one.
  mutating func add(_ observer: StateObserver) -> Bool {
    if let first, first.part === observer.part {
      self.first = observer
      return false
    }
    if let index = others.firstIndex(where: { $0.part === observer.part }) {
      others[index] = observer
      return false
    }
    append(observer)
    return true
  }

  /// Removes the observer of `part`; `false` when there is none.
  mutating func remove(_ part: ObservedPart) -> Bool {
    guard let first else { return false }
    if first.part === part {
      self.first = others.isEmpty ? nil : others.removeFirst()
      return true
    }
    guard let index = others.firstIndex(where: { $0.part === part }) else { return false }
    others.remove(at: index)
    return true
  }

  /// Removes every observer.
  mutating func removeAll() {
    first = nil
    others.removeAll()
  }

  /// Moves the observers whose part changed in `state` to `changed`, in order.
  mutating func takeChanged(in state: StateAddress, into changed: inout [StateObserver]) {
    guard first != nil else { return }
    guard others.isEmpty else { return takeChangedAmongSeveral(in: state, into: &changed) }
    // The common case, kept short: it runs on every send to an observed row, and every
    // instruction of it competes for the instruction cache with the read that follows. The
    // observer is moved out (`take()`), not copied, and checked while this function owns it:
    // checked where it is stored, a call through its finder could (as far as the compiler knows)
    // replace it there, so its finder's context was retained and released around the call.
    let observer = first.take().unsafelyUnwrapped
    if observer.check(state) {
      changed.append(consume observer)
    } else {
      first = consume observer
    }
  }

  /// ``takeChanged(in:into:)`` for a row with more than one observer.
  @inline(never)
  private mutating func takeChangedAmongSeveral(
    in state: StateAddress, into changed: inout [StateObserver]
  ) {
    guard let first else { return }
    let firstChanged = first.check(state)
    if firstChanged { changed.append(first) }
    // By hand rather than `removeAll(where:)`, which rebuilds the array through
    // `replaceSubrange` even when it empties it; an emptied array keeps its storage.
    var kept = 0
    for index in others.indices {
      let observer = others[index]
      if observer.check(state) {
        changed.append(observer)
      } else {
        if kept != index { others[kept] = observer }
        kept += 1
      }
    }
    // One at a time from the end: `removeAll(keepingCapacity:)` and `removeLast(_:)` also go
    // through `replaceSubrange`, for what is mostly one element.
    while others.count > kept { others.removeLast() }
    if firstChanged { self.first = others.isEmpty ? nil : others.removeFirst() }
  }

  #if DEBUG
  /// Stops the process when the row breaks an invariant (DEBUG builds only): ``first`` is `nil`
  /// only when there are no observers, and no two observers have the same part.
  func _checkInvariants() {
    precondition(first != nil || others.isEmpty, "RowObservers: observers after no first one")
    let parts = all.map { ObjectIdentifier($0.part) }
    precondition(Set(parts).count == parts.count, "RowObservers: two observers of one part")
  }
  #endif
}
