import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StateChangeNotifierTests {
  /// Equal by name; its `==` runs `onCompare` (a read of the store during an observer's check).
  final class Tag: Equatable {
    let name: String
    var onCompare: (@MainActor () -> Void)?
    init(_ name: String) { self.name = name }
    static func == (lhs: Tag, rhs: Tag) -> Bool {
      let hooks = [lhs.onCompare, rhs.onCompare]
      MainActor.assumeIsolated {
        for hook in hooks { hook?() }
      }
      return lhs.name == rhs.name
    }
  }

  struct Feature: Reducer {
    struct State: Equatable {
      var a = 0
      var b = 0
      var tag = Tag("t")
      var child = Counter.State()
    }
    enum Action {
      case setA(Int)
      case retag
      case child(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .setA(let a): state.a = a
        case .retag:
          // Other bytes, an equal value: the observer's check must call `==`.
          let tag = Tag(state.tag.name)
          tag.onCompare = state.tag.onCompare
          state.tag = tag
        case .child: break
        }
        return .none
      }
      Scope(state: \.child, action: Action.child) { Counter() }
    }
  }

  /// Counts the changes `withObservationTracking` reports.
  final class Changes: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func observe(_ read: () -> Void) {
      withObservationTracking(read) { [count] in count.withLock { $0 += 1 } }
    }
  }

  typealias Hub = StateChangeNotifier<Feature.State, Feature.Action>

  func hub(of store: Store<Feature.State, Feature.Action>) -> Hub {
    (store.core as! StoreRuntime<Feature.State, Feature.Action>).observation
  }

  // MARK: Streams of states

  @Test func aSubscriberGetsTheCurrentStateThenEachOneUntilUnsubscribed() {
    let hub = StateChangeNotifier<Int, Int>()
    let log = Log<Int>()
    let id = hub.subscribe({ log.append($0) }, current: 0)
    #expect(log.values == [0])
    #expect(hub.subscriberCount == 1)
    withUnsafePointer(to: 1) { hub.didChangeState($0) }
    withUnsafePointer(to: 2) { hub.didChangeState($0) }
    #expect(log.values == [0, 1, 2])
    hub.unsubscribe(id)
    #expect(hub.subscriberCount == 0)
    withUnsafePointer(to: 3) { hub.didChangeState($0) }
    #expect(log.values == [0, 1, 2])
  }

  @Test func aStoresSubscriberSeesEveryAction() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let log = Log<Int>()
    let id = store.core.subscribe { log.append($0.a) }
    store.send(.setA(1))
    store.send(.setA(2))
    store.core.unsubscriber(for: id)()
    store.send(.setA(3))
    #expect(log.values == [0, 1, 2])
    #expect(hub(of: store).subscriberCount == 0)
  }

  // MARK: Observers of parts

  @Test func eachObservedFieldIsOneObserverRemovedWhenItChanges() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let hub = hub(of: store)
    #expect(hub.observerCount == 0)
    let changes = Changes()
    changes.observe {
      _ = store.a
      _ = store.b
    }
    #expect(hub.observerCount == 2)
    // Read again: the same parts, no new observers.
    changes.observe { _ = store.a }
    #expect(hub.observerCount == 2)
    store.send(.setA(1))
    #expect(changes.value == 2)
    // The observer of `a` was notified and is gone; the one of `b` still waits.
    #expect(hub.observerCount == 1)
  }

  @Test func readingTheWholeRootStateAddsNoObserverAndNotifiesOnce() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let changes = Changes()
    changes.observe { _ = store.state }
    #expect(hub(of: store).observerCount == 0)
    store.send(.setA(1))
    store.send(.setA(2))
    #expect(changes.value == 1)
  }

  @Test func aReleasedScopedStoresObserversAreRemoved() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let hub = hub(of: store)
    weak var released: Store<Counter.State, Counter.Action>?
    do {
      let child = store.scope(state: \.child, action: Feature.Action.child)
      released = child
      Changes().observe {
        _ = child.count
        _ = child.state
      }
      #expect(hub.observerCount == 2)
    }
    #expect(released == nil)
    #expect(hub.observerCount == 0)
  }

  @Test func aReadFromInsideACheckRegistersNoObserver() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let hub = hub(of: store)
    let reads = Log<Int>()
    store.withState { $0.tag }.onCompare = { [weak store] in
      guard let store else { return }
      reads.append(store.b)
    }
    Changes().observe { _ = store.tag }
    #expect(hub.observerCount == 1)
    store.send(.retag)
    // The check ran `==`, which read `b`: that read observed nothing.
    #expect(!reads.values.isEmpty)
    #expect(hub.observerCount == 1)
    // Outside a check the same read does observe.
    _ = store.b
    #expect(hub.observerCount == 2)
  }

  // MARK: Notification order, and the groups of rows

  /// Three fields that one action changes together.
  struct Triple: Reducer {
    struct State { var x = 0, y = 0, z = 0 }
    enum Action { case setAll(Int) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .setAll(let value) = action else { return .none }
      (state.x, state.y, state.z) = (value, value, value)
      return .none
    }
  }

  @Test func changedObserversAreNotifiedInTheOrderTheCheckTookThem() {
    // The hub releases each changed observer once it is notified, taking them off the end of
    // the reversed list of changed ones: the order must be the order the check took them in,
    // which for a root's fields is from the last one in the list (see
    // `StateObserverList.takeChanged`): the reads were y, x, z.
    let store = Store(initialState: Triple.State()) { Triple() }
    let order = Locked<[String]>([])
    func observe(_ name: String, _ read: @escaping () -> Void) {
      withObservationTracking(read) { order.withLock { $0.append(name) } }
    }
    observe("y") { _ = store.y }
    observe("x") { _ = store.x }
    observe("z") { _ = store.z }
    store.send(.setAll(1))
    #expect(order.withLock { $0 } == ["z", "x", "y"])
    let hub = (store.core as! StoreRuntime<Triple.State, Triple.Action>).observation
    #expect(hub.observerCount == 0)
  }

  /// Two collections of rows, each with a row group of its own once a row store is observed.
  struct TwoLists: Reducer {
    struct Row: Identifiable, Equatable {
      let id: Int
      var count = 0
    }
    struct State {
      var left: IdentifiedArrayOf<Row> = [Row(id: 1)]
      var right: IdentifiedArrayOf<Row> = [Row(id: 1)]
    }
    enum Action {
      case left(IdentifiedAction<Int, Int>)
      case right(IdentifiedAction<Int, Int>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.left, action: Action.left) {
          Reduce<Row, Int> { row, amount in
            row.count += amount
            return .none
          }
        }
        .forEach(\.right, action: Action.right) {
          Reduce<Row, Int> { row, amount in
            row.count += amount
            return .none
          }
        }
    }
  }

  @Test func aRowGroupLeftWithoutObserversIsDroppedAndTheOtherIsStillChecked() {
    let store = Store(initialState: TwoLists.State()) { TwoLists() }
    let hub = (store.core as! StoreRuntime<TwoLists.State, TwoLists.Action>).observation
    let left = store.scope(state: \.left, action: TwoLists.Action.left)[0]
    let right = store.scope(state: \.right, action: TwoLists.Action.right)[0]
    let changes = Changes()
    changes.observe { _ = left.count }
    changes.observe { _ = right.count }
    #expect(hub.observerCount == 2)
    left.send(1)
    // The left group's one observer was notified: the group is gone, the right one stays.
    #expect(changes.value == 1)
    #expect(hub.observerCount == 1)
    right.send(1)
    #expect(changes.value == 2)
    #expect(hub.observerCount == 0)
    // Observed again, each row's group is made again and checked.
    changes.observe { _ = left.count }
    #expect(hub.observerCount == 1)
    right.send(1)
    #expect(changes.value == 2)
    left.send(1)
    #expect(changes.value == 3)
    #expect(store.withState { $0.left[0].count } == 2)
    #expect(store.withState { $0.right[0].count } == 2)
  }
}
