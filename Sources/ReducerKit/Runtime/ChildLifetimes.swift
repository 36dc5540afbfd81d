/// The child instances whose effects are running, and how to find each one in the root state:
/// after every action the root store asks which of them went away, whoever removed them (the
/// reducer that composes the child, a sibling reducer, a parent above it, a binding), and cancels
/// their effects.
///
/// Children are grouped by owner (the composing reducer at one place in the state tree). An owner
/// whose children live in an `IdentifiedArray` reads the array's removal version: unchanged, it
/// is skipped in one comparison; one removal since the last check, only the removed element's
/// child is looked at. So the check costs O(owners) per action, and adding or removing a row
/// O(1), whatever the number of rows with running effects (only a removal of several rows at
/// once, or a replaced array, looks at every one).
///
/// A pure table: it neither runs tasks nor cancels anything itself.
@MainActor
package final class ChildLifetimes: UncheckedFields<[EffectKey: ChildOwnerKey]> {
  /// One composing reducer at one place: the children it has with running effects.
  private final class Owner {
    /// Finds the owner's own state (the children's parent state) in the root state; `nil` for an
    /// owner at the root.
    let toParent: ChildLens?
    let removals: ChildRemovals?
    /// The removal version seen by the last check (which left only present children).
    var checkedVersion: UInt64?
    var children: [EffectKey: ChildLens] = [:]
    /// The children by instance id, for an owner with `removals`.
    var childByInstance: [AnyHashable: EffectKey] = [:]
    /// Children watched since the last check: checked even when the version is unchanged.
    var newChildren: [EffectKey] = []

    init(toParent: ChildLens?, removals: ChildRemovals?) {
      self.toParent = toParent
      self.removals = removals
    }
  }

  private var owners: [ChildOwnerKey: Owner] = [:]
  /// Each watched child's owner, in ``UncheckedFields/unchecked``: not checked for exclusive
  /// access. `isEmpty` reads it after every action of every store, and the dynamic check cost
  /// more than the read. Its accesses are this class's own short calls on the main actor; the
  /// only user code they can run (an id's `Hashable`) cannot reach a store's lifetimes.
  private var ownerOfChild: [EffectKey: ChildOwnerKey] {
    @inline(__always) _read { yield unchecked }
    @inline(__always) _modify { yield &unchecked }
  }

  /// No child watched.
  package init() {
    super.init(unchecked: [:])
  }

  /// Whether no child is watched (then nothing needs checking after an action).
  package var isEmpty: Bool {
    @inline(__always) get { ownerOfChild.isEmpty }
  }

  /// How many child instances are watched.
  package var count: Int { ownerOfChild.count }

  /// Watches the child instance whose lifetime key is `key` (a key with a `nil` id whose path
  /// ends at the child). `locators[i]` finds `key.path[i]` in the state of `key.path[..<i]`.
  /// Watching a child already watched does nothing.
  package func watch(_ key: EffectKey, locators: ArraySlice<ChildLocator>) {
    guard ownerOfChild[key] == nil else { return }
    let path = key.path
    precondition(path.count == locators.count, "a locator for every component of the path")
    let last = path.count - 1
    let ownerKey = ChildOwnerKey(
      parentPath: path[..<last],
      locator: ObjectIdentifier(locators[locators.startIndex + last]))
    let owner: Owner
    if let existing = owners[ownerKey] {
      owner = existing
    } else {
      owner = Owner(
        toParent: Self.compose(path[..<last], locators.prefix(last)),
        removals: locators[locators.startIndex + last].removals)
      owners[ownerKey] = owner
    }
    owner.children[key] = locators[locators.startIndex + last].lens(path[last])
    if owner.removals != nil, let instance = path[last].id.childInstance {
      owner.childByInstance[instance] = key
    }
    // The last check's version says nothing about a new child: it is checked on its own.
    owner.newChildren.append(key)
    ownerOfChild[key] = ownerKey
  }

  /// Stops watching the children whose effects have all ended.
  package func forget(_ keys: some Sequence<EffectKey>) {
    for key in keys {
      guard let ownerKey = ownerOfChild.removeValue(forKey: key), let owner = owners[ownerKey]
      else { continue }
      owner.children[key] = nil
      if owner.removals != nil, let instance = key.path.last?.id.childInstance {
        owner.childByInstance[instance] = nil
      }
      if owner.children.isEmpty { owners[ownerKey] = nil }
    }
  }

  /// The watched children that are no longer in `rootState`; they are forgotten (their effects
  /// are the caller's to cancel).
  package func removeGone(in rootState: StateAddress) -> [EffectKey] {
    var gone: [EffectKey] = []
    for owner in owners.values {
      let isParentPresent = withParentState(of: owner, in: rootState) { parent in
        defer { owner.newChildren.removeAll(keepingCapacity: true) }
        func check(_ key: EffectKey) {
          if let lens = owner.children[key], !lens(parent, { _ in true }) { gone.append(key) }
        }
        if let removals = owner.removals {
          let versions = removals.versions(parent)
          defer { owner.checkedVersion = versions.current }
          if versions.current == owner.checkedVersion {
            // No element went away since the last check: only the new children need a look.
            for key in owner.newChildren { check(key) }
            return true
          }
          if versions.previous == owner.checkedVersion {
            // One element went away: only its child (if it has one) and the new ones.
            if let removed = removals.lastRemoved(parent),
              let key = owner.childByInstance[removed]
            {
              check(key)
            }
            for key in owner.newChildren { check(key) }
            return true
          }
        }
        for (key, lens) in owner.children where !lens(parent, { _ in true }) {
          gone.append(key)
        }
        return true
      }
      if !isParentPresent {
        // The owner's own state went away (a row that held it was removed): so did its children.
        gone.append(contentsOf: owner.children.keys)
      }
    }
    // A removed child can also be a new one: report each once.
    if gone.count > 1 { gone = Array(Set(gone)) }
    if !gone.isEmpty { forget(gone) }
    return gone
  }

  private func withParentState(
    of owner: Owner, in rootState: StateAddress, _ body: (StateAddress) -> Bool
  ) -> Bool {
    guard let toParent = owner.toParent else { return body(rootState) }
    return toParent(rootState, body)
  }

  /// One lens through every component of `path`, made once per owner.
  private static func compose(
    _ path: ArraySlice<ScopeComponent>, _ locators: ArraySlice<ChildLocator>
  ) -> ChildLens? {
    var lens: ChildLens?
    for (component, locator) in zip(path, locators) {
      let next = locator.lens(component)
      if let outer = lens {
        lens = { root, body in outer(root) { parent in next(parent, body) } }
      } else {
        lens = next
      }
    }
    return lens
  }
}

/// A composing reducer at one place in the state tree (the path to its parent state and its
/// locator): what ``ChildLifetimes`` groups children by.
package struct ChildOwnerKey: Hashable {
  let parentPath: ArraySlice<ScopeComponent>
  let locator: ObjectIdentifier
}
