/// A reducer that applies binding actions to the state: it sets the field a
/// ``BindingAction`` names and ignores every other action.
///
/// Put it in a feature's `body` before the reducers that react to bindings, so they see the new
/// value:
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable { var name = ""; var isOn = false }
///   enum Action: BindableAction, Equatable {
///     case binding(BindingAction<State>)
///     case save
///   }
///
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case .binding(\.name):
///         state.isOn = true
///         return .none
///       case .binding, .save:
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// It starts no effect: it always returns ``Effect/none``.
public struct BindingReducer<State, Action: BindableAction>: Reducer
where Action.State == State {
  // Built once, when the reducer is created, so an action costs a case-tag comparison.
  private let toBindingAction: CasePath<Action, BindingAction<State>>

  /// Creates a reducer that applies binding actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   BindingReducer()
  /// }
  /// ```
  ///
  /// The state and action types come from the surrounding `body`.
  public init() {
    toBindingAction = Action.bindingCase
  }

  /// Sets the field when `action` holds a binding action; does nothing otherwise.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBindingAction.extract(from: action)?.apply(to: &state)
    return .none
  }
}
