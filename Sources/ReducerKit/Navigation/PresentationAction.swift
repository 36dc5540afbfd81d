/// The actions of a presented child feature, as its parent receives them: the child's own
/// actions, and its dismissal.
///
/// ```swift
/// enum Action: Equatable {
///   case addTapped
///   case destination(PresentationAction<Destination.Action>)
/// }
///
/// case .destination(.presented(.add(.saveTapped))): …
/// case .destination(.dismiss): …   // the child is still there; `ifLet` sets it to nil after
/// ```
public enum PresentationAction<Action> {
  /// Dismisses the presented child: the parent reducer runs first (the child state is still
  /// there), then the presentation `ifLet` sets it to `nil` and its effects are cancelled.
  case dismiss
  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension CasePath {
  /// Returns a path through a presentation to one case of the presented feature's action,
  /// with the `.presented` step implied: TCA's `\.destination.alert` for
  /// `\.destination.presented.alert`.
  ///
  /// ```swift
  /// await store.receive(CasePath(Inventory.Action.destination).appending(Destination.Action.add))
  /// ```
  ///
  /// - Parameter embed: A case constructor of the presented feature's action.
  /// - Returns: A case path from `Root` to that case's payload, inside `.presented`.
  public func appending<PresentedAction, AppendedValue>(
    _ embed: @escaping (AppendedValue) -> PresentedAction
  ) -> CasePath<Root, AppendedValue> where Value == PresentationAction<PresentedAction> {
    appending(PresentationAction.presented).appending(embed)
  }

  /// Returns a path through a presentation to the case another path names in the presented
  /// feature's action, with the `.presented` step implied.
  ///
  /// ```swift
  /// CasePath(Inventory.Action.destination)
  ///   .appending(CasePath(Destination.Action.alert).appending(Destination.Action.Alert.confirm))
  /// ```
  ///
  /// - Parameter other: A case path from the presented feature's action.
  /// - Returns: A case path from `Root` to the payload of `other`, inside `.presented`.
  public func appending<PresentedAction, AppendedValue>(
    _ other: CasePath<PresentedAction, AppendedValue>
  ) -> CasePath<Root, AppendedValue> where Value == PresentationAction<PresentedAction> {
    appending(PresentationAction.presented).appending(other)
  }
}
