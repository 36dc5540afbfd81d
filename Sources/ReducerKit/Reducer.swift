/// A feature's logic: how an action changes the state, and which effects it starts.
///
/// Conform by implementing exactly one of ``reduce(into:action:)`` or ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment, decrement }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// or, composing other reducers:
///
/// ```swift
/// struct App: Reducer {
///   struct State { var counter = Counter.State() }
///   enum Action { case counter(Counter.Action) }
///
///   var body: some ReducerOf<Self> {
///     Scope(state: \.counter, action: Action.counter) { Counter() }
///   }
/// }
/// ```
///
/// A ``Store`` evaluates a reducer's ``body`` once, when the store is created, not once per action,
/// so a `body` must not depend on anything but the reducer's own stored properties. Read
/// dependencies inside the reducers it builds (in a ``Reduce`` closure or an effect), not while
/// building it.
public protocol Reducer<State, Action> {
  /// The state the reducer changes.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body``; `Never` for a reducer that implements ``reduce(into:action:)``.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Evaluates `reducer`'s `body` once, for ReducerKit's composition (``Scope``,
  /// ``Reducer/forEach(_:action:element:)`` and the others): the body, itself resolved the same
  /// way, kept so that code compiled for a concrete feature calls it directly, with no closure
  /// in between and without evaluating it again. `nil` for a reducer whose body is not a reducer
  /// of its state and action (one that implements ``reduce(into:action:)``).
  ///
  /// Implemented for every reducer by the defaults below; do not implement it.
  static func _makeBody(of reducer: Self) -> ReducerBody<Self>?

  /// Runs a body ``_makeBody(of:)`` made on `state`.
  ///
  /// Implemented for every reducer by the defaults below; do not implement it.
  static func _reduce(
    body: ReducerBody<Self>, into state: inout State, action: Action
  ) -> Effect<Action>
}

/// The reducer type with the same state and action as `R`: `some ReducerOf<Self>` in a `body`.
///
/// ```swift
/// var body: some ReducerOf<Self> { Reduce { state, action in .none } }
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; reading it is a programmer
  /// error.
  public var body: Body {
    fatalError(
      "'\(Self.self)' has no body: it implements 'reduce(into:action:)'. Do not read 'body' of it.")
  }
}

extension Reducer {
  /// A reducer without a body of its state and action has none to make: it runs its own
  /// ``reduce(into:action:)``.
  @inlinable
  public static func _makeBody(of reducer: Self) -> ReducerBody<Self>? { nil }

  /// Runs the reducer's own ``reduce(into:action:)``, which the stand-in body holds resolved:
  /// ``_makeBody(of:)`` made no body for such a reducer.
  @inlinable
  public static func _reduce(
    body: ReducerBody<Self>, into state: inout State, action: Action
  ) -> Effect<Action> {
    body.resolved.reduce(&state, action)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  ///
  /// A ``Store`` evaluates `body` once; calling this method directly evaluates it on every call.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// Evaluates ``body`` once, into the child that runs it (itself resolved the same way, so a
  /// body that is another feature with a body is not evaluated per action either).
  @inlinable
  public static func _makeBody(of reducer: Self) -> ReducerBody<Self>? {
    ReducerBody(ResolvedReducer(reducer.body))
  }

  /// Runs the body ``_makeBody(of:)`` made: the child call of ReducerKit's composition.
  @inlinable @inline(__always)
  public static func _reduce(
    body: ReducerBody<Self>, into state: inout State, action: Action
  ) -> Effect<Action> {
    // The object at the address is the `BodyRunner<Body>` `_makeBody(of:)` made, which `body`
    // owns: borrowed for the call, with nothing retained. (A body with no runner, deferred
    // inside the feature's own body, never gets here: `ResolvedReducer` runs it through its
    // closure.)
    assert(body.runnerAddress != nil, "'\(Self.self)' ran a body that _makeBody(of:) did not make")
    return body.runnerAddress.unsafelyUnwrapped.unmanaged(as: BodyRunner<Body>.self)
      ._withUnsafeGuaranteedRef {
        $0.child.reduce(into: &state, action: action)
      }
  }
}
