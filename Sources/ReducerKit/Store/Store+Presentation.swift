extension Store {
  /// A store for the presented child of a ``PresentationState``, or `nil` while nothing is
  /// presented.
  ///
  /// ```swift
  /// if let destinationStore = store.scope(state: \.$destination, action: Action.destination) {
  ///   DestinationView(store: destinationStore)
  /// }
  /// ```
  ///
  /// The child's actions are sent to this store wrapped in ``PresentationAction/presented(_:)``.
  /// The child store is cached while the same child is presented. Once it is dismissed, or
  /// another child is presented in its place (another case of a destination enum, another
  /// `Identifiable` id), the store is invalid: a view that kept it has its actions ignored with
  /// a runtime warning, and scoping returns `nil` or a new store for the new child.
  public func scope<ChildState, ChildAction>(
    state toPresentationState: KeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let toChildState = toPresentationState.appending(
      path: \PresentationState<ChildState>.wrappedValue)
    guard let childState = core.state[keyPath: toChildState] else { return nil }
    dropReleasedChildren()
    let instance = presentationInstanceReader(of: ChildState.self)
    let presented = instance(childState)
    let key = ScopeKey(
      state: toChildState, action: ObjectIdentifier(ChildAction.self),
      element: AnyHashable(PresentedStoreKey(instance: presented)))
    if let child = children[key]?.store as? Store<ChildState, ChildAction>, child.core.isValid {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: OptionalStoreCore(
        parent: self, initialState: childState,
        toOptionalState: { state in
          // Present while the same child is: not for another one presented in its place.
          guard let childState = state[keyPath: toChildState], instance(childState) == presented
          else { return nil }
          return childState
        },
        fromAction: { toPresentationAction(.presented($0)) }))
    cache(child, for: key)
    return child
  }

  /// A store for the presented child of a ``PresentationState``, with the action given as a
  /// ``CasePath``.
  ///
  /// ```swift
  /// store.scope(state: \.$destination, action: CasePath(Action.destination))
  /// ```
  public func scope<ChildState, ChildAction>(
    state toPresentationState: KeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toPresentationState, action: toPresentationAction.embed)
  }

  /// A store for one case of enum state (a destination or a stack element), or `nil` while the
  /// state is in another case.
  ///
  /// ```swift
  /// if let destinationStore = store.scope(state: \.$destination, action: Action.destination),
  ///   let formStore = destinationStore.scope(state: Destination.State.add, action: Destination.Action.add)
  /// {
  ///   ItemFormView(store: formStore)
  /// }
  /// ```
  ///
  /// The child store is cached while the state stays in the case; once it leaves it, scoping
  /// returns `nil`, and a view that kept the old store has its actions ignored with a runtime
  /// warning.
  public func scope<CaseState, CaseAction>(
    state toCaseState: @escaping (CaseState) -> State,
    action toCaseAction: @escaping (CaseAction) -> Action
  ) -> Store<CaseState, CaseAction>? {
    scope(state: CasePath(toCaseState), action: CasePath(toCaseAction))
  }

  /// A store for one case of enum state, with the state and action given as ``CasePath``s.
  ///
  /// ```swift
  /// destinationStore.scope(state: CasePath(Destination.State.add), action: CasePath(Destination.Action.add))
  /// ```
  public func scope<CaseState, CaseAction>(
    state toCaseState: CasePath<State, CaseState>,
    action toCaseAction: CasePath<Action, CaseAction>
  ) -> Store<CaseState, CaseAction>? {
    let state = core.state
    guard let caseState = toCaseState.extract(from: state) else { return nil }
    dropReleasedChildren()
    // The case is told apart by its tag (read from the state now in it) and the child types.
    let tag = EnumMetadata(State.self).map { metadata in
      metadata.tag(ofValue: state)
    }
    let key = ScopeKey(
      state: \State.self, action: ObjectIdentifier(CaseAction.self),
      element: AnyHashable(CaseStoreKey(tag: tag, state: ObjectIdentifier(CaseState.self))))
    if let child = children[key]?.store as? Store<CaseState, CaseAction>, child.core.isValid {
      return child
    }
    let child = Store<CaseState, CaseAction>(
      core: OptionalStoreCore(
        parent: self, initialState: caseState, toOptionalState: toCaseState.extract(from:),
        fromAction: toCaseAction.embed))
    cache(child, for: key)
    return child
  }

  /// What a UI binding to a presentation does when it is set: setting `nil` while something is
  /// presented (the user swiped a sheet away) sends `.dismiss`; anything else does nothing (the
  /// state, not the view, decides what is presented).
  func setPresentedStore<ChildState, ChildAction>(
    _ newValue: Store<ChildState, ChildAction>?,
    state toPresentationState: KeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action
  ) {
    guard newValue == nil, core.state[keyPath: toPresentationState].wrappedValue != nil else {
      return
    }
    send(toPresentationAction(.dismiss))
  }
}

/// Identifies the store of one presented child in the scope cache.
private struct PresentedStoreKey: Hashable {
  let instance: AnyHashable?
}

/// Identifies the store of one case of enum state in the scope cache.
private struct CaseStoreKey: Hashable {
  let tag: UInt32?
  let state: ObjectIdentifier
}

#if canImport(SwiftUI)
import SwiftUI

extension Store {
  /// A binding for `sheet(item:)`, `popover(item:)` or `fullScreenCover(item:)`: the presented
  /// child's store while something is presented, `nil` otherwise; setting it to `nil` (the user
  /// dismissed the sheet) sends `.dismiss`.
  ///
  /// ```swift
  /// .sheet(item: store.presentationBinding(state: \.$destination, action: Action.destination)) {
  ///   DestinationView(store: $0)
  /// }
  /// ```
  ///
  /// Written against Apple's SDKs; not compiled on Linux (the logic it wraps,
  /// ``scope(state:action:)`` and the dismissal on `nil`, is tested there).
  public func presentationBinding<ChildState, ChildAction>(
    state toPresentationState: KeyPath<State, PresentationState<ChildState>>,
    action toPresentationAction: @escaping (PresentationAction<ChildAction>) -> Action
  ) -> Binding<Store<ChildState, ChildAction>?> {
    // Only used on the main actor, where SwiftUI reads and writes bindings.
    let paths = UncheckedSendable((toPresentationState, toPresentationAction))
    return Binding(
      get: {
        MainActor.assumeIsolated {
          self.scope(state: paths.value.0, action: paths.value.1)
        }
      },
      set: { newValue in
        let newValue = UncheckedSendable(newValue)
        MainActor.assumeIsolated {
          self.setPresentedStore(newValue.value, state: paths.value.0, action: paths.value.1)
        }
      })
  }
}

/// A store is identified by the object, so a child store can drive `sheet(item:)`: the same
/// presented child keeps its store (it is cached), a new one gets a new store.
extension Store: Identifiable {}
#endif
