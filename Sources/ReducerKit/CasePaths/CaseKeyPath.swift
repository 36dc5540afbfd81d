/// TCA's case key paths (`action: \.search`, `\.rows[id: 1].response`), which need its
/// `@CasePathable` macro, are not ReducerKit's spelling: ReducerKit takes the enum case itself
/// (`action: Action.search`). This type only lets such a key path type-check as far as an
/// unavailable overload whose message shows the spelling that works, instead of "cannot infer
/// key path type from context".
///
/// ```swift
/// Scope(state: \.search, action: \.search) { Search() }
/// // error: 'init(state:action:child:)' is unavailable: ReducerKit takes the enum case
/// // itself, not a case key path: write 'action: Action.search' …
/// Scope(state: \.search, action: Action.search) { Search() }   // ReducerKit's spelling
/// ```
///
/// There is nothing to make or call of it.
@dynamicMemberLookup
public struct CaseKeyPath<Root> {
  private init() {}

  /// Any member: a case name in TCA's spelling.
  public subscript(dynamicMember name: String) -> CaseKeyPath<Root> { self }

  /// Any id: an element in TCA's spelling (`\.rows[id: 1]`).
  public subscript<ID: Hashable>(id id: ID) -> CaseKeyPath<Root> { self }
}

extension Scope {
  /// TCA's `Scope(state: \.child, action: \.child)`: unavailable; write
  /// `Scope(state: \.child, action: Action.child)`.
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum case itself, not a case key path (which needs TCA's macros): write 'action: Action.search' for 'action: \\.search'"
  )
  public init<ChildState, Value>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<CaseKeyPath<ParentAction>, Value>,
    child: () -> Child
  ) {
    fatalError()
  }

  /// TCA's `Scope(state: \.add, action: \.add)` on an enum state's case: unavailable; write
  /// `Scope(state: State.add, action: Action.add)`.
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum cases themselves, not case key paths (which need TCA's macros): write 'Scope(state: State.add, action: Action.add)' for 'Scope(state: \\.add, action: \\.add)'"
  )
  @_disfavoredOverload  // `\.child` of a stored field is the overload above.
  public init<StateValue, ActionValue>(
    state: KeyPath<CaseKeyPath<ParentState>, StateValue>,
    action: KeyPath<CaseKeyPath<ParentAction>, ActionValue>,
    child: () -> Child
  ) {
    fatalError()
  }
}

extension Reducer {
  /// TCA's `.ifLet(\.child, action: \.child)`: unavailable; write
  /// `.ifLet(\.child, action: Action.child)` (`\.$destination` for a presentation).
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum case itself, not a case key path (which needs TCA's macros): write 'action: Action.child' for 'action: \\.child'"
  )
  public func ifLet<StateValue, ActionValue, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, StateValue>,
    action toChildAction: KeyPath<CaseKeyPath<Action>, ActionValue>,
    then child: () -> Child
  ) -> Self {
    fatalError()
  }

  /// TCA's `.ifLet(\.$alert, action: \.alert)`: unavailable; write
  /// `.ifLet(\.$alert, action: Action.alert)`.
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum case itself, not a case key path (which needs TCA's macros): write 'action: Action.alert' for 'action: \\.alert'"
  )
  public func ifLet<StateValue, ActionValue>(
    _ toChildState: WritableKeyPath<State, StateValue>,
    action toChildAction: KeyPath<CaseKeyPath<Action>, ActionValue>
  ) -> Self {
    fatalError()
  }

  /// TCA's `.forEach(\.rows, action: \.rows)`: unavailable; write
  /// `.forEach(\.rows, action: Action.rows)`.
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum case itself, not a case key path (which needs TCA's macros): write 'action: Action.rows' for 'action: \\.rows'"
  )
  public func forEach<StateValue, ActionValue, Element: Reducer>(
    _ toElements: WritableKeyPath<State, StateValue>,
    action toElementAction: KeyPath<CaseKeyPath<Action>, ActionValue>,
    element: () -> Element
  ) -> Self {
    fatalError()
  }

  /// TCA's `.ifCaseLet(\.loggedIn, action: \.loggedIn)`: unavailable; write
  /// `.ifCaseLet(State.loggedIn, action: Action.loggedIn)`.
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum cases themselves, not case key paths (which need TCA's macros): write '.ifCaseLet(State.loggedIn, action: Action.loggedIn)' for '.ifCaseLet(\\.loggedIn, action: \\.loggedIn)'"
  )
  public func ifCaseLet<StateValue, ActionValue, Child: Reducer>(
    _ toCaseState: KeyPath<CaseKeyPath<State>, StateValue>,
    action toCaseAction: KeyPath<CaseKeyPath<Action>, ActionValue>,
    then child: () -> Child
  ) -> Self {
    fatalError()
  }
}

extension Store {
  /// TCA's `store.scope(state: \.child, action: \.child)`: unavailable; write
  /// `store.scope(state: \.child, action: Action.child)`.
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum case itself, not a case key path (which needs TCA's macros): write 'action: Action.child' for 'action: \\.child'"
  )
  public func scope<StateValue, ActionValue>(
    state: KeyPath<State, StateValue>,
    action: KeyPath<CaseKeyPath<Action>, ActionValue>
  ) -> Store<StateValue, ActionValue> {
    fatalError()
  }
}
