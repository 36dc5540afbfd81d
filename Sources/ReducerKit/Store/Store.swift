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
  // What `send` reads comes first, in the order it reads it (stored properties are laid out
  // in declaration order), so that a send to one of many row stores touches few cache lines.
  // The measurement: Docs/Performance.md, "Why the code is laid out as it is".

  /// The runtime, for a root store made with ``init(runtime:)``: a send calls it directly, not
  /// through the `any StoreCore` existential (as does a send from a row store of this root).
  @usableFromInline
  package let runtime: StoreRuntime<State, Action>?

  package let core: any StoreCore<State, Action>

  /// The core's ``StoreCore/forwarder``, kept here so that a send to a scoped store calls it
  /// directly rather than through the core.
  @usableFromInline
  let forwarder: ActionForwarder<Action>?
  /// Where this store's observation is registered (see ``StoreRegistrar``).
  package let subject = StoreRegistrar()
  var children: [ScopeKey: WeakChild] = [:]
  /// The keys of cached children released since the last scope: their entries are dropped then.
  var releasedChildren: ReleasedChildren?
  /// For a cached child store: tells its parent's cache when this store is released.
  var cacheMembership: CacheMembership?
  /// Identifies each collection of this store's state whose row stores' observers are grouped.
  var rowGroupIDs: [AnyKeyPath: RowGroupID] = [:]

  /// Whether this is a root store (decided once; reading `state` should not cast every time).
  let isRoot: Bool

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
      (initialState(), AnyResolvedReducer(reducer()))
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

  // The fields read through dynamic member lookup, and how they are observed
  // (Store+Fields.swift).

  /// The observed fields, made once per field.
  var fields: [AnyKeyPath: ObservedField] = [:]
  /// The fields read last, found by their key path object: key path literals are made once, so
  /// a read finds its field by comparing references, with no hashing. A short array rather than
  /// a dictionary by identity: a row store's view reads a few fields, and a scan of a few
  /// references is cheaper than hashing one, in one allocation about half the size (a send to
  /// one of many rows finds each of a row store's objects out of the processor's caches).
  /// Checked for exclusivity like any class property (one `swift_beginAccess` per field read,
  /// about 0.5% of the instructions of `observe.fields.100`, below the benchmark's noise): a
  /// `Store` is public, so it cannot inherit the package's `UncheckedFields`, and an object of
  /// its own would be one more per row store.
  var recentFields: ContiguousArray<RecentField> = []
  /// Where the next field read that is not among ``recentFields`` goes once it is full.
  var nextRecentField = 0
  /// The whole state, observed through a scoped store's ``state`` (field number -1).
  lazy var wholeState = makeField(
    \State.self, offset: 0, registrarKeyPath: StoreRegistrar.keyPath(ofField: -1)
  ) { ObservedPart.make(\State.self, offset: $0, notify: $1) }
  /// The number of the next field's registrar key path.
  var nextFieldNumber = 0
  /// The parts this scoped store made, handed to the root when this store is released so that
  /// it drops their observers; `nil` for a root store (its observers go with it) and until the
  /// first read.
  var ownedParts: OwnedParts?

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

  /// The ends of this store's ``states`` sequences, made by the first one (StoreStates.swift).
  var stateStreamEndsStorage: StateStreamEnds?
}
