extension Reducer {
  /// Prints each action this reducer receives and the state diff it caused: a debugging aid.
  ///
  /// ```swift
  /// Store(initialState: Feature.State()) {
  ///   Feature()._printChanges()
  /// }
  /// ```
  ///
  /// prints, for each action,
  ///
  /// ```
  /// received action:
  ///   Feature.Action.increment
  ///   Feature.State(
  /// −   count: 0,
  /// +   count: 1,
  ///   )
  /// ```
  ///
  /// It copies and dumps the whole state on every action: keep it out of release builds.
  ///
  /// - Parameter output: Where to print; standard output by default.
  public func _printChanges(
    to output: @escaping (String) -> Void = { print($0) }
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: ResolvedReducer(self), output: output)
  }
}

/// The reducer `_printChanges(to:)` returns.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: ResolvedReducer<Base.State, Base.Action>
  let output: (String) -> Void

  /// Runs the base reducer, then prints the action and the state diff.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldState = state
    let effect = base.reduce(&state, action)
    let actionDump = debugDump(action)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
      .joined(separator: "\n")
    let change = debugDiff(oldState, state).map { $0 } ?? "  (No state changes)"
    output("received action:\n\(actionDump)\n\(change)")
    return effect
  }
}
