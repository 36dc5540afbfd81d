extension Reducer {
  /// Runs a child reducer on optional child state while it is present: a details screen, a sheet,
  /// an alert.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .showDetails: state.details = Details.State(); return .none
  ///     case .hideDetails: state.details = nil; return .none
  ///     case .details: return .none
  ///     }
  ///   }
  ///   .ifLet(\.details, action: Action.details) {
  ///     Details()
  ///   }
  /// }
  /// ```
  ///
  /// - The child runs **before** the parent, so the parent sees the child's changes and can
  ///   dismiss it in response to a child action.
  /// - When the child state becomes `nil` (or, for an `Identifiable` child, its id changes: the
  ///   conformance is found at run time, so a generic feature's child counts too), every
  ///   effect the child started is cancelled, whichever reducer changed it (this one, a sibling in
  ///   the same `body`, a parent above, a `BindingReducer`): the store checks after every action.
  /// - A child action while the child state is `nil` changes nothing and is reported as a runtime
  ///   warning.
  /// - The child's cancellation ids are its own: they never cancel the parent's effects or another
  ///   presentation's.
  ///
  /// - Parameters:
  ///   - toChildState: The key path to the optional child state.
  ///   - toChildAction: The parent action's case for the child's actions.
  ///   - child: The child reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(toChildState, action: CasePath(toChildAction), then: child, fileID: fileID, line: line)
  }

  /// Runs a child reducer on optional child state while it is present, with the action given as
  /// a ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.details, action: CasePath(Action.details)) { Details() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action {
    ComposedReducer(
      slot: OptionalSlot(
        toChildState, action: toChildAction, site: SourceSite(fileID: fileID, line: line)),
      action: toChildAction, child: child(), parent: ResolvedReducer(self))
  }
}
