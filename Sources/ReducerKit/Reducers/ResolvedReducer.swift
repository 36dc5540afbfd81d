/// A reducer with its `body` evaluated once, as a composing level (``Scope``,
/// ``Reducer/forEach(_:action:element:)`` and the others) runs it: its child feature, and the
/// parent it wraps.
///
/// Statically typed rather than a closure: in code compiled for a concrete feature, a parent
/// level calls its child's levels directly, so a nest of `Scope`s is one specialized call
/// chain, with no indirect call per level.
@usableFromInline
struct ResolvedReducer<Child: Reducer> {
  /// The reducer's body, evaluated once and resolved (``Reducer/_makeBody(of:)``); for a
  /// reducer that implements `reduce(into:action:)`, a body with no runner, only the reducer
  /// resolved into a closure.
  ///
  /// Kept inline in the level that runs the child, with the body's own `ResolvedReducer` in an
  /// object the body reaches by address: a nest of features costs one pointer load a level on
  /// the way to the next (a chain of objects costs a dependent load per object).
  @usableFromInline
  let body: ReducerBody<Child>

  /// The reducer itself: run when it has no body. Declared after the body, so that the body's
  /// offset does not depend on `Child`'s size.
  @usableFromInline
  let reducer: Child

  /// Evaluates `reducer`'s body, if it has one, once (and the bodies inside it, each once).
  ///
  /// Inside the evaluation of `Child`'s own body (a feature that contains itself), the body is
  /// deferred to the first action that reaches it (``BodyEvaluation``).
  @inlinable
  init(_ reducer: Child) {
    self.reducer = reducer
    if Child.Body.self == Never.self {
      body = ReducerBody(resolving: reducer)
    } else {
      body =
        BodyEvaluation.evaluating(Child.self) {
          Child._makeBody(of: reducer) ?? ReducerBody(resolving: reducer)
        } ?? ReducerBody(deferring: reducer)
    }
  }

  /// The child as a closure, resolved once: what generic (unspecialized) code runs. There
  /// every static call would look up the runtime metadata of the child's types (a feature
  /// nested in a generic type has them instantiated per call); the closure captured them
  /// once.
  @inlinable
  var resolved: AnyResolvedReducer<Child.State, Child.Action> { body.resolved }

  /// Whether the child's body was deferred (a feature inside its own body, see
  /// ``BodyEvaluation``): it then runs through ``resolved``, never ``reduceResolved(into:action:)``.
  @inlinable
  var isDeferred: Bool {
    Child.Body.self != Never.self && body.runnerAddress == nil
  }

  /// Runs the child: its body when it has one, else its `reduce(into:action:)`; a deferred
  /// body through its closure.
  @inlinable @inline(__always)
  func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action> {
    // Decided when the code is compiled: in code specialized for a concrete child, direct
    // calls remain; in generic code, the closure.
    guard _isConcrete(Child.self) else { return body.resolved.reduce(&state, action) }
    if Child.Body.self == Never.self { return reducer.reduce(into: &state, action: action) }
    if body.runnerAddress == nil { return Self.reduceThroughClosure(body, &state, action) }
    return Child._reduce(body: body, into: &state, action: action)
  }

  /// ``reduce(into:action:)`` for a child known not to be deferred, with no test for it: what
  /// the direct routes of ``Scope`` and `forEach` call, which a level takes only when
  /// ``isDeferred`` was `false` at its init, so a level pays no test for it.
  @inlinable @inline(__always)
  func reduceResolved(
    into state: inout Child.State, action: Child.Action
  ) -> Effect<Child.Action> {
    guard _isConcrete(Child.self) else { return body.resolved.reduce(&state, action) }
    if Child.Body.self == Never.self { return reducer.reduce(into: &state, action: action) }
    // A body that is not a reducer of the child's state and action runs the child's own
    // `reduce(into:action:)`, through the closure (``Reducer/_reduce(body:into:action:)``'s
    // unconstrained default).
    return Child._reduce(body: body, into: &state, action: action)
  }

  /// Runs a body with no runner (deferred, or not a reducer of the child's state and action)
  /// through its closure. Out of line: the direct call's path does not prepare this one.
  @usableFromInline @inline(never)
  static func reduceThroughClosure(
    _ body: ReducerBody<Child>, _ state: inout Child.State, _ action: Child.Action
  ) -> Effect<Child.Action> {
    body.resolved.reduce(&state, action)
  }
}

/// The object that holds a feature's evaluated body, as a ``ResolvedReducer`` of the body's type:
/// what a ``ReducerBody`` owns and reaches by address.
@usableFromInline
final class BodyRunner<Body: Reducer> {
  @usableFromInline
  let child: ResolvedReducer<Body>

  @inlinable
  init(_ child: ResolvedReducer<Body>) {
    self.child = child
  }
}

/// A reducer's `body`, evaluated once and resolved: what ``Reducer/_makeBody(of:)`` makes and
/// ``Reducer/_reduce(body:into:action:)`` runs. ReducerKit's composition makes one per child
/// feature that has a body; there is nothing to do with one in app code.
public struct ReducerBody<Feature: Reducer> {
  /// The ``BodyRunner`` of the body's type, which runs it: owned here. `nil` for a reducer
  /// without a body of its state and action, and for a deferred body, which run through
  /// ``resolved``.
  @usableFromInline
  let runner: AnyObject?

  /// `runner`'s address, which ``Reducer/_reduce(body:into:action:)`` turns back into the
  /// typed object, where the body's type is known to be a reducer. Reached this way, not by a
  /// cast of `runner`: a cast returns a new reference, retained and released around the call.
  @usableFromInline
  let runnerAddress: UnretainedObject?

  /// The body as a closure: the generic route.
  @usableFromInline
  let resolved: AnyResolvedReducer<Feature.State, Feature.Action>

  @inlinable
  init<Body: Reducer>(_ child: ResolvedReducer<Body>)
  where Body.State == Feature.State, Body.Action == Feature.Action {
    let runner = BodyRunner(child)
    self.runner = runner
    runnerAddress = UnretainedObject(runner)
    resolved = child.resolved
  }

  /// The stand-in for a reducer that has no body of its state and action: the reducer itself,
  /// resolved.
  @inlinable
  init(resolving reducer: Feature) {
    runner = nil
    runnerAddress = nil
    resolved = AnyResolvedReducer(reducer)
  }

  /// A body evaluated when an action first reaches it: for a feature inside its own body
  /// (``BodyEvaluation``). It has no runner: it runs through ``resolved``.
  @inlinable
  init(deferring reducer: Feature) {
    runner = nil
    runnerAddress = nil
    resolved = AnyResolvedReducer(reduce: DeferredBody(reducer).reduce(into:action:))
  }
}
