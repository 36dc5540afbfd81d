extension Reducer {
  /// Runs a presented child feature (a sheet, a popover, a destination enum) while its
  /// ``PresentationState`` holds a state, and dismisses it on ``PresentationAction/dismiss``.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .addTapped:
  ///       state.destination = .add(ItemForm.State())
  ///       return .none
  ///     case .destination:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.$destination, action: Action.destination) {
  ///     Destination()
  ///   }
  /// }
  /// ```
  ///
  /// - On `.presented(childAction)` the child runs **before** the parent. Sent while nothing is
  ///   presented, it changes nothing and is reported as a runtime warning.
  /// - On `.dismiss` the parent runs with the child still presented, then the state is set to
  ///   `nil`. With nothing presented, `.dismiss` does nothing.
  /// - Every effect of the presented child is cancelled when it is dismissed, by any route: the
  ///   parent (or a sibling reducer, or a reducer above) setting `nil`, `.dismiss`, the child's
  ///   own `dismiss()` (see ``DismissEffect``), or another child presented in its place (another
  ///   case of a destination enum, or a state with another `Identifiable` id).
  /// - Presenting starts no effect.
  /// - An alert or a confirmation dialog (held directly, or as the current case of the
  ///   destination enum) is dismissed in the same reduce as the parent handles one of its
  ///   actions, unless the parent presented a different one then.
  ///
  /// - Parameters:
  ///   - toPresentationState: The projected presentation state, such as `\.$destination`.
  ///   - toPresentationAction: The parent action's case for the presentation's actions.
  ///   - child: The presented child's reducer.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(
      toPresentationState, action: CasePath(toPresentationAction), then: child, fileID: fileID,
      line: line)
  }

  /// Runs a presented child feature, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: CasePath(Action.destination)) { Destination() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action {
    ComposedReducer(
      slot: PresentationSlot(
        toPresentationState, action: toPresentationAction,
        site: SourceSite(fileID: fileID, line: line)),
      action: toPresentationAction, child: child(), parent: ResolvedReducer(self))
  }

  /// Handles the dismissal of presented state that has no reducer of its own, such as an alert.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  ///
  /// `.dismiss` sets the state to `nil` after the parent ran; an alert or dialog is dismissed
  /// after the parent handled one of its actions.
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action> {
    ifLet(
      toPresentationState, action: CasePath(toPresentationAction), then: { EmptyReducer() },
      fileID: fileID, line: line)
  }

  /// Handles the dismissal of presented state that has no reducer of its own, with the action
  /// given as a ``CasePath``.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: CasePath(Action.alert))
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> some Reducer<State, Action> {
    ifLet(
      toPresentationState, action: toPresentationAction, then: { EmptyReducer() },
      fileID: fileID, line: line)
  }
}
