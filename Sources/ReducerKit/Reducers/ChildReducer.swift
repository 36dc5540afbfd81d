/// A child feature's reducer as a composing level (``Scope``, ``Reducer/forEach(_:action:element:)``
/// and the others) runs it: the reducer and, for a reducer with a `body`, that body evaluated
/// once.
///
/// Statically typed rather than a closure: in code compiled for a concrete feature, a parent
/// level calls its child's levels directly, so a nest of `Scope`s is one specialized call
/// chain, with no indirect call per level.
@usableFromInline
final class ChildReducer<Child: Reducer> {
  /// The box that holds the reducer's body, evaluated once; `nil` for a reducer that implements
  /// `reduce(into:action:)`.
  ///
  /// Unmanaged, retained at init and released at deinit, so that reaching the body on every
  /// action retains nothing: an optional strong reference, or the body held as a value, is
  /// copied (every reference in it retained and released) around each call into the child,
  /// since the optimizer cannot see that this object keeps the body alive meanwhile.
  @usableFromInline
  let body: Unmanaged<ReducerBody<Child>>?

  /// The same child as a closure, resolved once: what generic (unspecialized) code runs. There
  /// every static call would look up the runtime metadata of the child's types (a feature
  /// nested in a generic type has them instantiated per call); a closure built here captured
  /// them once.
  @usableFromInline
  let resolved: ResolvedReducer<Child.State, Child.Action>

  /// The reducer itself: run when it has no body. Declared after the fields the generic route
  /// reads, so that their offsets do not depend on `Child`'s size.
  @usableFromInline
  let reducer: Child

  /// Evaluates `reducer`'s body, if it has one, once.
  @inlinable
  init(_ reducer: Child) {
    self.reducer = reducer
    if Child.Body.self == Never.self {
      body = nil
      resolved = ResolvedReducer(reducer)
    } else {
      let box = ReducerBody<Child>(reducer.body)
      body = Unmanaged.passRetained(box)
      resolved = ResolvedReducer(body: box.body, of: reducer)
    }
  }

  deinit {
    body?.release()
  }

  /// Runs the child: its body when it has one, else its `reduce(into:action:)`.
  @inlinable @inline(__always)
  func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action> {
    // Both conditions are decided when the code is compiled: in code specialized for a
    // concrete child, one direct call remains; in generic code, the closure.
    guard _isConcrete(Child.self) else { return resolved.reduce(&state, action) }
    if Child.Body.self == Never.self { return reducer.reduce(into: &state, action: action) }
    return body.unsafelyUnwrapped._withUnsafeGuaranteedRef { body in
      Child._reduce(body: body, into: &state, action: action)
    }
  }
}

/// A reducer's `body`, evaluated once, in an object: what ``Reducer/_reduce(body:into:action:)``
/// runs. ReducerKit's composition makes one per child feature that has a body; there is nothing
/// to do with one in app code.
public final class ReducerBody<Feature: Reducer> {
  /// The body.
  @usableFromInline
  let body: Feature.Body

  @inlinable
  init(_ body: Feature.Body) {
    self.body = body
  }
}
