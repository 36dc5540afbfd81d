/// An action type whose view-facing actions are grouped in a `view` case: TCA's `ViewAction`
/// pattern, spelled the same (without the `@ViewAction` macro a view would use).
///
/// Conform by giving the action a `view` case; the case constructor satisfies the requirement:
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   case response(Int)
///   enum View { case incrementTapped }
/// }
///
/// store.send(.view(.incrementTapped))
/// ```
///
/// Bindings nested in the `view` case are applied by ``BindingReducer``:
/// `BindingReducer(action: Action.view)`.
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction

  /// The action holding a view's action: usually the `view` enum case.
  ///
  /// ```swift
  /// store.send(.view(.incrementTapped))
  /// ```
  ///
  /// - Parameter action: The view's action.
  /// - Returns: The action holding it.
  static func view(_ action: ViewAction) -> Self
}
