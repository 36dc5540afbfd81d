import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ObservationHubTests {
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

  typealias Hub = ObservationHub<Feature.State, Feature.Action>

  func hub(of store: Store<Feature.State, Feature.Action>) -> Hub {
    (store.core as! StoreRuntime<Feature.State, Feature.Action>).observation
  }

  // MARK: Streams of states

  @Test func aSubscriberGetsTheCurrentStateThenEachOneUntilUnsubscribed() {
    let hub = ObservationHub<Int, Int>()
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
}
