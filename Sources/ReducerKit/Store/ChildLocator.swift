/// Finds a child instance's state inside its parent's state: calls `body` with a pointer to the
/// child's state and returns what it returns, or returns `false` when the instance is not there.
package typealias ChildLens = (
  _ parentState: UnsafeRawPointer, _ body: (_ childState: UnsafeRawPointer) -> Bool
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
  /// A number that changes whenever children of this kind may have gone away (an
  /// `IdentifiedArray`'s structure version), read from the parent's state: while it stays the
  /// same, the children need no check. `nil` for children that are checked every time.
  let version: ((_ parentState: UnsafeRawPointer) -> UInt64)?

  package init(
    lens: @escaping (_ component: ScopeComponent) -> ChildLens,
    version: ((_ parentState: UnsafeRawPointer) -> UInt64)? = nil
  ) {
    self.lens = lens
    self.version = version
  }

  /// A child that is always present: the state at a key path (`Scope`).
  package static func keyPath<Parent, Child>(
    _ keyPath: KeyPath<Parent, Child>
  ) -> ChildLocator {
    ChildLocator(lens: { _ in
      { parent, body in
        withUnsafePointer(to: parent.assumingMemoryBound(to: Parent.self).pointee[keyPath: keyPath])
        { body(UnsafeRawPointer($0)) }
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
        parent.assumingMemoryBound(to: Parent.self).pointee[keyPath: keyPath]
      }
    })
  }

  /// An element of an `IdentifiedArray` (`forEach`): present while its id is in the array.
  package static func element<Parent, ID: Hashable, Element>(
    _ keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>
  ) -> ChildLocator {
    let toVersion = keyPath.appending(path: \IdentifiedArray<ID, Element>._structureVersion)
    return ChildLocator(
      lens: { component in
        guard let id = component.id.childInstance?.base as? ID else { return { _, _ in false } }
        return { parent, body in
          guard
            let element = parent.assumingMemoryBound(to: Parent.self).pointee[keyPath: keyPath][
              id: id]
          else { return false }
          return withUnsafePointer(to: element) { body(UnsafeRawPointer($0)) }
        }
      },
      version: { parent in parent.assumingMemoryBound(to: Parent.self).pointee[keyPath: toVersion] }
    )
  }

  /// One case of enum state (`ifCaseLet`): present while the state is in that case and, for an
  /// identifiable child, while its id is the one the instance started with.
  package static func enumCase<Parent, Child>(
    _ casePath: CasePath<Parent, Child>,
    instance: @escaping (Child) -> AnyHashable?
  ) -> ChildLocator {
    ChildLocator(lens: { component in
      instanceLens(of: component, instance: instance) { parent in
        casePath.extract(from: parent.assumingMemoryBound(to: Parent.self).pointee)
      }
    })
  }

  /// The lens for a child that `read` finds in its parent's state, present while it is there
  /// and its instance id is the one `component` names.
  private static func instanceLens<Child>(
    of component: ScopeComponent,
    instance: @escaping (Child) -> AnyHashable?,
    read: @escaping (_ parentState: UnsafeRawPointer) -> Child?
  ) -> ChildLens {
    let expected = component.id.childInstance
    return { parent, body in
      guard let child = read(parent), instance(child) == expected else { return false }
      return withUnsafePointer(to: child) { body(UnsafeRawPointer($0)) }
    }
  }

  /// A child that is always present and is its parent's state itself (for tests and for effects
  /// scoped by hand).
  package static var identity: ChildLocator {
    ChildLocator(lens: { _ in { parent, body in body(parent) } })
  }
}
