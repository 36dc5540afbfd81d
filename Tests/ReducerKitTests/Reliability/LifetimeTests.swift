import Foundation
import Observation
import Testing

@testable import ReducerKit

/// Lifetimes and leaks, with weak references: stores, child stores, what effects capture and what
/// observers read are released once nothing uses them, and long present/dismiss and add/remove
/// histories leave nothing behind.
@MainActor
@Suite struct LifetimeTests {
  /// An object to watch with a weak reference.
  final class Token: @unchecked Sendable {}

  /// A value whose `==` ignores the object it holds, so replacing the object is not a change an
  /// observer is told about (and an observer's snapshot of the old value keeps the old object).
  struct Holder: Equatable {
    var version = 0
    var object = Token()

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.version == rhs.version }
  }

  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var holder = Holder()
    }

    enum Action {
      /// Starts an effect that holds `token` until it is cancelled (its clock never moves).
      case start(Token)
      /// Starts an effect that holds `token` and ends at once.
      case startShort(Token)
      case replaceObject
    }

    let clock: ManualClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let token):
        let clock = clock
        return .run { _ in
          try await clock.sleep(for: .seconds(1_000))
          withExtendedLifetime(token) {}
        }
      case .startShort(let token):
        return .run { _ in withExtendedLifetime(token) {} }
      case .replaceObject:
        state.holder.object = Token()
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var child = Child.State(id: 0)
      var detail: Child.State?
      var rows: IdentifiedArrayOf<Child.State> = []
      var nextID = 1
      var noise = 0
    }

    enum Action {
      case child(Child.Action)
      case detail(Child.Action)
      case rows(IdentifiedAction<Int, Child.Action>)
      case present
      case dismiss
      case addRow
      case removeRow(Int)
      case noise
    }

    let clock: ManualClock

    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { Child(clock: clock) }
      Reduce { state, action in
        switch action {
        case .present:
          state.detail = Child.State(id: state.nextID)
          state.nextID += 1
        case .dismiss:
          state.detail = nil
        case .addRow:
          state.rows.append(Child.State(id: state.nextID))
          state.nextID += 1
        case .removeRow(let id):
          state.rows.remove(id: id)
        case .noise:
          state.noise += 1
        case .child, .detail, .rows:
          break
        }
        return .none
      }
      .ifLet(\.detail, action: Action.detail) { Child(clock: clock) }
      .forEach(\.rows, action: Action.rows) { Child(clock: clock) }
    }
  }

  private func makeStore() -> Store<Parent.State, Parent.Action> {
    let clock = ManualClock()
    return Store(initialState: Parent.State()) { Parent(clock: clock) }
  }

  // MARK: - Stores

  @Test func aReleasedRootStoreIsFreedAndCancelsItsEffects() async {
    var store: Store<Parent.State, Parent.Action>? = makeStore()
    weak let weakStore = store
    let registry = store!.core.registry
    var token: Token? = Token()
    weak let weakToken = token
    store!.send(.child(.start(token!)))
    token = nil
    #expect(registry.count == 1)
    store = nil
    #expect(weakStore == nil, "a running effect kept its store alive")
    #expect(await poll { registry.count == 0 }, "the released store's effect still runs")
    #expect(await poll { weakToken == nil }, "the cancelled effect still holds what it captured")
  }

  @Test func releasedChildStoresAreFreedAndDoNotKeepTheRootAlive() {
    var store: Store<Parent.State, Parent.Action>? = makeStore()
    weak let weakStore = store
    store!.send(.present)
    store!.send(.addRow)
    store!.send(.addRow)
    var child: Store<Child.State, Child.Action>? = store!.scope(
      state: \.child, action: Parent.Action.child)
    var detail: Store<Child.State, Child.Action>? = store!.scope(
      state: \.detail, action: Parent.Action.detail)
    var rows: [Store<Child.State, Child.Action>]? = store!.scope(
      state: \.rows, action: Parent.Action.rows)
    weak let weakChild = child
    weak let weakDetail = detail
    weak let weakRow = rows?.first
    #expect(weakChild != nil && weakDetail != nil && weakRow != nil)
    // Read through each, with observation, as a view does.
    withObservationTracking {
      _ = child!.holder
      _ = detail!.holder
      _ = rows!.first!.holder
    } onChange: {
    }
    child = nil
    detail = nil
    rows = nil
    #expect(weakChild == nil, "a Scope child store outlived its last reference")
    #expect(weakDetail == nil, "an optional child store outlived its last reference")
    #expect(weakRow == nil, "a row store outlived its last reference")
    // A child store holds its parent; once it is gone, nothing else does.
    store = nil
    #expect(weakStore == nil)
  }

  // MARK: - Effects

  @Test func anEffectReleasesWhatItCapturedWhenItIsCancelled() async {
    let store = makeStore()
    var token: Token? = Token()
    weak let weakToken = token
    let task = store.send(.child(.start(token!)))
    token = nil
    #expect(weakToken != nil)
    task.cancel()
    await task.finish()
    #expect(await poll { weakToken == nil })
    #expect(store.core.registry.count == 0)
  }

  @Test func anEffectReleasesWhatItCapturedWhenItFinishes() async {
    let store = makeStore()
    var token: Token? = Token()
    weak let weakToken = token
    await store.send(.child(.startShort(token!))).finish()
    token = nil
    #expect(await poll { weakToken == nil })
    #expect(store.core.registry.count == 0)
  }

  @Test func anEffectOfADismissedChildReleasesWhatItCaptured() async {
    let store = makeStore()
    store.send(.present)
    var token: Token? = Token()
    weak let weakToken = token
    store.send(.detail(.start(token!)))
    token = nil
    store.send(.dismiss)
    #expect(await poll { weakToken == nil })
    #expect(await poll { store.core.registry.count == 0 })
  }

  // MARK: - Observers

  @Test func theObserversOfAReleasedScopedStoreReleaseWhatTheyRead() async {
    let store = makeStore()
    var child: Store<Child.State, Child.Action>? = store.scope(
      state: \.child, action: Parent.Action.child)
    weak let weakChild = child
    weak let weakObject = store.withState(\.child.holder.object)
    // The observer's snapshot holds the object it read.
    withObservationTracking {
      _ = child!.holder
    } onChange: {
    }
    // Replaced by an "equal" value: the observer is not notified, so it stays registered.
    store.send(.child(.replaceObject))
    child = nil
    #expect(weakChild == nil)
    store.send(.noise)
    #expect(weakObject == nil, "an observer of a released store still holds the value it read")
  }

  // MARK: - Long histories

  @Test func aThousandPresentDismissCyclesWithARunningEffectLeaveNothingBehind() async {
    let store = makeStore()
    let registry = store.core.registry
    var tokens: [Token?] = []
    weak var lastDetailStore: Store<Child.State, Child.Action>?
    for _ in 0..<1_000 {
      store.send(.present)
      let token = Token()
      tokens.append(token)
      let detail: Store<Child.State, Child.Action>? = store.scope(
        state: \.detail, action: Parent.Action.detail)
      detail!.send(.start(token))
      withObservationTracking {
        _ = detail!.holder
      } onChange: {
      }
      lastDetailStore = detail
      store.send(.dismiss)
    }
    #expect(lastDetailStore == nil)
    let weakTokens = tokens.map { WeakBox($0) }
    tokens = []
    #expect(await poll { registry.count == 0 }, "\(registry.count) effects of dismissed children")
    #expect(await poll { weakTokens.allSatisfy { $0.value == nil } })
  }

  @Test func aThousandRowAddRemoveCyclesWithRunningRowEffectsLeaveNothingBehind() async {
    let store = makeStore()
    let registry = store.core.registry
    // A few rows stay, with running effects, while others come and go.
    for _ in 0..<3 { store.send(.addRow) }
    for id in store.withState(\.rows.ids) {
      store.send(.rows(.element(id: id, action: .start(Token()))))
    }
    var weakTokens: [WeakBox<Token>] = []
    for _ in 0..<1_000 {
      store.send(.addRow)
      let id = store.withState { $0.rows.ids.last! }
      let token = Token()
      weakTokens.append(WeakBox(token))
      let rowStores = store.scope(state: \.rows, action: Parent.Action.rows)
      rowStores.last!.send(.start(token))
      withObservationTracking {
        _ = rowStores.last!.holder
      } onChange: {
      }
      store.send(.removeRow(id))
    }
    #expect(await poll { registry.count == 3 }, "\(registry.count) effects; the 3 rows left run 3")
    #expect(await poll { weakTokens.allSatisfy { $0.value == nil } })
    // Reading the count drops the entries of released child stores first.
    let entries = store.cachedChildCount
    #expect(entries <= 10, "\(entries) scoped-store cache entries for 3 rows")
  }

  // MARK: - Sequences

  @Test func aStatesSequenceEndsWhenItsStoreIsReleased() async {
    var store: Store<Int, Int>? = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
    }
    let states = store!.states
    let ended = Locked(false)
    let iteration = Task { @MainActor in
      for await _ in states {}
      ended.withLock { $0 = true }
    }
    store!.send(1)
    store = nil
    // A wide bound: it returns as soon as the loop ends (at once, in isolation), but under the
    // thread sanitizer, with the whole suite competing for the main actor, the loop's next turn
    // took more than 10 s.
    let didEnd = await poll(upTo: .seconds(120)) { ended.withLock { $0 } }
    iteration.cancel()
    #expect(didEnd, "the loop over store.states is still waiting for its released store")
  }
}

/// A weak reference, to keep many in an array.
struct WeakBox<Value: AnyObject> {
  weak var value: Value?

  init(_ value: Value?) {
    self.value = value
  }
}
