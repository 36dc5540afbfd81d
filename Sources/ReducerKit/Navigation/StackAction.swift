/// The actions of a navigation stack: an action of one element, a pop, or a push.
///
/// A feature embeds them in one case of its action, and `forEach(_:action:destination:)` handles
/// them:
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
///
/// store.send(.path(.element(id: 0, action: .detail(.saveTapped))))
/// store.send(.path(.popFrom(id: 0)))
/// store.send(.path(.push(id: 1, state: .detail(Detail.State()))))
/// ```
public enum StackAction<State, Action> {
  /// An action of the element with the given id, run by the element's reducer.
  case element(id: StackElementID, action: Action)
  /// Pops the element with the given id and every element above it (what the back button, and
  /// an element's `dismiss()`, send).
  case popFrom(id: StackElementID)
  /// Pushes an element with the given id and state (what a `NavigationLink` to a new screen
  /// sends).
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The ``StackAction`` of an element reducer's state and action.
///
/// ```swift
/// case path(StackActionOf<Path>)
/// ```
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension CasePath {
  /// The path to the actions of one element of a stack, by its id: TCA's `\.path[id: id]`,
  /// for `receive` and ``modify(_:_:fileID:line:)``.
  ///
  /// ```swift
  /// await store.receive(CasePath(App.Action.path)[id: 0].appending(Path.Action.detail)) {
  ///   $0.path[id: 0] = .detail(Detail.State(isLoaded: true))
  /// }
  /// ```
  ///
  /// - Parameter id: The stack element's id.
  /// - Returns: A case path from `Root` to the actions of that element (its `element(id:action:)`
  ///   case; pushes and pops are not in it).
  public subscript<ElementState, ElementAction>(
    id id: StackElementID
  ) -> CasePath<Root, ElementAction> where Value == StackAction<ElementState, ElementAction> {
    appending(
      CasePath<StackAction<ElementState, ElementAction>, ElementAction>(
        embed: { .element(id: id, action: $0) },
        extract: { stackAction in
          guard case .element(let elementID, let action) = stackAction, elementID == id
          else { return nil }
          return action
        }))
  }
}
