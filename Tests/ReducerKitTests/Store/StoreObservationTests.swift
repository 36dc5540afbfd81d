import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreObservationTests {
  struct Form: Reducer {
    struct State: Equatable {
      var a = 0
      var b = 0
      var rows: IdentifiedArrayOf<Row> = []
      var child = Counter.State()
    }
    struct Row: Equatable, Identifiable {
      let id: Int
      var title = ""
    }
    enum Action {
      case setA(Int), setB(Int)
      case rows(IdentifiedAction<Int, String>)
      case renameAll(String)
      case reload([Int])
      case child(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { Counter() }
      Reduce { state, action in
        switch action {
        case .setA(let value): state.a = value
        case .setB(let value): state.b = value
        case .renameAll(let title):
          for index in state.rows.indices { state.rows[index].title = title }
        case .reload(let ids):
          state.rows = IdentifiedArray(uniqueElements: ids.map { Row(id: $0, title: "new") })
        case .rows, .child: break
        }
        return .none
      }
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, String> { row, title in
          row.title = title
          return .none
        }
      }
    }
  }

  /// Counts the onChange calls of one observation of `read`.
  final class Changes: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func observe(_ read: () -> Void) {
      withObservationTracking(read) { [count] in count.withLock { $0 += 1 } }
    }
  }

  func makeStore(rows: Int = 0) -> Store<Form.State, Form.Action> {
    Store(
      initialState: Form.State(
        rows: IdentifiedArray(uniqueElements: (0..<rows).map { Form.Row(id: $0) }))
    ) { Form() }
  }

  @Test func aChangeToOneFieldDoesNotNotifyAnObserverOfAnother() {
    let store = makeStore()
    let observerOfB = Changes()
    observerOfB.observe { _ = store.b }
    store.send(.setA(1))
    #expect(observerOfB.value == 0)
  }

  @Test func aChangeToAFieldNotifiesItsObserver() {
    let store = makeStore()
    let observerOfA = Changes()
    observerOfA.observe { _ = store.a }
    store.send(.setA(1))
    #expect(observerOfA.value == 1)
  }

  @Test func settingAFieldToTheSameValueDoesNotNotify() {
    let store = makeStore()
    let observerOfA = Changes()
    observerOfA.observe { _ = store.a }
    store.send(.setA(0))
    #expect(observerOfA.value == 0)
    store.send(.setA(2))
    #expect(observerOfA.value == 1)
  }

  @Test func readingTheWholeStateObservesEverything() {
    let store = makeStore()
    let observer = Changes()
    observer.observe { _ = store.state }
    store.send(.setB(1))
    #expect(observer.value == 1)
  }

  @Test func aChangeInsideOneRowNotifiesOnlyThatRowsObservers() {
    let store = makeStore(rows: 100)
    let rowStores = store.scope(state: \.rows, action: Form.Action.rows)
    let observers = rowStores.map { rowStore in
      let changes = Changes()
      changes.observe { _ = rowStore.title }
      return changes
    }
    rowStores[42].send("renamed")
    #expect(observers[42].value == 1)
    #expect(observers.enumerated().filter { $0.offset != 42 }.allSatisfy { $0.element.value == 0 })
    #expect(rowStores[42].title == "renamed")
  }

  @Test func aParentChangingManyRowsNotifiesEachChangedRow() {
    let store = makeStore(rows: 10)
    let rowStores = store.scope(state: \.rows, action: Form.Action.rows)
    let observers = rowStores.map { rowStore in
      let changes = Changes()
      changes.observe { _ = rowStore.title }
      return changes
    }
    store.send(.renameAll("all"))
    #expect(observers.allSatisfy { $0.value == 1 })
  }

  @Test func replacingTheRowsWithAnArrayBuiltTheSameWayNotifiesChangedRows() {
    // The new array's versions must not match the old one's by chance.
    let store = makeStore(rows: 3)
    let rowStores = store.scope(state: \.rows, action: Form.Action.rows)
    let observers = rowStores.map { rowStore in
      let changes = Changes()
      changes.observe { _ = rowStore.title }
      return changes
    }
    store.send(.reload([0, 1, 2]))
    #expect(observers.allSatisfy { $0.value == 1 })
  }

  @Test func aChildStoreIsNotifiedOnlyWhenItsOwnStateChanged() {
    let store = makeStore()
    let child = store.scope(state: \.child, action: Form.Action.child)
    let wholeChild = Changes()
    wholeChild.observe { _ = child.state }
    let childField = Changes()
    childField.observe { _ = child.count }
    store.send(.setA(5))
    #expect(wholeChild.value == 0)
    #expect(childField.value == 0)
    child.send(.increment)
    #expect(wholeChild.value == 1)
    #expect(childField.value == 1)
  }

  @Test func aFieldThatIsNotEquatableCountsAsChanged() {
    struct Opaque { var value = 0 }
    struct State { var opaque = Opaque(); var other = 0 }
    let store = Store(initialState: State()) {
      Reduce<State, Int> { state, action in
        state.other = action
        return .none
      }
    }
    let observer = Changes()
    observer.observe { _ = store.opaque }
    store.send(1)
    #expect(observer.value == 1)
  }

  struct Measures: Equatable {
    var length = 0.0
    var ratio = Double.nan
    var other = 0
    var box = Box()
  }

  /// A reference whose `==` is identity.
  final class Box: Equatable {
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs }
  }

  enum MeasuresAction {
    case setLength(Double), setOther(Int), replaceBox
  }

  func makeMeasuresStore() -> Store<Measures, MeasuresAction> {
    Store(initialState: Measures()) {
      Reduce<Measures, MeasuresAction> { state, action in
        switch action {
        case .setLength(let length): state.length = length
        case .setOther(let other): state.other = other
        case .replaceBox: state.box = Box()
        }
        return .none
      }
    }
  }

  @Test func anEqualValueWithOtherBytesDoesNotNotify() {
    let store = makeMeasuresStore()
    let observer = Changes()
    observer.observe { _ = store.length }
    store.send(.setLength(-0.0))  // == 0.0, different bits
    #expect(observer.value == 0)
    store.send(.setLength(1))
    #expect(observer.value == 1)
  }

  @Test func aNaNFieldThatWasNotTouchedIsUnchanged() {
    let store = makeMeasuresStore()
    let observer = Changes()
    observer.observe { _ = store.ratio }
    store.send(.setOther(1))
    #expect(observer.value == 0)
  }

  @Test func anObserverReleasesItsSnapshotWhenItFired() {
    let store = makeMeasuresStore()
    weak var oldBox: Box?
    let observer = Changes()
    observer.observe { oldBox = store.box }
    #expect(oldBox != nil)
    store.send(.replaceBox)
    #expect(observer.value == 1)
    #expect(oldBox == nil)
  }

  @Test func aGrandchildStoreIsNotifiedThroughTwoScopes() {
    struct Outer: Equatable {
      var inner = Form.State()
      var unrelated = 0
    }
    enum OuterAction {
      case inner(Form.Action)
      case touch
    }
    let store = Store(initialState: Outer()) {
      Scope(state: \Outer.inner, action: CasePath(OuterAction.inner)) { Form() }
      Reduce<Outer, OuterAction> { state, action in
        if case .touch = action { state.unrelated += 1 }
        return .none
      }
    }
    let grandchild = store.scope(state: \.inner, action: OuterAction.inner)
      .scope(state: \.child, action: Form.Action.child)
    let observer = Changes()
    observer.observe { _ = grandchild.count }
    store.send(.touch)
    #expect(observer.value == 0)
    grandchild.send(.increment)
    #expect(observer.value == 1)
    #expect(grandchild.count == 1)
  }

  @Test func bytesAreEqualComparesEveryByte() {
    for count in [1, 3, 8, 12, 17] {
      let lhs = [UInt8](repeating: 7, count: count)
      for changed in 0..<count {
        var rhs = lhs
        #expect(bytesAreEqual(lhs, rhs, count: count))
        rhs[changed] = 8
        #expect(!bytesAreEqual(lhs, rhs, count: count), "byte \(changed) of \(count)")
      }
    }
  }

  @Test func areEqualComparesEquatableValuesOnly() {
    #expect(areEqual(1, 1) == true)
    #expect(areEqual("a", "b") == false)
    struct Opaque {}
    #expect(areEqual(Opaque(), Opaque()) == nil)
  }
}
