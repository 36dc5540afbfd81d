import Foundation
import Observation
import ReducerKitTesting
import Testing

@testable import ReducerKit

/// Shared state used the way app code uses it: a view model that sends when it is told of a
/// change, a recursive feature whose every node reads one value, a presented child that reads a
/// value a sibling changes while it dismisses the child, the same under a TestStore, and keys,
/// storages and stores that come and go for a long time.
@MainActor
@Suite struct SharedStateScenarioTests {
  // MARK: - Helpers

  /// Runs `body` and returns every runtime warning raised by its task and the tasks it starts
  /// (the stores' effects inherit the handler).
  func warnings(during body: () async throws -> Void) async rethrows -> [String] {
    let collected = Locked<[String]>([])
    let handler = RuntimeWarnings.TaskHandler { warning in
      collected.withLock { $0.append(warning.message) }
      return true
    }
    try await RuntimeWarnings.$taskHandler.withValue(handler) { try await body() }
    return collected.withLock { $0 }
  }

  /// Runs `body`, which may record issues (a TestStore's failures), and returns their messages.
  func issuesRecorded(during body: () async -> Void) async -> [String] {
    let messages = Locked<[String]>([])
    await withKnownIssue(isIntermittent: true) {
      await body()
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    return messages.withLock { $0 }
  }

  /// Stops the process if a store's observation broke an invariant (DEBUG builds).
  func checkObservationInvariants<State, Action>(_ store: Store<State, Action>) {
    #if DEBUG
    store.runtime?.observation._checkInvariants()
    #endif
  }

  /// An object that may have been freed.
  struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  // MARK: - 1. A view model that sends when told of a shared change

  /// How the view model answers a change.
  enum Delivery: String, CaseIterable, Sendable {
    /// From inside `onChange`, as code that reacts at once does.
    case insideOnChange
    /// In a task on the main actor, as SwiftUI's next render does.
    case nextMainActorTurn
  }

  /// Which route changes the shared value.
  enum ChangeRoute: String, CaseIterable, Sendable {
    case theStoreItReads, anotherStore, aReferenceOutsideAnyStore, anEffectOnAnotherThread
  }

  /// A view model over a store: it reads `store.count` inside `withObservationTracking`, as
  /// SwiftUI's observation does, and when told of a change reads it again (tracking again) and
  /// hands the value to `onValue`.
  @MainActor final class CountViewModel {
    let store: StoreOf<SharedCounter>
    let delivery: Delivery
    let onValue: @MainActor (Int) -> Void
    /// The values read after each notification.
    private(set) var told: [Int] = []

    init(
      store: StoreOf<SharedCounter>, delivery: Delivery, onValue: @escaping @MainActor (Int) -> Void
    ) {
      self.store = store
      self.delivery = delivery
      self.onValue = onValue
      _ = track()
    }

    /// Reads the count, tracking it; returns what it read.
    func track() -> Int {
      withObservationTracking {
        store.count
      } onChange: { [weak self] in
        // The stores tell their observers on the main actor.
        MainActor.assumeIsolated { self?.heard() }
      }
    }

    private func heard() {
      switch delivery {
      case .insideOnChange:
        respond()
      case .nextMainActorTurn:
        Task { @MainActor [weak self] in self?.respond() }
      }
    }

    private func respond() {
      let value = track()
      told.append(value)
      onValue(value)
    }
  }

  @Test(arguments: ChangeRoute.allCases, Delivery.allCases)
  func aViewModelThatSendsWhenToldOfASharedChangeHasEveryActionHandled(
    route: ChangeRoute, delivery: Delivery
  ) async {
    let (store, other, count) = withFreshSharedStorage {
      (
        Store(initialState: SharedCounter.State()) { SharedCounter() },
        Store(initialState: SharedCounter.State()) { SharedCounter() },
        Shared(wrappedValue: 0, .inMemory("count"))
      )
    }
    var toldValues: [Int] = []
    let warnings = await warnings {
      let viewModel = CountViewModel(store: store, delivery: delivery) { store.send(.saw($0)) }
      for round in 1...3 {
        switch route {
        case .theStoreItReads: store.send(.increment)
        case .anotherStore: other.send(.increment)
        case .aReferenceOutsideAnyStore: count.withLock { $0 += 1 }
        case .anEffectOnAnotherThread: await store.send(.incrementLater).finish()
        }
        let handled = await poll {
          viewModel.told.count >= round && store.withState { $0.seen.count } >= round
        }
        #expect(
          handled,
          "round \(round): told \(viewModel.told), seen \(store.withState { $0.seen })")
      }
      toldValues = viewModel.told
    }
    #expect(toldValues == [1, 2, 3])
    #expect(store.withState { $0.seen } == [1, 2, 3])
    #expect(store.withState { $0.count } == 3)
    #expect(other.withState { $0.count } == 3)
    #expect(count.wrappedValue == 3)
    #expect(warnings.isEmpty, "\(warnings)")
    checkObservationInvariants(store)
    checkObservationInvariants(other)
  }

  /// Which store the view model sends its answer to.
  enum AnswerTarget: String, CaseIterable, Sendable { case theStoreItReads, anotherStore }

  @Test(arguments: AnswerTarget.allCases, Delivery.allCases)
  func aViewModelThatAnswersEachChangeWithAnotherIsToldOfEveryChangeToTheLast(
    target: AnswerTarget, delivery: Delivery
  ) async {
    let (store, other) = withFreshSharedStorage {
      (
        Store(initialState: SharedCounter.State()) { SharedCounter() },
        Store(initialState: SharedCounter.State()) { SharedCounter() }
      )
    }
    let sender = target == .theStoreItReads ? store : other
    let last = 150
    let viewModel = CountViewModel(store: store, delivery: delivery) { value in
      if value < last { sender.send(.increment) }
    }
    sender.send(.increment)
    // 150 turns of the main actor one after the other, each waiting behind every other test's
    // work there (slowed tenfold under a sanitizer): more than one poll's usual bound.
    let reachedTheEnd = await poll(upTo: .seconds(60)) { viewModel.told.last == last }
    #expect(
      reachedTheEnd,
      """
      the count is \(store.withState { $0.count }); the view model was told up to \
      \(viewModel.told.last ?? 0)
      """)
    #expect(store.withState { $0.count } == last)
    #expect(viewModel.told == Array(1...last))
    checkObservationInvariants(store)
  }

  // MARK: - 2. A recursive feature whose every node reads one shared value

  struct Node: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      @Shared(.inMemory("scenario-tree")) var total = 0
      /// The total as this node's last reducer saw it, after its children's reducers ran.
      var seen = 0
      var children: IdentifiedArrayOf<State> = []
    }
    enum Action: Equatable {
      case add(Int)
      case remove(Int)
      case bump
      indirect case children(IdentifiedActionOf<Node>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .add(let id):
          state.children.append(State(id: id))
          return .none
        case .remove(let id):
          state.children.remove(id: id)
          return .none
        case .bump:
          state.$total.withLock { $0 += 1 }
          return .none
        case .children:
          return .none
        }
      }
      .forEach(\.children, action: Action.children) { Node() }
      Reduce { state, _ in
        if state.seen != state.total { state.seen = state.total }
        return .none
      }
    }
  }

  /// `action` sent to the node at `path` (ids from the root's children down).
  static func at(_ path: [Int], _ action: Node.Action) -> Node.Action {
    path.reversed().reduce(action) { action, id in .children(.element(id: id, action: action)) }
  }

  /// The tree 0 → (1 → (3 → 5, 4), 2 → 6).
  static let treeActions: [Node.Action] = [
    .add(1), .add(2), at([1], .add(3)), at([1], .add(4)), at([1, 3], .add(5)), at([2], .add(6)),
  ]

  /// The store of every node, by id: the root and the row stores under it, as nested list views
  /// make them.
  func nodeStores(_ store: StoreOf<Node>) -> [Int: StoreOf<Node>] {
    var stores = [store.withState { $0.id }: store]
    for row in store.scope(state: \.children, action: Node.Action.children) {
      stores.merge(nodeStores(row)) { first, _ in first }
    }
    return stores
  }

  /// Every node of the tree in `state`, by id.
  static func nodes(_ state: Node.State) -> [Int: Node.State] {
    var nodes = [state.id: state]
    for child in state.children { nodes.merge(Self.nodes(child)) { first, _ in first } }
    return nodes
  }

  /// Observes `total` through each node's store; the ids of the stores told go into `told`.
  func trackTotals(of stores: [Int: StoreOf<Node>], into told: Locked<Set<Int>>) {
    for (id, store) in stores {
      withObservationTracking {
        _ = store.total
      } onChange: {
        told.withLock { _ = $0.insert(id) }
      }
    }
  }

  @Test func aChangeADeepNodeMakesIsSeenByTheRootAndByEveryOtherNode() async {
    let store = withFreshSharedStorage { Store(initialState: Node.State(id: 0)) { Node() } }
    let warnings = await warnings {
      for action in Self.treeActions { store.send(action) }
      let stores = nodeStores(store)
      #expect(stores.keys.sorted() == [0, 1, 2, 3, 4, 5, 6])
      let told = Locked<Set<Int>>([])
      trackTotals(of: stores, into: told)
      store.send(Self.at([1, 3, 5], .bump))
      _ = await poll { told.withLock { $0.count } == stores.count }
      // Every node's store is told, not only those on the changed node's path.
      #expect(told.withLock { $0 } == Set(stores.keys))
      for (id, node) in stores { #expect(node.withState { $0.total } == 1, "node \(id)") }
      let nodes = Self.nodes(store.withState { $0 })
      #expect(nodes.values.allSatisfy { $0.total == 1 })
      // The reducers on the path ran after the change and saw it; the others did not run.
      #expect(nodes.filter { $0.value.seen == 1 }.keys.sorted() == [0, 1, 3, 5])
    }
    #expect(warnings.isEmpty, "\(warnings)")
    checkObservationInvariants(store)
  }

  @Test func removingASubtreeLeavesTheOtherNodesReadingTheSharedValue() async {
    let storage = InMemoryStorage()
    let store = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      Store(initialState: Node.State(id: 0)) { Node() }
    }
    let warnings = await warnings {
      for action in Self.treeActions { store.send(action) }
      store.send(Self.at([1, 3, 5], .bump))
      var stores = nodeStores(store)
      // The subtree 1 → (3 → 5, 4) goes, its stores kept by a view that is going away.
      store.send(.remove(1))
      let removedStores = [1, 3, 4, 5].compactMap { stores.removeValue(forKey: $0) }
      #expect(nodeStores(store).keys.sorted() == [0, 2, 6])
      let told = Locked<Set<Int>>([])
      trackTotals(of: stores, into: told)
      store.send(Self.at([2, 6], .bump))
      // A change on the path of every node left, so that rows the action did not touch (see
      // `everyRowStoreOfAListIsToldOfAChangeMadeOutsideTheList`) play no part here.
      _ = await poll { told.withLock { $0 } == [0, 2, 6] }
      #expect(told.withLock { $0 } == [0, 2, 6])
      for (id, node) in stores { #expect(node.withState { $0.total } == 2, "node \(id)") }
      #expect(Self.nodes(store.withState { $0 }).values.allSatisfy { $0.total == 2 })
      // A node added now reads the live value, not its default.
      store.send(Self.at([2], .add(7)))
      #expect(store.withState { $0.children[id: 2]?.children[id: 7]?.total } == 2)
      // And so does a reference made anywhere else in the storage.
      let elsewhere = withDependencies {
        $0.defaultInMemoryStorage = storage
      } operation: {
        Shared(wrappedValue: 0, .inMemory("scenario-tree"))
      }
      #expect(elsewhere.wrappedValue == 2)
      #expect(removedStores.count == 4)
    }
    #expect(warnings.isEmpty, "\(warnings)")
    checkObservationInvariants(store)
  }

  // MARK: - 3. A presented child and a sibling that changes the value and dismisses it

  /// Counts the presented child's long-running effects as they start and end.
  final class EffectProbe: Sendable {
    let started = Locked(0)
    let ended = Locked(0)
  }

  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      @Shared(.inMemory("scenario-volume")) var volume = 0
      var ticks = 0
    }
    enum Action: Equatable { case onAppear, tick, closeTapped }
    let probe: EffectProbe
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { [probe, clock] send in
          probe.started.withLock { $0 += 1 }
          defer { probe.ended.withLock { $0 += 1 } }
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }

  /// How the child leaves.
  enum DismissRoute: String, CaseIterable, Sendable, Equatable {
    /// The parent sets the presentation state to `nil`.
    case parentSetsNil
    /// An effect sends the presentation's `.dismiss`.
    case dismissActionFromAnEffect
    /// The child's `dismiss` dependency.
    case childsDismissDependency
    /// Another child (another id) presented in its place.
    case anotherChildInItsPlace
  }

  /// Where the sibling changes the shared value.
  enum ChangeMade: String, CaseIterable, Sendable {
    case inTheSameAction, inAnEffect
  }

  struct Sibling: Reducer {
    struct State: Equatable {
      @Shared(.inMemory("scenario-volume")) var volume = 0
    }
    enum Action: Equatable {
      case setVolume(Int, then: DismissRoute)
      case setVolumeLater(Int, then: DismissRoute)
      case volumeSet(then: DismissRoute)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .setVolume(let volume, _):
        state.$volume.withLock { $0 = volume }
        return .none
      case .setVolumeLater(let volume, let route):
        return .run { [shared = state.$volume] send in
          shared.withLock { $0 = volume }
          await send(.volumeSet(then: route))
        }
      case .volumeSet:
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var sibling = Sibling.State()
      @PresentationState var child: Child.State?
    }
    enum Action: Equatable {
      case present
      case sibling(Sibling.Action)
      case child(PresentationAction<Child.Action>)
    }
    let probe: EffectProbe
    var body: some ReducerOf<Self> {
      Scope(state: \.sibling, action: Action.sibling) { Sibling() }
      Reduce { state, action in
        switch action {
        case .present:
          state.child = Child.State(id: 0)
          return .send(.child(.presented(.onAppear)))
        case .sibling(.setVolume(_, let route)), .sibling(.volumeSet(let route)):
          return dismissChild(&state, by: route)
        case .sibling, .child:
          return .none
        }
      }
      .ifLet(\.$child, action: Action.child) { Child(probe: probe) }
    }

    func dismissChild(_ state: inout State, by route: DismissRoute) -> Effect<Action> {
      switch route {
      case .parentSetsNil:
        state.child = nil
        return .none
      case .dismissActionFromAnEffect:
        return .run { send in await send(.child(.dismiss)) }
      case .childsDismissDependency:
        return .send(.child(.presented(.closeTapped)))
      case .anotherChildInItsPlace:
        state.child?.id += 1
        return .send(.child(.presented(.onAppear)))
      }
    }
  }

  @Test(arguments: DismissRoute.allCases, ChangeMade.allCases)
  func aSiblingThatChangesTheValueAndDismissesTheChildLeavesTheValueAndNothingOfTheChild(
    route: DismissRoute, change: ChangeMade
  ) async {
    let probe = EffectProbe()
    let storage = InMemoryStorage()
    let store = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      Store(initialState: Parent.State()) { Parent(probe: probe) }
    }
    let warnings = await warnings {
      store.send(.present)
      var childStore = store.scope(state: \.$child, action: Parent.Action.child)
      #expect(childStore != nil)
      let childTold = Locked(false)
      withObservationTracking {
        _ = childStore?.volume
      } onChange: {
        childTold.withLock { $0 = true }
      }
      #expect(await poll { probe.started.withLock { $0 } == 1 })

      // (Not waited for with `finish()`: a child presented in the first one's place starts a
      // timer of its own, which belongs to this action too.)
      switch change {
      case .inTheSameAction: store.send(.sibling(.setVolume(7, then: route)))
      case .inAnEffect: store.send(.sibling(.setVolumeLater(7, then: route)))
      }
      let left = await poll {
        store.withState { $0.child?.id } == (route == .anotherChildInItsPlace ? 1 : nil)
      }
      #expect(left, "child: \(String(describing: store.withState { $0.child }))")
      // The first child's effect ended; its observer was told (of the change, or of its end).
      #expect(await poll { probe.ended.withLock { $0 } == 1 })
      #expect(childTold.withLock { $0 })
      // The value stays, for the parent's features and for any new reference.
      #expect(store.withState { $0.sibling.volume } == 7)
      let elsewhere = withDependencies {
        $0.defaultInMemoryStorage = storage
      } operation: {
        Shared(wrappedValue: 0, .inMemory("scenario-volume"))
      }
      #expect(elsewhere.wrappedValue == 7)
      if route == .anotherChildInItsPlace {
        // The child in its place reads the same value, and goes in turn.
        #expect(store.withState { $0.child?.volume } == 7)
        #expect(await poll { probe.started.withLock { $0 } == 2 })
        store.send(.child(.dismiss))
        #expect(await poll { probe.ended.withLock { $0 } == 2 })
      }
      childStore = nil
      // Nothing of the child is left running or observed.
      let registry = store.core.registry
      #expect(await poll { registry.count == 0 }, "\(registry.count) effects still running")
      #expect(store.runtime?.observation.observerCount == 0)
      #expect(store.withState { $0.child } == nil)
    }
    #expect(warnings.isEmpty, "\(warnings)")
    checkObservationInvariants(store)
  }

  // MARK: - 4. The same, under a TestStore

  @Test func underATestStoreChangesFromOutsideAndFromAnEffectAreAssertedWithAssert() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let storage = store.dependencies.defaultInMemoryStorage
    // Another store in the same storage, as another screen of the app.
    let other = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      Store(initialState: SharedCounter.State()) { SharedCounter() }
    }
    other.send(.increment)
    store.assert { $0.$count.withLock { $0 = 1 } }
    // The view model answers with what it read.
    await store.send(.saw(1)) { $0.seen = [1] }
    // A reference held outside any store.
    store.state.$count.withLock { $0 += 1 }
    store.assert { $0.$count.withLock { $0 = 2 } }
    await store.send(.saw(2)) { $0.seen = [1, 2] }
    // An effect that changes it on another thread and sends nothing back.
    await store.send(.incrementLater).finish()
    store.assert { $0.$count.withLock { $0 = 3 } }
    await store.send(.saw(3)) { $0.seen = [1, 2, 3] }
    // Its own reduce.
    await store.send(.increment) { $0.$count.withLock { $0 = 4 } }
    await store.send(.saw(4)) { $0.seen = [1, 2, 3, 4] }
    #expect(other.withState { $0.count } == 4)
    await store.finish()
  }

  @Test func underATestStoreADeepNodesChangeIsAssertedOnceForTheWholeTree() async {
    let store = TestStore(initialState: Node.State(id: 0)) { Node() }
    await store.send(.add(1)) { $0.children.append(Node.State(id: 1)) }
    await store.send(.add(2)) { $0.children.append(Node.State(id: 2)) }
    await store.send(Self.at([1], .add(3))) {
      $0.children[id: 1]?.children.append(Node.State(id: 3))
    }
    await store.send(Self.at([1, 3], .add(5))) {
      $0.children[id: 1]?.children[id: 3]?.children.append(Node.State(id: 5))
    }
    await store.send(Self.at([1, 3, 5], .bump)) {
      // One value: asserted once, through any node.
      $0.children[id: 1]?.children[id: 3]?.children[id: 5]?.$total.withLock { $0 = 1 }
      $0.seen = 1
      $0.children[id: 1]?.seen = 1
      $0.children[id: 1]?.children[id: 3]?.seen = 1
      $0.children[id: 1]?.children[id: 3]?.children[id: 5]?.seen = 1
    }
    #expect(Self.nodes(store.state).values.allSatisfy { $0.total == 1 })
    await store.send(.remove(1)) { $0.children.remove(id: 1) }
    await store.send(Self.at([2], .bump)) {
      $0.$total.withLock { $0 = 2 }
      $0.seen = 2
      $0.children[id: 2]?.seen = 2
    }
    #expect(store.state.children[id: 2]?.total == 2)
    await store.finish()
  }

  @Test func underATestStoreANodeMadeInAnAssertionReadsTheStoresSharedValue() async {
    let store = TestStore(initialState: Node.State(id: 0)) { Node() }
    await store.send(.bump) {
      $0.$total.withLock { $0 = 1 }
      $0.seen = 1
    }
    // The new node reads the live total, 1, in the store; so must the one the assertion makes.
    let issues = await issuesRecorded {
      await store.send(.add(1)) { $0.children.append(Node.State(id: 1)) }
    }
    #expect(issues.isEmpty, "\(issues)")
    #expect(store.state.children[id: 1]?.total == 1)
  }

  @Test(arguments: DismissRoute.allCases, ChangeMade.allCases)
  func underATestStoreTheSiblingsChangeAndTheChildsDismissalAreAssertedExhaustively(
    route: DismissRoute, change: ChangeMade
  ) async {
    let clock = TestClock()
    let probe = EffectProbe()
    let store = TestStore(initialState: Parent.State()) {
      Parent(probe: probe)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) { $0.child = Child.State(id: 0) }
    await store.receive(.child(.presented(.onAppear)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) { $0.child?.ticks = 1 }
    let dismissInTheSameReduce = { (state: inout Parent.State) in
      state.sibling.$volume.withLock { $0 = 7 }
      switch route {
      case .parentSetsNil: state.child = nil
      case .anotherChildInItsPlace: state.child?.id = 1
      case .dismissActionFromAnEffect, .childsDismissDependency: break
      }
    }
    switch change {
    case .inTheSameAction:
      await store.send(.sibling(.setVolume(7, then: route)), assert: dismissInTheSameReduce)
    case .inAnEffect:
      await store.send(.sibling(.setVolumeLater(7, then: route)))
      // Changed by the effect just before it sent the action: the received state shows it.
      await store.receive(.sibling(.volumeSet(then: route)), assert: dismissInTheSameReduce)
    }
    switch route {
    case .parentSetsNil:
      break
    case .dismissActionFromAnEffect:
      await store.receive(.child(.dismiss)) { $0.child = nil }
    case .childsDismissDependency:
      await store.receive(.child(.presented(.closeTapped)))
      await store.receive(.child(.dismiss)) { $0.child = nil }
    case .anotherChildInItsPlace:
      // The child in its place reads the same value, and goes in turn.
      await store.receive(.child(.presented(.onAppear)))
      #expect(store.state.child?.volume == 7)
      await store.send(.child(.dismiss)) { $0.child = nil }
    }
    // The dismissed children's timers are gone: nothing is received.
    await clock.advance(by: .seconds(5))
    #expect(store.state.sibling.volume == 7)
    await store.finish()
    #expect(probe.ended.withLock { $0 } == probe.started.withLock { $0 })
  }

  /// A list whose rows alone hold a shared value.
  struct Rows: Reducer {
    struct Row: Equatable, Identifiable {
      let id: Int
      @Shared(.inMemory("scenario-flag")) var flag = 0
    }
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row> = [Row(id: 0), Row(id: 1)]
    }
    enum RowAction: Equatable { case noop }
    enum Action: Equatable {
      case setFlag(Int)
      case rows(IdentifiedAction<Int, RowAction>)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .setFlag(let flag):
        state.rows[id: 0]?.$flag.withLock { $0 = flag }
        return .none
      case .rows:
        return .none
      }
    }
  }

  @Test func everyRowStoreOfAListIsToldOfAChangeMadeOutsideTheList() async {
    let (store, flag) = withFreshSharedStorage {
      (
        Store(initialState: Rows.State()) { Rows() },
        Shared(wrappedValue: 0, .inMemory("scenario-flag"))
      )
    }
    // A list view: each row's store observed.
    let rows = store.scope(state: \.rows, action: Rows.Action.rows)
    let told = Locked<Set<Int>>([])
    for row in rows {
      let id = row.withState { $0.id }
      withObservationTracking {
        _ = row.flag
      } onChange: {
        told.withLock { _ = $0.insert(id) }
      }
    }
    flag.withLock { $0 = 1 }
    _ = await poll { told.withLock { $0 } == [0, 1] }
    #expect(told.withLock { $0 } == [0, 1])
    #expect(rows.map { $0.withState { $0.flag } } == [1, 1])
    checkObservationInvariants(store)
  }

  @Test func underATestStoreAnUnassertedChangeToAValueOnlyRowsHoldFails() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    // Changed through a row, which the reduce reads and does not write.
    let issues = await issuesRecorded {
      await store.send(.setFlag(3))
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.contains("flag") == true)
    #expect(store.state.rows[id: 1]?.flag == 3)
  }

  /// A parent whose presented child alone holds a shared value.
  struct Holder: Reducer {
    struct State: Equatable {
      @PresentationState var child: Child.State? = Child.State(id: 0)
    }
    enum Action: Equatable { case setVolume(Int), child(PresentationAction<Child.Action>) }
    let probe: EffectProbe
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .setVolume(let volume):
          state.child?.$volume.withLock { $0 = volume }
          return .none
        case .child:
          return .none
        }
      }
      .ifLet(\.$child, action: Action.child) { Child(probe: probe) }
    }
  }

  @Test func underATestStoreAWrongAssertionOfAValueOnlyAPresentedChildHoldsFails() async {
    let store = TestStore(initialState: Holder.State()) { Holder(probe: EffectProbe()) }
    let issues = await issuesRecorded {
      await store.send(.setVolume(3)) { $0.child?.$volume.withLock { $0 = 9 } }
    }
    #expect(issues.count == 1, "\(issues)")
    #expect(issues.first?.contains("volume") == true)
    #expect(store.state.child?.volume == 3)
  }

  // MARK: - 5. Keys, storages and stores that come and go

  struct Reading: Reducer {
    struct State: Equatable {
      @Shared var fresh: Int
      @Shared var reused: Int
      var steps = 0
    }
    enum Action: Equatable { case step }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.steps += 1
      state.$fresh.withLock { $0 += 1 }
      state.$reused.withLock { $0 += 1 }
      return .none
    }
  }

  /// One step: under `storage`, a store reading a fresh key and a re-used one, observed as a
  /// view would, sent an action, and dropped; and a reference outside any store, dropped too.
  /// Returns the objects that must be freed once the step is over.
  @discardableResult
  static func churn(_ index: Int, in storage: InMemoryStorage) -> [Weak] {
    withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      let store = Store(
        initialState: Reading.State(
          fresh: Shared(wrappedValue: 0, .inMemory("fresh-\(index)")),
          reused: Shared(wrappedValue: 0, .inMemory("reused-\(index % 8)")))
      ) {
        Reading()
      }
      withObservationTracking {
        _ = store.fresh
        _ = store.reused
      } onChange: {
      }
      store.send(.step)
      let loose = Shared(wrappedValue: 0, .inMemory("loose-\(index % 4)"))
      loose.withLock { $0 += 1 }
      return [
        Weak(store), Weak(store.withState { $0.$fresh.snapshotRoot }),
        Weak(store.withState { $0.$reused.snapshotRoot }), Weak(loose.snapshotRoot),
      ]
    }
  }

  @Test func aDroppedStorageAndTheRootsItKeptAreFreed() async {
    var storage: InMemoryStorage? = InMemoryStorage()
    let weakStorage = Weak(storage!)
    var dropped: [Weak] = []
    for index in 0..<3 { dropped += Self.churn(index, in: storage!) }
    storage = nil
    // Changes made off the main thread are handed on in a task: let it run.
    let freed = await poll { weakStorage.object == nil && dropped.allSatisfy { $0.object == nil } }
    #expect(freed)
    #expect(weakStorage.object == nil)
    #expect(dropped.filter { $0.object != nil }.count == 0, "\(dropped.map(\.object))")
  }

  /// The environment variable that enables ``inMemoryKeysAndStoresComeAndGoInAProcessOfTheirOwn()``.
  nonisolated static let churnChildVariable = "REDUCERKIT_SHARED_CHURN_CHILD"

  /// Whether resident memory means something here: not under a sanitizer (whose allocator keeps
  /// freed memory), and readable.
  nonisolated static var measuresResidentMemory: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["ASAN_OPTIONS"] == nil && environment["TSAN_OPTIONS"] == nil
      && SoakTests.residentMemory() != nil
  }

  /// The churn, in a process of its own (this test bundle again, with only the child test):
  /// the other tests running in parallel here would move resident memory by megabytes.
  @Test(
    .enabled(if: SharedStateScenarioTests.measuresResidentMemory, "needs resident memory"),
    .timeLimit(.minutes(5)))
  nonisolated func residentMemoryStaysFlatWhileKeysStoragesAndStoresComeAndGo() async throws {
    let (status, text) = try await runTestInChildProcess(
      filter: "inMemoryKeysAndStoresComeAndGoInAProcessOfTheirOwn",
      enabling: Self.churnChildVariable)
    #expect(status == 0, "\(text.suffix(3_000))")
    let report = text.split(separator: "\n").filter { $0.contains("churn:") }
    #expect(report.contains { $0.contains("churn: resident memory") }, "\(text.suffix(3_000))")
    for line in report { print(line) }
  }

  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment[SharedStateScenarioTests.churnChildVariable] != nil))
  func inMemoryKeysAndStoresComeAndGoInAProcessOfTheirOwn() async throws {
    let steps = 20_000
    let warmUp = 5_000
    var storage = InMemoryStorage()
    // Resident memory every 500 steps from the warm-up on.
    var samples: [Int] = []
    for index in 0..<steps {
      // A fresh storage now and then, as each test store makes one.
      if index % 100 == 0 { storage = InMemoryStorage() }
      Self.churn(index, in: storage)
      // Let the tasks that hand on changes made off the main thread run.
      if index % 64 == 0 { await Task.yield() }
      if index >= warmUp, index % 500 == 0 {
        samples.append(try #require(SoakTests.residentMemory()))
      }
    }
    for _ in 0..<100 { await Task.yield() }
    samples.append(try #require(SoakTests.residentMemory()))
    // The mean of the first 5,000 steps after the warm-up against that of the last 5,000.
    let window = 10
    let earlier = samples.prefix(window).reduce(0, +) / window
    let later = samples.suffix(window).reduce(0, +) / window
    let growth = samples.last! - samples.first!
    print(
      """
      churn: resident memory \(samples.first! / 1024) KB after \(warmUp) steps, \
      \(samples.last! / 1024) KB after \(steps) (+\(growth / 1024) KB); mean \(earlier / 1024) KB \
      over the first 5,000 steps after the warm-up, \(later / 1024) KB over the last 5,000
      """)
    let megabyte = 1 << 20
    #expect(later - earlier < 2 * megabyte)
    #expect(growth < 2 * megabyte)
    // The roots of dropped storages are gone from the registry too (swept as it grows).
    #expect(SharedRegistry.count < 1_000)
  }
}
