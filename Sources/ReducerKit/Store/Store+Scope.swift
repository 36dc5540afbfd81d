// Scoping a store to part of its state and actions, and the cache of the child stores.

extension Store {
  /// A store for part of this store's state and actions, that stays in sync with this one.
  ///
  /// ```swift
  /// let detailsStore = store.scope(state: \.details, action: Counter.Action.details)
  /// detailsStore.send(.toggle)  // sent to `store` as `.details(.toggle)`
  /// ```
  ///
  /// The child store is cached: scoping again with the same state key path and child action type
  /// returns the same object while it is alive.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    // The child's way to the root is written here, so that it is compiled for the caller's
    // types: a send to a store scoped N levels down is then N embeddings and calls.
    scope(state: state, action: action) { parentForward in
      { childAction, group in parentForward(action(childAction), group) }
    }
  }

  /// ``scope(state:action:)``, with the child's forwarder made by `forwarding` from the parent's.
  @usableFromInline
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action,
    forwarding:
      @escaping (@escaping ActionForwarder<Action>) -> ActionForwarder<ChildAction>
  ) -> Store<ChildState, ChildAction> {
    dropReleasedChildren()
    let key = ScopeKey(state: state, action: ObjectIdentifier(ChildAction.self))
    if let child = children[key]?.store as? Store<ChildState, ChildAction> {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: ScopedStoreCore(
        parent: self, toState: { $0[keyPath: state] }, fromAction: action,
        forwarding: forwarding))
    cache(child, for: key)
    return child
  }

  /// A store for part of this store's state and actions, with the action given as a
  /// ``CasePath``.
  ///
  /// ```swift
  /// let detailsStore = store.scope(state: \.details, action: CasePath(Counter.Action.details))
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: state, action: action.embed)
  }

  /// A store for optional child state, or `nil` while the state is `nil`.
  ///
  /// ```swift
  /// if let detailsStore = store.scope(state: \.details, action: Feature.Action.details) {
  ///   DetailsView(store: detailsStore)
  /// }
  /// ```
  ///
  /// The child store is cached while its state is present. A view that keeps it after the state
  /// became `nil` still reads the last state; actions it sends then are ignored with a runtime
  /// warning.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    guard let childState = core.state[keyPath: state] else { return nil }
    dropReleasedChildren()
    let key = ScopeKey(state: state, action: ObjectIdentifier(ChildAction.self))
    if let child = children[key]?.store as? Store<ChildState, ChildAction>, child.core.isValid {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: OptionalStoreCore(
        parent: self, initialState: childState, toOptionalState: { $0[keyPath: state] },
        fromAction: action))
    cache(child, for: key)
    return child
  }

  /// A store for optional child state, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// store.scope(state: \.details, action: CasePath(Feature.Action.details))
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: action.embed)
  }

  /// One store per element of an ``IdentifiedArray``, in order: the stores for the rows of a list.
  ///
  /// ```swift
  /// for rowStore in store.scope(state: \.rows, action: Todos.Action.rows) {
  ///   render(rowStore.title)
  /// }
  /// ```
  ///
  /// Each element's store is cached by id and reused while that id stays in the array, so a row
  /// keeps its identity across updates. A row store kept after its element was removed still
  /// reads the last state it saw; actions it sends then are ignored with a runtime warning.
  ///
  /// - Complexity: O(*n*) in the number of elements.
  @inlinable
  public func scope<ElementID: Hashable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: @escaping (IdentifiedAction<ElementID, ElementAction>) -> Action
  ) -> [Store<ElementState, ElementAction>] {
    // The rows' way to their elements is built here, compiled for the caller's types.
    scope(state: state, action: action, rows: RowReader(state, action: action))
  }

  /// The stores of the rows of the collection at `state`, whose reads of their elements (and of
  /// the collection's versions) and whose action embedding `rows` makes.
  @usableFromInline
  func scope<ElementID: Hashable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: @escaping (IdentifiedAction<ElementID, ElementAction>) -> Action,
    rows: RowReader<State, Action, ElementID, ElementState, ElementAction>
  ) -> [Store<ElementState, ElementAction>] {
    dropReleasedChildren()
    let elements = core.state[keyPath: state]
    let actionType = ObjectIdentifier(ElementAction.self)
    // Read after each action by the rows' observer group (see `RowReader`).
    let readVersions = rows.readVersions
    return elements.map { element in
      let id = elements._id(element)
      let key = ScopeKey(state: state, action: actionType, element: AnyHashable(id))
      if let child = children[key]?.store as? Store<ElementState, ElementAction> {
        return child
      }
      let row = rows.makeRow(id)
      let core = OptionalStoreCore(
        parent: self, initialState: element,
        toOptionalState: row.toState, finder: row.finder, access: row.access, fromAction: row.embed)
      core.row = .init(
        group: rowGroupID(for: state),
        key: RowKey.of(id),
        readVersions: readVersions)
      let child = Store<ElementState, ElementAction>(core: core)
      cache(child, for: key)
      return child
    }
  }

  /// Caches a child store. The child tells this store when it is released, so that the cache
  /// keeps entries for live children only (rows scoped once and released would otherwise each
  /// leave an entry behind for good).
  func cache<ChildState, ChildAction>(
    _ child: Store<ChildState, ChildAction>, for key: ScopeKey
  ) {
    children[key] = WeakChild(store: child)
    if releasedChildren == nil { releasedChildren = ReleasedChildren() }
    child.cacheMembership = CacheMembership(key: key, released: releasedChildren!)
  }

  /// Drops the cache entries of the children released since the last call.
  ///
  /// - Complexity: O(1) per released child.
  func dropReleasedChildren() {
    guard let releasedChildren else { return }
    for key in releasedChildren.take() where children[key]?.store == nil {
      // (An entry that holds a live store is a newer child cached under the same key.)
      children[key] = nil
    }
  }

  /// How many child stores the scope cache holds entries for (after dropping those released).
  package var cachedChildCount: Int {
    dropReleasedChildren()
    return children.count
  }

  private func rowGroupID(for collection: AnyKeyPath) -> RowGroupID {
    if let id = rowGroupIDs[collection] { return id }
    let id = RowGroupID()
    rowGroupIDs[collection] = id
    return id
  }

  /// One store per element of an ``IdentifiedArray``, with the action given as a ``CasePath``.
  ///
  /// ```swift
  /// store.scope(state: \.rows, action: CasePath(Todos.Action.rows))
  /// ```
  public func scope<ElementID: Hashable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CasePath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> [Store<ElementState, ElementAction>] {
    scope(state: state, action: action.embed)
  }
}

/// The cache key of a scoped store: the state key path plus the child action type.
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: ObjectIdentifier
  /// The element's id, for the stores of a collection's elements.
  var element: AnyHashable? = nil
}

/// A cached child store, held weakly so the cache never keeps a child alive.
struct WeakChild {
  weak var store: AnyObject?
}

/// The cache keys of a store's released children: filled from any thread (a child's deinit),
/// emptied on the main actor by the store's next scope.
final class ReleasedChildren: Sendable {
  private let keys = Locked<[ScopeKey]>([])

  func append(_ key: ScopeKey) {
    keys.withLock { $0.append(key) }
  }

  func take() -> [ScopeKey] {
    keys.withLock { keys in
      guard !keys.isEmpty else { return [] }
      defer { keys = [] }
      return keys
    }
  }
}

/// Held by a cached child store alone, so that its deinit runs when the store's does (on
/// whatever thread released it) and tells the parent's cache.
final class CacheMembership {
  // The key is immutable; it is only hashed and compared on the main actor, after the parent
  // takes it.
  private let key: ScopeKey
  private let released: ReleasedChildren

  init(key: ScopeKey, released: ReleasedChildren) {
    self.key = key
    self.released = released
  }

  deinit {
    released.append(key)
  }
}
