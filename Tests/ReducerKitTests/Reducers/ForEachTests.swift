import Foundation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@MainActor
@Suite struct ForEachTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
    }
    enum Action: Equatable { case startTimer, stopTimer, tick }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { send in
          try await Task.sleep(for: .seconds(60))
          await send(.tick)
        }
        .cancellable(id: "timer")
      case .stopTimer:
        return .cancel(id: "timer")
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
      var log: [String] = []
    }
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Row>)
      case remove(Int)
      case replace(Int, with: Int)
      case reload([Int])
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .rows(.element(let id, _)):
          state.log.append("parent saw row \(id) with \(state.rows[id: id]?.ticks ?? -1) ticks")
        case .remove(let id):
          state.rows.remove(id: id)
        case .replace(let id, let newID):
          state.rows.remove(id: id)
          state.rows.append(Row.State(id: newID))
        case .reload(let ids):
          state.rows = IdentifiedArray(uniqueElements: ids.map { Row.State(id: $0) })
        }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Row() }
    }
  }

  func makeStore(rows: Int = 3) -> Store<List.State, List.Action> {
    Store(
      initialState: List.State(
        rows: IdentifiedArray(uniqueElements: (1...rows).map { Row.State(id: $0) }))
    ) { List() }
  }

  @Test func routesAnActionToItsElementBeforeTheParent() {
    let store = makeStore()
    store.send(.rows(.element(id: 2, action: .tick)))
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(store.state.rows[id: 1]?.ticks == 0)
    #expect(store.state.log == ["parent saw row 2 with 1 ticks"])
  }

  @Test func routingRunsOnlyTheAddressedElement() {
    final class Calls: @unchecked Sendable { var count = 0 }
    let calls = Calls()
    struct Counted: Reducer {
      let calls: Calls
      func reduce(into state: inout Row.State, action: Row.Action) -> Effect<Row.Action> {
        calls.count += 1
        state.ticks += 1
        return .none
      }
    }
    let reducer = EmptyReducer<List.State, List.Action>()
      .forEach(\.rows, action: List.Action.rows) { Counted(calls: calls) }
    var state = List.State(
      rows: IdentifiedArray(uniqueElements: (1...10_000).map { Row.State(id: $0) }))
    _ = reducer.reduce(into: &state, action: .rows(.element(id: 7_777, action: .tick)))
    #expect(calls.count == 1)
    #expect(state.rows[id: 7_777]?.ticks == 1)
  }

  /// A list whose rows are reached through a computed property: no stored offset, so `forEach`
  /// goes through the key path.
  struct Wrapped: Reducer {
    struct State: Equatable {
      var box: [IdentifiedArrayOf<Row.State>] = [[Row.State(id: 1), Row.State(id: 2)]]
      var rows: IdentifiedArrayOf<Row.State> {
        get { box[0] }
        set { box[0] = newValue }
      }
    }
    enum Action: Equatable { case rows(IdentifiedActionOf<Row>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.rows, action: Action.rows) { Row() }
    }
  }

  @Test func rowsBehindAComputedPropertyAreReducedThroughTheKeyPath() {
    #expect(MemoryLayout<Wrapped.State>.offset(of: \Wrapped.State.rows) == nil)
    let store = Store(initialState: Wrapped.State()) { Wrapped() }
    store.send(.rows(.element(id: 2, action: .tick)))
    #expect(store.state.box[0].map(\.ticks) == [0, 1])
  }

  /// Rows that are features with a `body` (a `Scope` and their own `Reduce`), under a list whose
  /// `body` holds the `forEach` and a sibling reducer: the composition apps write. In a release
  /// build the element's levels run as direct calls inside the `forEach` level.
  struct CounterRow: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var counter = Counter.State()
      var actions = 0
    }
    enum Action: Equatable { case counter(Counter.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Reduce { state, _ in
        state.actions += 1
        return .none
      }
    }
  }

  struct CounterRows: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<CounterRow.State> = []
      var seen = 0
    }
    enum Action: Equatable { case rows(IdentifiedActionOf<CounterRow>) }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.seen += 1
        return .none
      }
      .forEach(\.rows, action: Action.rows) { CounterRow() }
      Reduce { state, _ in
        state.seen += 10
        return .none
      }
    }
  }

  @Test func rowsThatAreFeaturesWithBodiesRunInPlace() {
    let recorder = WarningRecorder(matching: "forEach")
    let store = Store(
      initialState: CounterRows.State(
        rows: IdentifiedArray(uniqueElements: (1...3).map { CounterRow.State(id: $0) }))
    ) { CounterRows() }
    store.send(.rows(.element(id: 2, action: .counter(.increment))))
    store.send(.rows(.element(id: 2, action: .counter(.set(5)))))
    store.send(.rows(.element(id: 3, action: .counter(.decrement))))
    #expect(store.state.rows.map(\.counter.count) == [0, 5, -1])
    #expect(store.state.rows.map(\.actions) == [0, 2, 1])
    #expect(store.state.seen == 33)
    // An action for a row that is not there: a warning, and only the parents' reducers run.
    store.send(.rows(.element(id: 9, action: .counter(.increment))))
    #expect(recorder.messages.count == 1)
    #expect(store.state.rows.map(\.counter.count) == [0, 5, -1])
    #expect(store.state.seen == 44)
  }

  @Test func rowStoresOfFeaturesWithBodiesSendThroughTheirRows() {
    // As a list view holds them: one store per row.
    let store = Store(
      initialState: CounterRows.State(
        rows: IdentifiedArray(uniqueElements: (1...3).map { CounterRow.State(id: $0) }))
    ) { CounterRows() }
    let rows = store.scope(state: \.rows, action: CounterRows.Action.rows)
    #expect(rows.count == 3)
    rows[1].send(.counter(.increment))
    rows[1].send(.counter(.increment))
    rows[2].send(.counter(.set(4)))
    #expect(rows[1].counter.count == 2)
    #expect(rows[1].actions == 2)
    #expect(store.state.rows.map(\.counter.count) == [0, 2, 4])
    #expect(store.state.seen == 33)
  }

  @Test func anActionForAMissingIDWarnsAndChangesNothing() {
    let recorder = WarningRecorder(matching: "forEach")
    let store = makeStore()
    let before = store.state
    store.send(.rows(.element(id: 99, action: .tick)))
    #expect(store.state.rows == before.rows)
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("99") == true)
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let store = makeStore()
    let one = store.send(.rows(.element(id: 1, action: .startTimer)))
    let two = store.send(.rows(.element(id: 2, action: .startTimer)))
    store.send(.remove(1))
    #expect(one.isCancelled)
    #expect(!two.isCancelled)
    await one.finish()
    two.cancel()
    await two.finish()
  }

  @Test func replacingAnElementWithoutChangingTheCountCancelsTheRemovedOnesEffects() async {
    let store = makeStore()
    let one = store.send(.rows(.element(id: 1, action: .startTimer)))
    store.send(.replace(1, with: 4))
    #expect(one.isCancelled)
    await one.finish()
  }

  @Test func replacingTheWholeArrayCancelsTheEffectsOfElementsNoLongerInIt() async {
    // Both arrays are built the same way: their versions must still differ.
    let store = makeStore()
    let one = store.send(.rows(.element(id: 1, action: .startTimer)))
    let two = store.send(.rows(.element(id: 2, action: .startTimer)))
    store.send(.reload([2, 3, 4]))
    #expect(one.isCancelled)
    #expect(!two.isCancelled)
    await one.finish()
    two.cancel()
    await two.finish()
  }

  @Test func elementsUsingTheSameIDDoNotCancelEachOther() async {
    let store = makeStore()
    let one = store.send(.rows(.element(id: 1, action: .startTimer)))
    let two = store.send(.rows(.element(id: 2, action: .startTimer)))
    store.send(.rows(.element(id: 1, action: .stopTimer)))
    #expect(one.isCancelled)
    #expect(!two.isCancelled)
    two.cancel()
    await two.finish()
  }

  @Test func elementEffectsFeedBackToTheirElement() async {
    struct Quick: Reducer {
      func reduce(into state: inout Row.State, action: Row.Action) -> Effect<Row.Action> {
        switch action {
        case .startTimer: return .run { send in await send(.tick) }
        case .tick: state.ticks += 1
        case .stopTimer: break
        }
        return .none
      }
    }
    let store = Store(
      initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) {
      EmptyReducer<List.State, List.Action>()
        .forEach(\.rows, action: List.Action.rows) { Quick() }
    }
    await store.send(.rows(.element(id: 2, action: .startTimer))).finish()
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(store.state.rows[id: 1]?.ticks == 0)
  }

  @Test func acceptsACasePath() {
    let reducer = EmptyReducer<List.State, List.Action>()
      .forEach(\.rows, action: CasePath(List.Action.rows)) { Row() }
    var state = List.State(rows: [Row.State(id: 1)])
    _ = reducer.reduce(into: &state, action: .rows(.element(id: 1, action: .tick)))
    #expect(state.rows[id: 1]?.ticks == 1)
  }

  @Test func twoCasesOfTheSameRowActionTypeReachTheirOwnRows() {
    // The payload type is shared, so neither case has a direct route: each runs through the
    // full case selection, and reaches only its own collection.
    struct Lists: Reducer {
      struct State: Equatable {
        var open: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)]
        var archived: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)]
      }
      enum Action: Equatable {
        case open(IdentifiedActionOf<Row>)
        case archived(IdentifiedActionOf<Row>)
      }
      var body: some ReducerOf<Self> {
        EmptyReducer()
          .forEach(\.open, action: Action.open) { Row() }
          .forEach(\.archived, action: Action.archived) { Row() }
      }
    }
    let open = EmptyReducer<Lists.State, Lists.Action>()
      .forEach(\.open, action: Lists.Action.open) { Row() }
    #expect(takesDirectRoute(open) == false)
    let single = EmptyReducer<List.State, List.Action>()
      .forEach(\.rows, action: List.Action.rows) { Row() }
    #expect(takesDirectRoute(single) == true)
    var state = Lists.State()
    _ = Lists().reduce(into: &state, action: .archived(.element(id: 1, action: .tick)))
    #expect(state.archived[id: 1]?.ticks == 1)
    #expect(state.open[id: 1]?.ticks == 0)
    _ = Lists().reduce(into: &state, action: .open(.element(id: 1, action: .tick)))
    _ = Lists().reduce(into: &state, action: .open(.element(id: 1, action: .tick)))
    #expect(state.open[id: 1]?.ticks == 2)
    #expect(state.archived[id: 1]?.ticks == 1)
  }

  @Test func aCasePathOfClosuresOverAStructActionReachesTheRows() {
    // Not an enum: no case to test by its tag, so the level takes the closures' route.
    struct Envelope { var rows: IdentifiedActionOf<Row>? }
    let path = CasePath<Envelope, IdentifiedActionOf<Row>>(
      embed: { Envelope(rows: $0) }, extract: { $0.rows })
    let reducer = EmptyReducer<List.State, Envelope>()
      .forEach(\.rows, action: path) { Row() }
    var state = List.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    _ = reducer.reduce(into: &state, action: Envelope(rows: .element(id: 2, action: .tick)))
    _ = reducer.reduce(into: &state, action: Envelope(rows: nil))
    #expect(state.rows[id: 2]?.ticks == 1)
    #expect(state.rows[id: 1]?.ticks == 0)
  }

  @Test func rowStoresAreCachedByIDAndStayInSync() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: List.Action.rows)
    #expect(rows.count == 3)
    #expect(rows.map(\.state.id) == [1, 2, 3])
    rows[1].send(.tick)
    #expect(store.state.rows[id: 2]?.ticks == 1)
    #expect(rows[1].ticks == 1)
    store.send(.remove(1))
    let after = store.scope(state: \.rows, action: CasePath(List.Action.rows))
    #expect(after.count == 2)
    #expect(after[0] === rows[1])
    #expect(after[1] === rows[2])
  }

  @Test func aRemovedRowStoreIgnoresActionsWithAWarning() {
    let recorder = WarningRecorder(matching: "no longer present")
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: List.Action.rows)
    store.send(.remove(3))
    rows[2].send(.tick)
    #expect(recorder.messages.count == 1)
    #expect(store.state.rows.count == 2)
  }

  // MARK: Row removal by any route (issue 11, bug 1)

  struct Tickers: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Ticker.State> = [Ticker.State(id: 1), Ticker.State(id: 2)]
    }
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Ticker>)
      case removeFromWrappedReducer(Int)
      case removeFromSibling(Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeFromWrappedReducer(let id) = action { state.rows.remove(id: id) }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Ticker() }
      Reduce { state, action in
        if case .removeFromSibling(let id) = action { state.rows.remove(id: id) }
        return .none
      }
    }
  }

  struct Screen: Reducer {
    struct State: Equatable { var list = Tickers.State() }
    enum Action: Equatable {
      case list(Tickers.Action)
      case removeFromParent(Int)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.list, action: Action.list) { Tickers() }
      Reduce { state, action in
        if case .removeFromParent(let id) = action { state.list.rows.remove(id: id) }
        return .none
      }
    }
  }

  /// Starts both rows' tickers, removes row 1 with `removal`, then checks that only row 2 keeps
  /// ticking and that nothing of row 1 is left running.
  func removeTheFirstRow(with removal: Screen.Action) async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.State()) {
      Screen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.list(.rows(.element(id: 1, action: .start))))
    let second = await store.send(.list(.rows(.element(id: 2, action: .start))))
    await store.send(removal) { _ = $0.list.rows.remove(id: 1) }
    for tick in 1...3 {
      await clock.advance(by: .seconds(1))
      await store.receive(.list(.rows(.element(id: 2, action: .tick)))) {
        $0.list.rows[id: 2]?.ticks = tick
      }
    }
    await second.cancel()
    await store.finish()
  }

  @Test func removalByTheWrappedReducerCancelsTheRowsEffects() async {
    await removeTheFirstRow(with: .list(.removeFromWrappedReducer(1)))
  }

  @Test func removalByASiblingReducerCancelsTheRowsEffects() async {
    await removeTheFirstRow(with: .list(.removeFromSibling(1)))
  }

  @Test func removalByAParentAboveCancelsTheRowsEffects() async {
    await removeTheFirstRow(with: .removeFromParent(1))
  }

  @Test func aRowsNestedChildStopsWhenTheRowIsRemoved() async {
    struct Row: Reducer {
      struct State: Equatable, Identifiable {
        let id: Int
        var ticker: Ticker.State? = Ticker.State()
      }
      enum Action: Equatable { case ticker(Ticker.Action) }
      var body: some ReducerOf<Self> {
        EmptyReducer().ifLet(\.ticker, action: Action.ticker) { Ticker() }
      }
    }
    struct List: Reducer {
      struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)] }
      enum Action: Equatable {
        case rows(IdentifiedActionOf<Row>)
        case clear
      }
      var body: some ReducerOf<Self> {
        EmptyReducer().forEach(\.rows, action: Action.rows) { Row() }
        Reduce { state, action in
          if action == .clear { state.rows = [] }
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = TestStore(initialState: List.State()) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .ticker(.start))))
    await store.send(.clear) { $0.rows = [] }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}

/// Adding and removing rows costs the same whether the other rows run effects (issue 12, item 5).
@MainActor
@Suite struct ForEachScaleTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable { let id: Int }
    enum Action: Equatable { case start }
    /// How many rows' effects have begun running.
    let started: Locked<Int>
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .run { [started] _ in
        started.withLock { $0 += 1 }
        try await Task.never()
      }
    }
  }
  struct List: Reducer {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
    let started: Locked<Int>
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Row>)
      case add(Int)
      case remove(Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .add(let id): state.rows.append(Row.State(id: id))
        case .remove(let id): state.rows.remove(id: id)
        case .rows: break
        }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Row(started: started) }
    }
  }

  /// The time 300 row insertions and removals take in a list of `rows` rows, the first
  /// `running` of which run an effect (at least the 150 rows removed, so that both workloads
  /// cancel the same effects).
  func timeRowChanges(rows: Int, running: Int) async -> Duration {
    precondition(running >= 150 && running <= rows)
    let started = Locked(0)
    let store = Store(
      initialState: List.State(
        rows: IdentifiedArray(uniqueElements: (0..<rows).map(Row.State.init)))
    ) { List(started: started) }
    let tasks = (0..<running).map { id in store.send(.rows(.element(id: id, action: .start))) }
    // Every effect waiting before the clock starts: tasks still starting on the other core
    // would slow only the workload with more of them.
    #expect(await poll { started.withLock { $0 } == running })
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for step in 0..<150 {
        store.send(.add(rows + step))
        store.send(.remove(step))
      }
    }
    // The removed rows' effects were cancelled; the others still run.
    let removedCancelled = tasks.prefix(150).allSatisfy { $0.isCancelled }
    let othersRunning = tasks.suffix(from: 150).allSatisfy { !$0.isCancelled }
    #expect(removedCancelled)
    #expect(othersRunning)
    for task in tasks { task.cancel() }
    for task in tasks { await task.finish() }
    return elapsed
  }

  @Test func rowChangesCostTheSameWithRunningEffects() async {
    // Warm up once, then compare the same changes (the same 150 removals, each cancelling its
    // row's effect) among 2,000 rows with 150 or with all 2,000 running effects (while the
    // changes run, about 75 against 1,925): a change that cost something per running effect
    // would take about 25 times as long. The fastest of five turns each, so that a moment when
    // the parallel tests (or another build) hold both cores does not decide it.
    _ = await timeRowChanges(rows: 200, running: 200)
    var few = Duration.seconds(3_600)
    var many = Duration.seconds(3_600)
    for _ in 0..<5 {
      few = min(few, await timeRowChanges(rows: 2_000, running: 150))
      many = min(many, await timeRowChanges(rows: 2_000, running: 2_000))
    }
    #expect(many < few * 3, "150 running: \(few), 2,000 running: \(many)")
  }
}

extension ForEachTests {
  // MARK: An element reducer that changes its element's id (issue 12)

  struct Renamer: Reducer {
    struct Element: Identifiable, Equatable {
      var id: Int
      var value = 0
    }
    struct State {
      var rows: IdentifiedArrayOf<Element> = [Element(id: 1), Element(id: 2), Element(id: 3)]
    }
    enum Action {
      case rows(IdentifiedAction<Int, ElementAction>)
    }
    enum ElementAction { case renameTo(Int), wait }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.rows, action: Action.rows) {
          Reduce<Element, ElementAction> { element, action in
            switch action {
            case .renameTo(let id):
              element.id = id
              element.value += 1
              return .none
            case .wait:
              return .run { _ in try await Task.sleep(for: .seconds(60)) }
            }
          }
        }
    }
  }

  @Test func anElementReducerChangingItsIDRekeysTheElementWithAWarning() async {
    let recorder = WarningRecorder(matching: "from 2 to 20")
    let store = Store(initialState: Renamer.State()) { Renamer() }
    let waiting = store.send(.rows(.element(id: 2, action: .wait)))
    store.send(.rows(.element(id: 2, action: .renameTo(20))))
    #expect(store.rows.ids.elementsEqual([1, 20, 3]))
    #expect(store.rows[id: 20]?.value == 1)
    #expect(store.rows[id: 2] == nil)
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("kept under its new id") == true)
    // The effect it started under its old id is cancelled, as for a removed element.
    await waiting.finish()
    #expect(waiting.isCancelled)
    // The array still works under the new id.
    store.send(.rows(.element(id: 20, action: .renameTo(20))))
    #expect(store.rows[id: 20]?.value == 2)
  }

  @Test func anElementReducerChangingItsIDToATakenOneRemovesItWithAWarning() {
    let recorder = WarningRecorder(matching: "from 1 to 3")
    let store = Store(initialState: Renamer.State()) { Renamer() }
    store.send(.rows(.element(id: 1, action: .renameTo(3))))
    #expect(store.rows.ids.elementsEqual([2, 3]))
    #expect(store.rows[id: 3] == Renamer.Element(id: 3))
    #expect(store.rows.index(id: 2) == 0)
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("It was removed") == true)
  }
}
