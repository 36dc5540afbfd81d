/// A reducer reduced to the one function that runs it, with its `body` evaluated once: the
/// type-erased form of a ``ResolvedReducer``.
///
/// A reducer that has a `body` builds that body every time its `reduce(into:action:)` is called.
/// Stores, builder blocks, `CombineReducers` and the modifiers keep their reducers as
/// `AnyResolvedReducer`s instead, so a body is built once per store, not once per action: that
/// keeps closure contexts, case paths and key paths out of the per-action cost. The composing
/// levels (``Scope``, `ifLet`, `forEach`, …) keep a ``ResolvedReducer``, which holds one of these
/// for generic code and calls the reducer directly in specialized code.
@usableFromInline
package struct AnyResolvedReducer<State, Action> {
  /// Runs the reducer.
  @usableFromInline
  package let reduce: (inout State, Action) -> Effect<Action>

  /// Resolves `reducer`: follows `body` (once) down to the reducer that implements
  /// `reduce(into:action:)` and keeps that.
  ///
  /// Inside the evaluation of `R`'s own body (a feature that contains itself), the body is
  /// deferred to the first action (``BodyEvaluation``).
  @inlinable
  package init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    if let resolved = reducer as? any ResolvedReducerConvertible<State, Action> {
      self = resolved.resolved
    } else if R.Body.self != Never.self, let resolved = Self.resolveBody(of: reducer) {
      self = resolved
    } else {
      // The one place that wraps `reduce(into:action:)`: a second copy of this closure in
      // another function is merged with it by the optimizer, and a root send then went through
      // two thunks.
      self.init(reduce: reducer.reduce(into:action:))
    }
  }

  /// `reducer`'s body resolved, or deferred when `R`'s body is being evaluated (it contains
  /// itself); `nil` when the body is not a reducer of the same state and action.
  @inlinable
  static func resolveBody<R: Reducer>(of reducer: R) -> Self?
  where R.State == State, R.Action == Action {
    let evaluated = BodyEvaluation.evaluating(R.self) { () -> Self? in
      guard let body = reducer.body as? any Reducer<State, Action> else { return nil }
      return AnyResolvedReducer(body)
    }
    guard let evaluated else {
      return AnyResolvedReducer(reduce: DeferredBody(reducer).reduce(into:action:))
    }
    return evaluated
  }

  /// Wraps a reduce function as it is.
  @inlinable
  package init(reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.reduce = reduce
  }
}

/// A reducer that already holds a resolved function (such as ``Reduce``) and hands it out as is,
/// instead of being wrapped in one more closure.
@usableFromInline
package protocol ResolvedReducerConvertible<State, Action> {
  associatedtype State
  associatedtype Action
  /// The reducer's resolved form.
  var resolved: AnyResolvedReducer<State, Action> { get }
}
