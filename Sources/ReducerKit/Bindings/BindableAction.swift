/// An action type with a case for ``BindingAction``s, so that ``BindingReducer`` and
/// ``Store/binding(_:fileID:line:)`` can work with it.
///
/// Conform an action enum by giving it a `binding` case; the case constructor satisfies the
/// requirement:
///
/// ```swift
/// struct Settings: Reducer {
///   struct State: Equatable { var name = "" }
///   enum Action: BindableAction, Equatable {
///     case binding(BindingAction<State>)
///     case save
///   }
///
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///   }
/// }
/// ```
///
/// The conforming type should be an enum whose `binding` case holds the binding action:
/// ReducerKit reads the binding action back out of that case (with a ``CasePath`` built from
/// `Self.binding`).
public protocol BindableAction {
  /// The state the binding actions change.
  associatedtype State

  /// An action that carries a binding action: usually the `binding` enum case.
  ///
  /// ```swift
  /// store.send(.binding(.set(\.name, "Blob")))
  /// ```
  ///
  /// - Parameter action: The binding action.
  /// - Returns: The action holding it.
  static func binding(_ action: BindingAction<State>) -> Self
}

extension BindableAction {
  /// The case path from an action to the binding action it holds, built from the `binding`
  /// case constructor. Building it reads the enum's metadata through a cache, so callers on a
  /// hot path build it once and keep it.
  package static var bindingCase: CasePath<Self, BindingAction<State>> {
    CasePath(Self.binding)
  }
}
