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
///
/// For a feature whose bindings sit under a `view` case (TCA's `ViewAction` pattern), give it
/// that case: ``init(action:)``.
public struct BindingReducer<State, Action>: Reducer {
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
  public init() where Action: BindableAction, Action.State == State {
    toBindingAction = Action.bindingCase
  }

  /// Creates a reducer that applies the binding actions nested in one case of the action: the
  /// `view` case of TCA's `ViewAction` pattern, whose actions are ``BindableAction``s.
  ///
  /// ```swift
  /// struct Login: Reducer {
  ///   struct State: Equatable { var email = "" }
  ///   enum Action: Equatable, ViewAction {
  ///     case view(View)
  ///     case loggedIn
  ///     enum View: BindableAction, Equatable {
  ///       case binding(BindingAction<State>)
  ///       case loginTapped
  ///     }
  ///   }
  ///   var body: some ReducerOf<Self> {
  ///     BindingReducer(action: Action.view)
  ///     Reduce { state, action in .none }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter toViewAction: The action's case that holds the bindable actions.
  public init<ViewAction: BindableAction>(action toViewAction: @escaping (ViewAction) -> Action)
  where ViewAction.State == State {
    self.init(action: CasePath(toViewAction))
  }

  /// Creates a reducer that applies the binding actions nested in one case of the action,
  /// given as a ``CasePath``.
  ///
  /// ```swift
  /// BindingReducer(action: CasePath(Action.view))
  /// ```
  ///
  /// - Parameter toViewAction: The path to the case that holds the bindable actions.
  public init<ViewAction: BindableAction>(action toViewAction: CasePath<Action, ViewAction>)
  where ViewAction.State == State {
    toBindingAction = toViewAction.appending(ViewAction.bindingCase)
  }

  /// Sets the field when `action` holds a binding action; does nothing otherwise.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBindingAction.extract(from: action)?.apply(to: &state)
    return .none
  }
}
