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

  /// A list with `UUID` ids, as app code writes one, and a sibling reducer in the same body that
  /// removes rows.
  struct TodoList: Reducer {
    struct State: Equatable {
      var todos: IdentifiedArrayOf<Todo> = []
    }
    struct Todo: Equatable, Identifiable {
      let id: UUID
      var isDone = false
    }
    enum Action {
      case todos(IdentifiedAction<UUID, Bool>)
      case clearDone
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .clearDone = action { state.todos.removeAll { $0.isDone } }
        return .none
      }
      .forEach(\.todos, action: Action.todos) {
        Reduce<Todo, Bool> { todo, isDone in
          todo.isDone = isDone
          return .none
        }
      }
    }
  }

  @Test func rowsWithUUIDIdsAreObservedOneByOneAndThroughASiblingsRemoval() {
    let ids = (0..<20).map { _ in UUID() }
    let store = Store(
      initialState: TodoList.State(
        todos: IdentifiedArray(uniqueElements: ids.map { TodoList.Todo(id: $0) }))
    ) { TodoList() }
    let rowStores = store.scope(state: \.todos, action: TodoList.Action.todos)
    func observeAll() -> [Changes] {
      rowStores.map { rowStore in
        let changes = Changes()
        changes.observe { _ = rowStore.isDone }
        return changes
      }
    }
    var observers = observeAll()
    rowStores[3].send(true)
    rowStores[11].send(true)
    #expect(observers[3].value == 1)
    #expect(observers[11].value == 1)
    #expect(observers.indices.filter { observers[$0].value > 0 } == [3, 11])
    // The sibling removes the two done rows: their stores keep their last state, and the rows
    // after them, at new positions, are still found and observed one by one.
    observers = observeAll()
    store.send(.clearDone)
    #expect(store.todos.count == 18)
    #expect(rowStores[3].isDone && rowStores[11].isDone)
    #expect(observers[3].value == 1 && observers[11].value == 1)
    let survivors = observeAll()
    rowStores[15].send(true)
    #expect(survivors.indices.filter { survivors[$0].value > 0 } == [15])
    #expect(store.todos[id: ids[15]]?.isDone == true)
  }

  @Test func aParentChangingManyRowsNotifiesEachChangedRow() {
    let store = makeStore(rows: 10)
    let rowStores = store.scope(state: \.rows, action: Form.Action.rows)
    let observers = rowStores.map { rowStore in
      let changes = Changes()
      changes.observe { _ = rowStore.title }
      return changes
    }
    // The row stores must outlive the send: a released row store's observers are removed, and
    // an optimised build may release an array right after its last use.
    _ = withExtendedLifetime(rowStores) { store.send(.renameAll("all")) }
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
    _ = withExtendedLifetime(rowStores) { store.send(.reload([0, 1, 2])) }
    #expect(observers.allSatisfy { $0.value == 1 })
  }

  /// An undo, in one action: the rows restored from a copy kept in the state, then one of them
  /// edited. The restored array carries the versions the copy had; the edit must not make it
  /// look like the array seen last, with one more row edited.
  struct Undo: Reducer {
    struct State {
      var rows: IdentifiedArrayOf<Form.Row>
      var saved: IdentifiedArrayOf<Form.Row> = []
    }
    enum Action {
      case save
      case edit(id: Int, String)
      case restoreAndEdit(id: Int, String)
      case rows(IdentifiedAction<Int, String>)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .save:
        state.saved = state.rows
      case .edit(let id, let title):
        state.rows[id: id]?.title = title
      case .restoreAndEdit(let id, let title):
        state.rows = state.saved
        state.rows[id: id]?.title = title
      case .rows:
        break
      }
      return .none
    }
  }

  @Test func restoringSavedRowsAndEditingOneNotifiesEveryRowThatChanged() {
    let store = Store(
      initialState: Undo.State(rows: [Form.Row(id: 0), Form.Row(id: 1), Form.Row(id: 2)])
    ) { Undo() }
    let rowStores = store.scope(state: \.rows, action: Undo.Action.rows)
    let observers = rowStores.map { _ in Changes() }
    func observeRow(_ row: Int) { observers[row].observe { _ = rowStores[row].title } }
    for row in rowStores.indices { observeRow(row) }
    withExtendedLifetime(rowStores) {
      store.send(.save)
      store.send(.edit(id: 0, "edited"))
      #expect(observers.map(\.value) == [1, 0, 0])
      // Observation tracking is one-shot: row 0 is observed again, as a view that re-rendered.
      observeRow(0)
      store.send(.restoreAndEdit(id: 1, "new"))
    }
    // Row 0 went back to its saved title, row 1 was edited, row 2 is as it was.
    #expect(observers.map(\.value) == [2, 1, 0])
    #expect(rowStores.map(\.title) == ["", "new", ""])
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

  struct Span: Equatable {
    var start = 0
    var end = 0
  }
  struct Spans: Equatable {
    var other = 0
    var span = Span()
  }

  @Test func aChangeInTheSecondWordOfASixteenByteFieldNotifies() {
    // A plain value of 16 bytes is kept in its observer, not in memory of its own.
    let store = Store(initialState: Spans()) {
      Reduce<Spans, Int> { state, end in
        state.other += 1
        state.span.end = end
        return .none
      }
    }
    let observer = Changes()
    observer.observe { _ = store.span }
    store.send(0)
    #expect(observer.value == 0)
    store.send(5)
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

  @Test func areEqualComparesEquatableValuesOnly() {
    #expect(areEqual(1, 1) == true)
    #expect(areEqual("a", "b") == false)
    struct Opaque {}
    #expect(areEqual(Opaque(), Opaque()) == nil)
  }

  // MARK: Released scoped stores

  /// How many observers the root store of `store` checks after each action.
  func observerCount<State, Action>(_ store: Store<State, Action>) -> Int {
    let observation = (store.core as! StoreRuntime<State, Action>).observation
    #if DEBUG
    observation._checkInvariants()
    #endif
    return observation.observerCount
  }

  /// The best of three timings of `work` (a loaded machine only ever makes a run slower).
  func bestTime(_ work: () -> Void) -> Duration {
    let clock = ContinuousClock()
    return (0..<3).map { _ in clock.measure(work) }.min()!
  }

  /// Scopes a new store to the child counter, observes its count and its whole state (which the
  /// tests' actions never change), and releases it.
  func observeAndReleaseChild(of store: Store<Form.State, Form.Action>) {
    weak var released: Store<Counter.State, Counter.Action>?
    do {
      let child = store.scope(state: \.child, action: Form.Action.child)
      released = child
      Changes().observe {
        _ = child.count
        _ = child.state
      }
    }
    #expect(released == nil)
  }

  @Test func releasingAScopedStoreRemovesItsObservers() {
    let store = makeStore()
    let before = observerCount(store)
    for _ in 0..<100 { observeAndReleaseChild(of: store) }
    #expect(observerCount(store) == before)
    store.send(.setA(1))
    #expect(observerCount(store) == before)
  }

  @Test func sendsCostTheSameAfterTwoThousandScopedStoresWereReleased() {
    let store = makeStore()
    var a = 0
    func sends() {
      for _ in 0..<2_000 {
        a += 1
        store.send(.setA(a))
      }
    }
    let before = bestTime(sends)
    for _ in 0..<2_000 { observeAndReleaseChild(of: store) }
    let after = bestTime(sends)
    #expect(after / before <= 3, "2,000 sends: \(before) before, \(after) after")
  }

  @Test func releasedPartsAreTakenOnceFromAnyThread() async {
    let released = ReleasedParts()
    #expect(released.take().isEmpty)
    let part = ObservedPart.make(\Int.self, offset: 0, notify: .silent)
    // Appended on another thread, as a store's deinit may be.
    let handed = UncheckedSendable([part])
    await Task.detached { released.append(contentsOf: handed.value) }.value
    #expect(released.take().map(ObjectIdentifier.init) == [ObjectIdentifier(part)])
    #expect(released.take().isEmpty)
    released.append(contentsOf: [])
    #expect(released.take().isEmpty)
  }

  @Test func aReleasedScopedStoreNoLongerKeepsTheValuesItRead() {
    /// Equal by name: a new tag with the same name is an unchanged field.
    final class Tag: Equatable {
      let name: String
      init(_ name: String) { self.name = name }
      static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    }
    struct Child: Equatable { var tag = Tag("a") }
    struct Parent: Equatable { var child = Child() }
    enum ChildAction { case noop }
    enum Action {
      case child(ChildAction)
      case retag
    }
    let store = Store(initialState: Parent()) {
      Reduce<Parent, Action> { state, action in
        if case .retag = action { state.child.tag = Tag("a") }
        return .none
      }
    }
    weak var readTag: Tag?
    do {
      let child = store.scope(state: \.child, action: Action.child)
      let changes = Changes()
      changes.observe { readTag = child.tag }
    }
    #expect(readTag != nil)
    store.send(.retag)
    #expect(readTag == nil)
  }

  @Test func aNewStoreForTheScopeOfAReleasedOneIsNotified() {
    let store = makeStore()
    observeAndReleaseChild(of: store)
    let child = store.scope(state: \.child, action: Form.Action.child)
    let changes = Changes()
    changes.observe { _ = child.count }
    // Only the new store's observer is left.
    #expect(observerCount(store) == 1)
    store.send(.setA(1))
    #expect(changes.value == 0)
    child.send(.increment)
    #expect(changes.value == 1)
    #expect(observerCount(store) == 0)
  }

  @Test func rowStoresMadeAgainThirtyTimesLeaveOnlyTheLiveRowsObservers() {
    let store = makeStore(rows: 200)
    func observeRows() -> [Store<Form.Row, String>] {
      let rows = store.scope(state: \.rows, action: Form.Action.rows)
      for row in rows { Changes().observe { _ = row.title } }
      return rows
    }
    var live = observeRows()
    let liveCount = observerCount(store)
    #expect(liveCount == 200)
    // Every row is written to (with its own title), so every row's observers are checked.
    func renames() { for _ in 0..<50 { store.send(.renameAll("")) } }
    let before = bestTime(renames)
    for _ in 0..<30 {
      live = []
      live = observeRows()
    }
    #expect(observerCount(store) == liveCount)
    let after = bestTime(renames)
    #expect(after / before <= 3, "50 renames of 200 rows: \(before) before, \(after) after")
    #expect(live.count == 200)
  }

  @Test func theStoresOfRowsOfARowStoreLeaveNoObserversWhenReleased() {
    struct Outer: Equatable {
      var lists: IdentifiedArrayOf<List> = [List(id: 0)]
    }
    struct List: Equatable, Identifiable {
      let id: Int
      var rows: IdentifiedArrayOf<Form.Row> = [Form.Row(id: 0), Form.Row(id: 1)]
    }
    enum ListAction { case rows(IdentifiedAction<Int, String>) }
    enum OuterAction { case lists(IdentifiedAction<Int, ListAction>) }
    let store = Store(initialState: Outer()) { EmptyReducer<Outer, OuterAction>() }
    for _ in 0..<10 {
      let list = store.scope(state: \.lists, action: OuterAction.lists)[0]
      for row in list.scope(state: \.rows, action: ListAction.rows) {
        Changes().observe { _ = row.title }
      }
      Changes().observe { _ = list.id }
    }
    #expect(observerCount(store) == 0)
  }
}
