/// One observed part of a store's state: how to tell whether it changed since it was read, and
/// whom to tell.
///
/// Observation tracking is one-shot, so an observer is checked after each action until its part
/// changed, then notified and forgotten; reading the part again registers it again. Its check gets
/// a pointer to the state of the core that holds it (the root's, or a row group's element), so
/// the type is not generic and the check loop needs no type metadata.
@MainActor
package final class StateObserver {
  /// Whether the observed part differs from the value it had when it was read.
  let hasChanged: (UnsafeRawPointer) -> Bool
  /// Tells the registrar of the store that read it.
  let notify: @MainActor () -> Void

  init(
    hasChanged: @escaping (UnsafeRawPointer) -> Bool, notify: @escaping @MainActor () -> Void
  ) {
    self.hasChanged = hasChanged
    self.notify = notify
  }

  /// Runs the check.
  @inline(__always)
  func check(_ state: UnsafeRawPointer) -> Bool {
    hasChanged(state)
  }
}

/// Identifies an observer, so that reading the same part of the same store twice registers one.
package struct StateObserverKey: Hashable {
  /// The store whose observers are notified.
  let store: ObjectIdentifier
  /// The part of that store's state.
  let field: Field

  /// A part of a state.
  enum Field: Hashable {
    /// The whole state.
    case whole
    /// A stored field, by its byte offset in the state (cheaper to hash than its key path).
    case offset(Int)
    /// A field reached through computed properties.
    case keyPath(AnyKeyPath)
  }
}

/// The observers of the rows of one collection, grouped so that an action that touched one row
/// checks that row's observers only: the cost of an action does not grow with the number of
/// live row stores.
@MainActor
package final class RowObserverGroup {
  /// Reads the collection's structure version, element generation and last mutated id from a
  /// pointer to the state of the core that holds the group.
  let readVersions: (UnsafeRawPointer) -> (structure: UInt, generation: UInt, lastID: AnyHashable?)
  var structure: UInt
  var generation: UInt
  /// Each row's observers, by row id; the checks get a pointer to the holder's state.
  var observers: [AnyHashable: [StateObserverKey: StateObserver]] = [:]

  init(
    readVersions:
      @escaping (UnsafeRawPointer) -> (
        structure: UInt, generation: UInt, lastID: AnyHashable?
      ),
    state: UnsafeRawPointer
  ) {
    self.readVersions = readVersions
    (structure, generation, _) = readVersions(state)
  }

  /// The observers whose part changed, removed from the group. Checks one row when the action
  /// mutated exactly one row in place, none when it mutated none, and all otherwise.
  func takeChanged(in state: UnsafeRawPointer) -> [StateObserver] {
    let versions = readVersions(state)
    defer { (structure, generation) = (versions.structure, versions.generation) }
    if versions.structure == structure {
      if versions.generation == generation { return [] }
      if versions.generation == generation &+ 1, let id = versions.lastID {
        return takeChanged(in: state, rows: [id])
      }
    }
    return takeChanged(in: state, rows: Array(observers.keys))
  }

  private func takeChanged(in state: UnsafeRawPointer, rows: [AnyHashable]) -> [StateObserver] {
    var changed: [StateObserver] = []
    for id in rows {
      guard let rowObservers = observers[id] else { continue }
      var changedKeys: [StateObserverKey] = []
      for (key, observer) in rowObservers where observer.check(state) {
        changed.append(observer)
        changedKeys.append(key)
      }
      guard !changedKeys.isEmpty else { continue }
      if changedKeys.count == rowObservers.count {
        observers[id] = nil
      } else {
        for key in changedKeys { observers[id]?[key] = nil }
      }
    }
    return changed
  }
}

/// Compares two values when their type is `Equatable`; `nil` when it is not.
package func areEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  func compare<E: Equatable>(_ lhs: E) -> Bool { lhs == (rhs as? E) }
  return compare(lhs)
}
