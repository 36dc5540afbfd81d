import Observation

/// Runs a feature: holds its state, reduces the actions sent to it, and runs the effects they
/// return.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// }
/// store.send(.increment)
/// print(store.count)  // 1
/// ```
///
/// - Actions sent while an action is being reduced (by ``Effect/send(_:)``, by effects, or
///   re-entrantly) are queued and reduced in order: no recursion, no lost action.
/// - ``Effect/send(_:)`` effects, and merges of them, are reduced before ``send(_:)`` returns;
///   every ``Effect/run(priority:operation:catch:fileID:line:)`` effect it started has been
///   registered for cancellation by then.
/// - Releasing the store cancels all its effects; effects never keep it alive.
///
/// `Store` is `Observable`: reading ``state`` (or a field through dynamic member lookup) inside
/// `withObservationTracking` is notified when the state changes.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  // What `send` reads comes first, together (a class's stored properties are laid out in the
  // order they are declared): a send to one of many row stores finds its store out of the
  // processor's caches, and every cache line it touches is a miss. A row store's send reads
  // the runtime (`nil`), the forwarder's function (`nil`) and the core, so the core comes
  // before the forwarder: the send then reads the object's first 48 bytes, not 56, which share
  // a 64-byte line with its header in two cases of four (an object starts 16-byte aligned)
  // rather than one (1.5 misses a send to one of 1,000 row stores instead of 1.75, in
  // callgrind's cache simulation).

  /// The runtime, for a root store made with ``init(runtime:)``: a send calls it directly, not
  /// through the `any StoreCore` existential (as does a send from a row store of this root).
  @usableFromInline
  package let runtime: StoreRuntime<State, Action>?

  package let core: any StoreCore<State, Action>

  /// The core's ``StoreCore/forwarder``, kept here so that a send to a scoped store calls it
  /// directly rather than through the core.
  @usableFromInline
  let forwarder: ActionForwarder<Action>?
  /// Where this store's observation is registered (see ``ObservationSubject``).
  package let subject = ObservationSubject()
  var children: [ScopeKey: WeakChild] = [:]
  /// The keys of cached children released since the last scope: their entries are dropped then.
  private var releasedChildren: ReleasedChildren?
  /// For a cached child store: tells its parent's cache when this store is released.
  private var cacheMembership: CacheMembership?
  /// Identifies each collection of this store's state whose row stores' observers are grouped.
  private var rowGroupIDs: [AnyKeyPath: RowGroupID] = [:]

  /// Whether this is a root store (decided once; reading `state` should not cast every time).
  private let isRoot: Bool

  /// A store over `core`: a scoped store's view, or a root store given as a core.
  package init(core: any StoreCore<State, Action>) {
    self.core = core
    isRoot = core.isRoot
    forwarder = core.forwarder
    runtime = nil
  }

  /// The root store of `runtime`.
  package init(runtime: StoreRuntime<State, Action>) {
    core = runtime
    isRoot = true
    forwarder = nil
    self.runtime = runtime
  }

  /// Creates a store that runs `reducer` from `initialState`.
  ///
  /// ```swift
  /// let store = Store(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = ContinuousClock()
  /// }
  /// ```
  ///
  /// The reducer's `body` is evaluated once, here. The dependencies in force here (from an
  /// enclosing `withDependencies`), with `prepareDependencies`' changes on top, are the ones every
  /// action and effect of the store sees — and the ones in force while `initialState` is
  /// evaluated (once), so a `@Dependency(\.uuid)` read while building it sees the override.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from, evaluated once under the store's dependencies.
  ///   - reducer: Builds the feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for every action and effect of this store.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    self.init(
      runtime: Self.makeRuntime(
        initialState: initialState(), reducer: reducer, withDependencies: prepareDependencies))
  }

  /// Makes the runtime of a root store, as ``init(initialState:reducer:withDependencies:)``
  /// describes (a TestStore makes its store's runtime this way, and keeps it).
  package static func makeRuntime<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) -> StoreRuntime<State, Action> where R.State == State, R.Action == Action {
    var overrides = DependencyValues()
    prepareDependencies?(&overrides)
    let dependencies = DependencyValues.current.merging(overrides)
    // The initial state and the body are built with the store's dependencies in force too.
    let (state, reducer) = DependencyValues.withValues(dependencies) {
      (initialState(), ResolvedReducer(reducer()))
    }
    return StoreRuntime(initialState: state, reducer: reducer, dependencies: dependencies)
  }

  /// The current state.
  ///
  /// Reading it inside `withObservationTracking` registers interest in the whole state: for a
  /// root store, observers are notified after every action; for a scoped store, only when the
  /// child's own state changed (every action, if it is not `Equatable`).
  ///
  /// Reading a store is always allowed, from any store of the tree (root or scoped), and gives a
  /// consistent value:
  /// - while an action is being reduced (the reducer reads its own store, or code it runs does,
  ///   such as a `deinit` of a value it releases), it is **the state so far**: the changes the
  ///   reducers made up to that point, with no copy of the state made for the read;
  /// - while observers are checked after an action (an observed field's `==`, a computed
  ///   property read through a key path), it is the state after that action.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   state.count += 1
  ///   print(store.count)  // the count just set
  ///   return .none
  /// }
  /// ```
  public var state: State {
    if isRoot {
      core.access(from: self)
      return core.state
    }
    let state = core.state
    observe(wholeState, value: state)
    return state
  }

  /// Reads the state without registering observation, for code that only needs a value now.
  ///
  /// It reads the same state as ``state``, and may be called from the same places (inside a
  /// reducer, it is the state so far).
  ///
  /// ```swift
  /// let count = store.withState { $0.count }
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(core.state)
  }

  /// Reads a field of the state: `store.count` for `store.state.count`.
  ///
  /// It reads the same state as ``state`` (inside a reducer, the state so far). A read made while
  /// observers are checked (from an `==` or a key path) registers no observation.
  ///
  /// Inside `withObservationTracking` this registers interest in that field only: observers are
  /// notified after an action that changed it, and not for changes elsewhere in the state.
  ///
  /// "Changed" means: the field's bytes differ from those of the value read, and `==` agrees.
  /// (So a `Double.nan` that was not touched is unchanged. A field whose type is not
  /// `Equatable` counts as changed by every action.)
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let field = field(keyPath) { ObservedPart.make(keyPath, offset: $0, notify: $1) }
    let value = Self.value(of: field, keyPath, in: core.state)
    observe(field, value: value)
    return value
  }

  /// Reads an `Equatable` field of the state, observing that field only (see above).
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    // The `Equatable` overload of `make`: compared with `==`, no run-time conformance lookup.
    let field = field(keyPath) { ObservedPart.make(keyPath, offset: $0, notify: $1) }
    let value = Self.value(of: field, keyPath, in: core.state)
    observe(field, value: value)
    return value
  }

  /// The value of `field` (read through `keyPath`) in `state`: at its byte offset when it is a
  /// stored field the part checks by offset (``readStoredField(_:at:in:)``), otherwise through
  /// the key path. A key path applied in this code, which is not specialized for the user's
  /// types, looked up generic type metadata on every read (a few hundred instructions, and the
  /// runtime's metadata cache code in the instruction cache of every view update).
  private static func value<Value>(
    of field: ObservedField, _ keyPath: KeyPath<State, Value>, in state: State
  ) -> Value {
    // A part's offset is the ``storedOffset(of:)`` of the key path it was made from,
    // or -1; the field was found by that key path.
    let offset = field.part.offset
    guard offset >= 0 else { return state[keyPath: keyPath] }
    return readStoredField(keyPath, at: offset, in: state)
  }

  /// The observed fields, made once per field.
  private var fields: [AnyKeyPath: ObservedField] = [:]
  /// The fields read last, found by their key path object: key path literals are made once, so
  /// a read finds its field by comparing references, with no hashing. A short array rather than
  /// a dictionary by identity: a row store's view reads a few fields, and a scan of a few
  /// references is cheaper than hashing one, in one allocation about half the size (a send to
  /// one of many rows finds each of a row store's objects out of the processor's caches).
  /// Checked for exclusivity like any class property (one `swift_beginAccess` per field read,
  /// about 0.5% of the instructions of `observe.fields.100`, below the benchmark's noise): a
  /// `Store` is public, so it cannot inherit the package's `UncheckedFields`, and an object of
  /// its own would be one more per row store.
  private var recentFields: ContiguousArray<RecentField> = []
  /// Where the next field read that is not among ``recentFields`` goes once it is full.
  private var nextRecentField = 0
  /// The whole state, observed through a scoped store's ``state`` (field number -1).
  private lazy var wholeState = makeField(
    \State.self, offset: 0, registrarKeyPath: ObservationSubject.keyPath(ofField: -1)
  ) { ObservedPart.make(\State.self, offset: $0, notify: $1) }
  /// The number of the next field's registrar key path.
  private var nextFieldNumber = 0

  /// Makes a part from its offset and its notification.
  private typealias PartMaker = (_ offset: Int?, _ notify: PartNotification) ->
    ObservedPart

  private func field<Value>(
    _ keyPath: KeyPath<State, Value>, makePart: PartMaker
  ) -> ObservedField {
    for recent in recentFields where recent.keyPath === keyPath { return recent.field }
    let field =
      fields[keyPath]
      ?? makeField(
        keyPath, offset: storedOffset(of: keyPath),
        registrarKeyPath: ObservationSubject.keyPath(ofField: nextField()), makePart: makePart)
    fields[keyPath] = field
    // Key paths made at run time are new objects on every read: the array stays short, and
    // its oldest entry makes room.
    let recent = RecentField(keyPath: keyPath, field: field)
    if recentFields.count < Self.recentFieldLimit {
      recentFields.append(recent)
    } else {
      recentFields[nextRecentField] = recent
      nextRecentField = (nextRecentField + 1) % Self.recentFieldLimit
    }
    return field
  }

  /// How many fields ``recentFields`` holds at most.
  private static var recentFieldLimit: Int { 16 }

  private func nextField() -> Int {
    defer { nextFieldNumber += 1 }
    return nextFieldNumber
  }

  private func makeField<Value>(
    _ keyPath: KeyPath<State, Value>,
    offset: Int?,
    registrarKeyPath: KeyPath<ObservationSubject, Int>,
    makePart: PartMaker
  ) -> ObservedField {
    let part = makePart(offset, PartNotification(subject: subject, keyPath: registrarKeyPath))
    own(part)
    return ObservedField(keyPath: keyPath, registrarKeyPath: registrarKeyPath, part: part)
  }

  /// The parts this scoped store made, handed to the root when this store is released so that
  /// it drops their observers; `nil` for a root store (its observers go with it) and until the
  /// first read.
  private var ownedParts: OwnedParts?

  private func own(_ part: ObservedPart) {
    guard !isRoot else { return }
    if ownedParts == nil { ownedParts = OwnedParts(released: core.releasedParts) }
    ownedParts!.append(part)
  }

  private func observe<Value>(_ field: ObservedField, value: Value) {
    // Made by `makeField` from a `KeyPath<ObservationSubject, Int>`; stored untyped so that
    // `ObservedField` is not generic (a generic type's metadata is looked up at run time on
    // every read).
    subject.access(
      unsafeDowncast(field.registrarKeyPath, to: KeyPath<ObservationSubject, Int>.self))
    core.observe(StateObserver(part: field.part, value: value, lift: core.liftToRoot))
  }

  /// Sends an action: reduces it (and any actions it sends synchronously) now, and starts its
  /// effects.
  ///
  /// ```swift
  /// store.send(.increment)
  /// await store.send(.load).finish()
  /// ```
  ///
  /// Sent while an action is being reduced (from inside a reducer, to this store or any store
  /// scoped from it), the action is queued and reduced after the actions before it, before the
  /// outer `send` returns. For a store of optional state or of a row, whether its state is still
  /// present is checked when the action's turn comes: if the action being reduced removed it,
  /// the action is ignored with a runtime warning.
  ///
  /// - Returns: A task that waits for or cancels the effects the action started.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - fileID: Where a warning about this send is reported (an action for a store whose
  ///     state is gone); the caller's by default.
  ///   - line: The line to report it at.
  @inlinable
  @discardableResult
  public func send(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line
  ) -> StoreTask {
    // Optional chaining borrows the runtime in place (`if let` would retain and release it).
    if let task = runtime?.send(action, group: nil) { return task }
    // Optional chaining here too: `if let forwarder` retained and released its context.
    if let task = forwarder?(action, nil) { return task }
    // Only a store whose state can go away gets here: it may warn, at the caller's line.
    return sendCheckingPresence(action, from: SendLocation(fileID: fileID, line: line))
  }

  /// The send of a store whose state can go away. Out of line: the inlined `send` above stays
  /// small at every call site.
  @usableFromInline
  func sendCheckingPresence(_ action: Action, from location: SendLocation) -> StoreTask {
    core.send(action, from: location)
  }

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
      core: ScopedStoreCore(
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
      let core = ScopedStoreCore(
        parent: self, initialState: element,
        toOptionalState: row.toState, lift: row.lift, access: row.access, fromAction: row.embed)
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

  /// The current state, then each new state after every action, as an asynchronous sequence.
  ///
  /// For code without Observation: UIKit, command-line tools, servers.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   print(state.count)
  /// }
  /// ```
  ///
  /// The sequence ends when this store is released (see ``StoreStates``).
  public var states: StoreStates<State> {
    StoreStates(store: self)
  }

  /// Ends this store's ``states`` sequences when it is released; made by the first one.
  package var stateStreamEnds: StateStreamEnds {
    if let ends = stateStreamEndsStorage { return ends }
    let ends = StateStreamEnds()
    stateStreamEndsStorage = ends
    return ends
  }
  private var stateStreamEndsStorage: StateStreamEnds?
}

/// A part of a store's state that its observers read: the key path it was read through, the key
/// path the registrar knows it by (a `KeyPath<ObservationSubject, Int>`), and how to check it.
private struct ObservedField {
  let keyPath: AnyKeyPath
  let registrarKeyPath: AnyKeyPath
  let part: ObservedPart
}

/// A field read lately, kept with the key path object it was read through (which the entry keeps
/// alive, so no other key path can be at its address).
private struct RecentField {
  let keyPath: AnyKeyPath
  let field: ObservedField
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
private final class ReleasedChildren: Sendable {
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
private final class CacheMembership: @unchecked Sendable {
  // Unchecked: the key is immutable; it is only hashed and compared on the main actor, after
  // the parent takes it.
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
