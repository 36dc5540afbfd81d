/// Finds a child instance's state inside its parent's state: calls `body` with the address of the
/// child's state and returns what it returns, or returns `false` when the instance is not there.
package typealias ChildLens = (
  _ parentState: StateAddress, _ body: (_ childState: StateAddress) -> Bool
) -> Bool

/// How the root store finds one kind of child (the children of one `Scope`, `ifLet`, `forEach` or
/// `ifCaseLet`) in its parent's state, so it can tell, after every action, whether a child whose
/// effects are running is still there — whichever reducer removed it.
///
/// A composing reducer makes one locator when it is built and hands it along with each effect it
/// scopes to a child (`Effect.scoped(to:locator:)`). The root store asks it for a lens only when a
/// child instance starts its first effect, so the per-action cost of sending stays unchanged.
///
/// Not `Sendable`: like the effects that carry it, it is made by a reducer and used by the store
/// that ran that reducer, on the main actor.
package final class ChildLocator {
  /// The lens for the child instance that `component` identifies.
  let lens: (_ component: ScopeComponent) -> ChildLens
  /// For children that are the elements of an `IdentifiedArray`: which of them may have gone
  /// away since a check, read from the parent's state. `nil` for children checked every time.
  let removals: ChildRemovals?

  package init(
    lens: @escaping (_ component: ScopeComponent) -> ChildLens,
    removals: ChildRemovals? = nil
  ) {
    self.lens = lens
    self.removals = removals
  }

  /// A child that is always present: the state at a key path (`Scope`).
  package static func keyPath<Parent, Child>(
    _ keyPath: KeyPath<Parent, Child>
  ) -> ChildLocator {
    ChildLocator(lens: { _ in
      { parent, body in
        StateAddress.with(parent[as: Parent.self][keyPath: keyPath], body)
      }
    })
  }

  /// Optional child state (`ifLet`): present while it is not `nil` and, for an identifiable child,
  /// while its id is the one the instance started with.
  package static func optional<Parent, Child>(
    _ keyPath: KeyPath<Parent, Child?>,
    instance: @escaping (Child) -> AnyHashable?
  ) -> ChildLocator {
    ChildLocator(lens: { component in
      instanceLens(of: component, instance: instance) { parent in
        parent[as: Parent.self][keyPath: keyPath]
      }
    })
  }

  /// An element of an `IdentifiedArray` (`forEach`): present while its id is in the array.
  package static func element<Parent, ID: Hashable, Element>(
    _ keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>
  ) -> ChildLocator {
    element(keyPath, child: \Element.self)
  }

  /// The child state held by an element of an `IdentifiedArray`, at `child` in the element (a
  /// stack's element inside the component that pairs it with its id): present while the
  /// element's id is in the array. The lens hands on the child state itself, so the locators
  /// of reducers nested inside the child (an enum case of it, say) read the type they expect.
  package static func element<Parent, ID: Hashable, Element, Child>(
    _ keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>,
    child: KeyPath<Element, Child>
  ) -> ChildLocator {
    return ChildLocator(
      lens: { component in
        guard let id = component.id.childInstance?.base as? ID else { return { _, _ in false } }
        return { parent, body in
          guard let element = parent[as: Parent.self][keyPath: keyPath][id: id] else {
            return false
          }
          return StateAddress.with(element[keyPath: child], body)
        }
      },
      removals: ChildRemovals(
        versions: { parent in
          let elements = parent[as: Parent.self][keyPath: keyPath]
          return (elements._removalVersion, elements._previousRemovalVersion)
        },
        lastRemoved: { parent in
          parent[as: Parent.self][keyPath: keyPath]._lastRemovedID.map { AnyHashable($0) }
        }))
  }

  /// One case of enum state (`ifCaseLet`): present while the state is in that case and, for an
  /// identifiable child, while its id is the one the instance started with.
  package static func enumCase<Parent, Child>(
    _ casePath: CasePath<Parent, Child>,
    instance: @escaping (Child) -> AnyHashable?
  ) -> ChildLocator {
    ChildLocator(lens: { component in
      instanceLens(of: component, instance: instance) { parent in
        casePath.extract(from: parent[as: Parent.self])
      }
    })
  }

  /// The lens for a child that `read` finds in its parent's state, present while it is there
  /// and its instance id is the one `component` names.
  private static func instanceLens<Child>(
    of component: ScopeComponent,
    instance: @escaping (Child) -> AnyHashable?,
    read: @escaping (_ parentState: StateAddress) -> Child?
  ) -> ChildLens {
    let expected = component.id.childInstance
    return { parent, body in
      guard let child = read(parent), instance(child) == expected else { return false }
      return StateAddress.with(child, body)
    }
  }

  /// A child that is always present and is its parent's state itself (for tests and for effects
  /// scoped by hand).
  package static var identity: ChildLocator {
    ChildLocator(lens: { _ in { parent, body in body(parent) } })
  }
}

/// How the root store learns which elements of an `IdentifiedArray` went away since it last
/// looked, without looking at every element: the array's removal version, the version before
/// its last removal, and the id that removal took (see `IdentifiedArray._removalVersion`).
package struct ChildRemovals {
  /// The removal version, and the one before the last removal (`0` when that removal took
  /// several elements).
  let versions: (_ parentState: StateAddress) -> (current: UInt64, previous: UInt64)
  /// The instance id (element id) that the last single removal took.
  let lastRemoved: (_ parentState: StateAddress) -> AnyHashable?
}
