extension Reducer {
  /// Prints each action this reducer reduces and the state diff it caused: a debugging aid.
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
  /// action:
  ///   Feature.Action.increment
  ///   Feature.State(
  /// −   count: 0,
  /// +   count: 1,
  ///   )
  /// ```
  ///
  /// or `  (No state changes)` in place of the diff. Every action is printed the same way, whether
  /// a view sent it or an effect fed it back: a reducer cannot tell the two apart. The diff is
  /// ``diff(_:_:)`` of the state before and after (`−` before, `+` after), and the action is
  /// ``debugDump(_:)`` of it, each line indented by two spaces.
  ///
  /// Pass `to:` to send the text somewhere else, such as your logger:
  ///
  /// ```swift
  /// Feature()._printChanges { text in logger.debug("\(text)") }
  /// ```
  ///
  /// It copies and dumps the whole state on every action: keep it out of release builds.
  ///
  /// - Parameter output: Where to print each action's text (several lines, no trailing newline);
  ///   `print` by default.
  public func _printChanges(
    to output: @escaping (String) -> Void = { print($0) }
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: AnyResolvedReducer(self), output: output)
  }
}

/// The reducer `_printChanges(to:)` returns.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: AnyResolvedReducer<Base.State, Base.Action>
  let output: (String) -> Void

  /// Runs the base reducer, then prints the action and the state diff.
  ///
  /// ```swift
  /// var state = Feature.State()
  /// _ = Feature()._printChanges().reduce(into: &state, action: .increment)  // prints "action: …"
  /// ```
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldState = state
    let effect = base.reduce(&state, action)
    let actionDump = debugDump(action)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
      .joined(separator: "\n")
    let change = debugDiff(oldState, state).map { $0 } ?? "  (No state changes)"
    output("action:\n\(actionDump)\n\(change)")
    return effect
  }
}
