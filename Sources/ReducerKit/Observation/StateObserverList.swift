/// Live observers of a root store's state (those outside of row groups, or one row's), kept in
/// flat arrays so that the check after each action is mostly a scan of byte ranges.
///
/// Each observed part has at most one live observer, in one list: reading the part again
/// replaces it. The part remembers its observer's position, so adding and removing hash nothing.
@MainActor
package final class StateObserverList {
  private var observers: ContiguousArray<StateObserver> = []
  /// Each observer's byte check, in the same order: most checks end here.
  private var byteChecks: ContiguousArray<ByteCheck> = []
  /// Reused between actions, so that a check allocates nothing.
  private var changedPositions: [Int] = []

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
    let last = observers.count - 1
    if position != last {
      observers.swapAt(position, last)
      byteChecks.swapAt(position, last)
      observers[position].part.listPosition = position
    }
    observers.removeLast()
    byteChecks.removeLast()
  }

  /// Removes the observers whose part changed in `state` (the root store's) and appends them to
  /// `changed`.
  package func takeChanged(in state: UnsafeRawPointer, into changed: inout [StateObserver]) {
    // Taken out while in use: a check runs `==`, which is the user's code.
    var positions = changedPositions
    changedPositions = []
    byteChecks.withUnsafeBufferPointer { byteChecks in
      observers.withUnsafeBufferPointer { observers in
        for position in byteChecks.indices {
          if byteChecks[position].isUnchanged(in: state) { continue }
          if observers[position].check(state) { positions.append(position) }
        }
      }
    }
    // Positions ascend: remove from the back, swapping each with the last observer.
    for position in positions.reversed() {
      let observer = observers[position]
      observer.part.listPosition = -1
      changed.append(observer)
      let last = observers.count - 1
      if position != last {
        observers.swapAt(position, last)
        byteChecks.swapAt(position, last)
        observers[position].part.listPosition = position
      }
      observers.removeLast()
      byteChecks.removeLast()
    }
    positions.removeAll(keepingCapacity: true)
    changedPositions = positions
  }
}
