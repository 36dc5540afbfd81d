/// Builds a reducer from the reducers listed in a `body` or a composing reducer's trailing closure.
///
/// The reducers run in the order they are written and their effects are merged. `if`, `if/else`,
/// `switch`, optionals and `for` loops work as in SwiftUI's view builder:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: Action.counter) { Counter() }
///   if isLoggingEnabled {
///     Logging()
///   }
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// An empty block does nothing.
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A reducer written in a block.
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// The first reducer of a block.
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// Each next reducer of a block runs after the ones before it.
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence {
    _Sequence(accumulated, next)
  }

  /// An `if` without `else`.
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> _Optional<R> {
    _Optional(wrapped)
  }

  /// An `if #available` block.
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  )
    -> _Optional<R>
  {
    _Optional(wrapped)
  }

  /// The first branch of an `if/else` or `switch`.
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first: R0
  ) -> _Conditional<R0, R1> {
    _Conditional(first: first)
  }

  /// The second branch of an `if/else` or `switch`.
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second: R1
  ) -> _Conditional<R0, R1> {
    _Conditional(second: second)
  }

  /// A `for` loop over reducers: they run in order.
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _Sequence {
    _Sequence(reducers.map { AnyResolvedReducer($0) })
  }

  /// Two or more reducers run in order, their effects merged. Built by ``ReducerBuilder``.
  public struct _Sequence: Reducer {
    let reducers: [AnyResolvedReducer<State, Action>]

    init<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(_ first: R0, _ second: R1) {
      // Flattening nested sequences keeps a long block one loop instead of a deep recursion.
      let head = (first as? _Sequence)?.reducers ?? [AnyResolvedReducer(first)]
      reducers = head + [AnyResolvedReducer(second)]
    }

    init(_ reducers: [AnyResolvedReducer<State, Action>]) {
      self.reducers = reducers
    }

    /// Runs each reducer in order and merges their effects.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      var effect = Effect<Action>.none
      for reducer in reducers {
        effect = effect.merge(with: reducer.reduce(&state, action))
      }
      return effect
    }
  }

  /// A reducer that runs only when present (an `if` without `else`). Built by ``ReducerBuilder``.
  public struct _Optional<Wrapped: Reducer<State, Action>>: Reducer {
    let wrapped: AnyResolvedReducer<State, Action>?

    init(_ wrapped: Wrapped?) {
      self.wrapped = wrapped.map { AnyResolvedReducer($0) }
    }

    /// Runs the wrapped reducer if there is one.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      wrapped?.reduce(&state, action) ?? .none
    }
  }

  /// One of two reducers (an `if/else` or `switch`). Built by ``ReducerBuilder``.
  ///
  /// Keeps the branch taken resolved (its `body`, if it has one, evaluated once), so that
  /// running it, directly or as a child, never evaluates a body again.
  public struct _Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>:
    Reducer
  {
    let branch: AnyResolvedReducer<State, Action>

    init(first: First) {
      branch = AnyResolvedReducer(first)
    }

    init(second: Second) {
      branch = AnyResolvedReducer(second)
    }

    /// Runs the reducer of the branch that was taken.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      branch.reduce(&state, action)
    }
  }
}

extension ReducerBuilder._Sequence: ResolvedReducerConvertible {
  @usableFromInline
  package var resolved: AnyResolvedReducer<State, Action> {
    reducers.count == 1 ? reducers[0] : AnyResolvedReducer(reduce: reduce(into:action:))
  }
}

extension ReducerBuilder._Conditional: ResolvedReducerConvertible {
  @usableFromInline
  package var resolved: AnyResolvedReducer<State, Action> { branch }
}
