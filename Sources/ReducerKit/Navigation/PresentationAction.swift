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
