/// Live observers of a root store's state (those outside of row groups, or one row's), kept in
/// flat arrays so that the check after each action is mostly a scan of byte ranges.
///
/// Each observed part has at most one live observer, in one list: reading the part again
/// replaces it. The part remembers its observer's position, so adding and removing hash nothing.
@MainActor
package final class StateObserverList: UncheckedFields<ContiguousArray<StateObserver>> {
  /// The live observers, in ``UncheckedFields/unchecked``: not checked for exclusive access.
  /// Every access is on the main actor, in a method of this class that runs no user code while
  /// it holds an access. (The one call into user code, an observer's check in `takeChanged`,
  /// runs between accesses; what it reads of the store registers no observer, so it does not
  /// reach this list.) The dynamic checks the compiler cannot remove here were a runtime call
  /// per access, several per action.
  private var observers: ContiguousArray<StateObserver> {
    @inline(__always) _read { yield unchecked }
    @inline(__always) _modify { yield &unchecked }
  }
  /// Each observer's byte check, in the same order: most checks end here.
  private let byteChecks = ByteChecks()

  /// An empty list.
  package init() {
    super.init(unchecked: [])
  }

  /// Whether no observer is live.
  package var isEmpty: Bool { observers.isEmpty }

  /// How many observers are live.
  package var count: Int { observers.count }

  /// Adds an observer, replacing the live observer of the same part if there is one.
  ///
  /// - Returns: Whether the observer was added rather than replacing one.
  @discardableResult
  package func add(_ observer: StateObserver) -> Bool {
    let part = observer.part
    if part.listPosition >= 0 {
      observers[part.listPosition] = observer
      byteChecks[part.listPosition] = observer.byteCheck
      return false
    }
    part.listPosition = observers.count
    observers.append(observer)
    byteChecks.append(observer.byteCheck)
    return true
  }

  /// Removes the live observer of `part`, if it has one (its store was released).
  package func remove(_ part: ObservedPart) {
    let position = part.listPosition
    guard position >= 0 else { return }
    part.listPosition = -1
    removeObserver(at: position)
  }

  /// Removes the observer at `position`, moving the last observer there.
  @inline(__always)
  @discardableResult
  private func removeObserver(at position: Int) -> StateObserver {
    let last = observers.removeLast()
    let lastCheck = byteChecks.removeLast()
    guard position < observers.count else { return last }
    let removed = observers[position]
    observers[position] = last
    byteChecks[position] = lastCheck
    last.part.listPosition = position
    return removed
  }

  /// Removes the observers whose part changed in `state` (the root store's) and appends them to
  /// `changed`, from the last position to the first.
  ///
  /// - Complexity: O(*n*) byte comparisons, most of them one word; `==` only where the bytes
  ///   differ and do not decide.
  package func takeChanged(in state: StateAddress, into changed: inout [StateObserver]) {
    // From the back: the observer that moves into a removed one's place was checked already.
    var end = byteChecks.count
    while true {
      let position = byteChecks.lastChanged(before: end, in: state)
      guard position >= 0 else { return }
      end = position
      // Different bytes of an integer or a `Bool` are a change; otherwise the check runs `==`,
      // the user's code (no access is held across it).
      guard byteChecks[position].bytesDecide || observers[position].check(state) else {
        continue
      }
      let observer = removeObserver(at: position)
      observer.part.listPosition = -1
      changed.append(observer)
    }
  }

  #if DEBUG
  /// Stops the process when the list breaks an invariant its methods keep (DEBUG builds only;
  /// the tests call it after every change): one byte check per observer, each the observer's
  /// own, and each observer's part knows its position.
  package func _checkInvariants() {
    precondition(
      observers.count == byteChecks.count,
      "StateObserverList: \(observers.count) observers, \(byteChecks.count) byte checks")
    for (position, observer) in observers.enumerated() {
      precondition(
        observer.part.listPosition == position,
        "StateObserverList: the observer at \(position) says it is at "
          + "\(observer.part.listPosition)")
      let check = byteChecks[position]
      precondition(
        check.offset == observer.byteCheck.offset && check.size == observer.byteCheck.size,
        "StateObserverList: the byte check at \(position) is another observer's")
    }
  }
  #endif
}
