import Foundation
import ReducerKit

/// The leaf feature of the model-based tests: used as a `Scope` child, an `ifLet` child, the rows
/// of a `forEach` and an `ifCaseLet` case. Its `value` folds every `add` in order (`value * 31 +
/// n`), so a lost, duplicated or reordered action shows in the state.
struct ReliabilityLeaf: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var value = 0
    var ticks = 0
  }

  enum Action: Equatable {
    /// Folds `n` into `value`.
    case add(Int)
    /// Folds `1000 + k` into `value`, then sends `chain(k - 1)` while `k > 0` (synchronously).
    case chain(Int)
    /// Sends `add(1)`, `add(2)` (a merge) and `add(3)`, `add(4)` (a concatenation).
    case burst
    /// Starts a one-shot timer (1 s on the clock dependency) that sends `tick`; id "timer",
    /// cancelling the one in flight.
    case startTimer
    /// Cancels the timer.
    case stopTimer
    case tick
    /// Sends `add(n)` back from a `.run` effect that does not wait.
    case echo(Int)
    /// Asks the parent to remove this child (the leaf itself does nothing).
    case close
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let n):
      state.value = state.value &* 31 &+ n
      return .none
    case .chain(let k):
      state.value = state.value &* 31 &+ 1_000 &+ k
      return k > 0 ? .send(.chain(k - 1)) : .none
    case .burst:
      return .merge(
        .send(.add(1)), .send(.add(2)), .concatenate(.send(.add(3)), .send(.add(4))))
    case .startTimer:
      let clock = clock
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
      .cancellable(id: "timer", cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: "timer")
    case .tick:
      state.ticks += 1
      return .none
    case .echo(let n):
      return .run { send in await send(.add(n)) }
    case .close:
      return .none
    }
  }
}

/// Enum state with a leaf in one case: the `ifCaseLet` child of the model-based tests.
struct ReliabilityMode: Reducer {
  enum State: Equatable {
    case idle
    case editing(ReliabilityLeaf.State)

    /// The leaf, while editing (for `store.scope(state: \.editing, …)`).
    var editing: ReliabilityLeaf.State? {
      guard case .editing(let leaf) = self else { return nil }
      return leaf
    }
  }

  enum Action: Equatable {
    /// Leaves the editing case (the reducer that composes the case child removes it).
    case stop
    /// Replaces the leaf with a new instance (id + 1,000,000) that keeps its value.
    case swap
    case editing(ReliabilityLeaf.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .stop, .editing(.close):
        state = .idle
      case .swap:
        if case .editing(let leaf) = state {
          state = .editing(ReliabilityLeaf.State(id: leaf.id + 1_000_000, value: leaf.value))
        }
      case .editing:
        break
      }
      return .none
    }
    .ifCaseLet(State.editing, action: Action.editing) { ReliabilityLeaf() }
  }
}

/// Holds the store a reducer sends to re-entrantly.
@MainActor
final class ReliabilityStoreBox {
  weak var store: Store<ReliabilityRoot.State, ReliabilityRoot.Action>?
}

/// The composite feature of the model-based tests: a `Scope` child (`counter`), an `ifLet` child
/// (`detail`), a `forEach` of rows, an `ifCaseLet` child (inside `mode`, through a `Scope`), a
/// timer of its own under the same id as the children's, and a sibling reducer that removes
/// children it does not compose.
struct ReliabilityRoot: Reducer {
  struct State: Equatable {
    var value = 0
    var ticks = 0
    var nextID = 1
    var counter = ReliabilityLeaf.State(id: 0)
    var detail: ReliabilityLeaf.State?
    var rows: IdentifiedArrayOf<ReliabilityLeaf.State> = []
    var mode = ReliabilityMode.State.idle
  }

  enum Action: Equatable {
    case add(Int)
    case chain(Int)
    case startTimer
    case stopTimer
    case tick
    case presentDetail
    case dismissDetail
    case addRow
    case removeRow(Int)
    case removeAllRows
    case startEditing
    case resetMode
    /// Sends `add(n)` to the root and every child present, in order.
    case broadcast(Int)
    /// Sends `chain(3)` to the first row and then `counter(.close)`, which makes the sibling
    /// reducer remove that row while its chain is still queued.
    case chainThenRemove
    /// Sends `add(n)` to the store re-entrantly and returns `.send(.add(n + 1))`.
    case reenter(Int)
    case counter(ReliabilityLeaf.Action)
    case detail(ReliabilityLeaf.Action)
    case rows(IdentifiedActionOf<ReliabilityLeaf>)
    case mode(ReliabilityMode.Action)
  }

  let box: ReliabilityStoreBox

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: Action.counter) { ReliabilityLeaf() }
    Scope(state: \.mode, action: Action.mode) { ReliabilityMode() }
    Reduce { state, action in core(&state, action) }
      .ifLet(\.detail, action: Action.detail) { ReliabilityLeaf() }
      .forEach(\.rows, action: Action.rows) { ReliabilityLeaf() }
    // A sibling: removes children that the reducers above compose.
    Reduce { state, action in
      if case .counter(.close) = action {
        if let first = state.rows.first { state.rows.remove(id: first.id) }
        state.detail = nil
      }
      return .none
    }
  }

  private func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .add(let n):
      state.value = state.value &* 31 &+ n
    case .chain(let k):
      state.value = state.value &* 31 &+ 1_000 &+ k
      return k > 0 ? .send(.chain(k - 1)) : .none
    case .startTimer:
      let clock = clock
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
      .cancellable(id: "timer", cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: "timer")
    case .tick:
      state.ticks += 1
    case .presentDetail:
      state.detail = ReliabilityLeaf.State(id: state.nextID)
      state.nextID += 1
    case .dismissDetail, .detail(.close):
      state.detail = nil
    case .addRow:
      state.rows.append(ReliabilityLeaf.State(id: state.nextID))
      state.nextID += 1
    case .removeRow(let id), .rows(.element(let id, .close)):
      state.rows.remove(id: id)
    case .removeAllRows:
      state.rows = []
    case .startEditing:
      state.mode = .editing(ReliabilityLeaf.State(id: state.nextID))
      state.nextID += 1
    case .resetMode:
      state.mode = .idle
    case .broadcast(let n):
      var effects: [Effect<Action>] = [.send(.add(n)), .send(.counter(.add(n)))]
      if state.detail != nil { effects.append(.send(.detail(.add(n)))) }
      for row in state.rows { effects.append(.send(.rows(.element(id: row.id, action: .add(n))))) }
      if state.mode.editing != nil { effects.append(.send(.mode(.editing(.add(n))))) }
      return .merge(effects)
    case .chainThenRemove:
      guard let first = state.rows.first else { return .none }
      return .merge(
        .send(.rows(.element(id: first.id, action: .chain(3)))), .send(.counter(.close)))
    case .reenter(let n):
      MainActor.assumeIsolated { _ = box.store?.send(.add(n)) }
      return .send(.add(n + 1))
    case .counter, .detail, .rows, .mode:
      break
    }
    return .none
  }
}

/// The plain-Swift model of ``ReliabilityRoot``: the same state, changed by a fold written
/// without any ReducerKit type (no reducer, no effect, no store), with the effects the store
/// would run written out by hand — a FIFO queue for the actions sent synchronously, a set for the
/// timers running, a count of the actions ignored because their child is gone.
struct ReliabilityModel {
  /// A running timer, by the feature instance that started it.
  enum Timer: Hashable {
    case root, counter
    case detail(Int), row(Int), mode(Int)
  }

  typealias Action = ReliabilityRoot.Action
  typealias LeafAction = ReliabilityLeaf.Action

  var state = ReliabilityRoot.State()
  var timers: Set<Timer> = []
  /// Actions for a child that was not there (each one a runtime warning of the store).
  var ignored = 0

  private var queue: [Action] = []
  /// Actions that `.run` effects send back without waiting: reduced after the queue is empty
  /// (the tests wait for the effect before their next step).
  private var sentBack: [Action] = []

  /// What the store does for `store.send(action)`, until every effect it started that does not
  /// wait has sent its action back.
  mutating func send(_ action: Action) {
    drain(action)
    while !sentBack.isEmpty { drain(sentBack.removeFirst()) }
  }

  /// What the store does for `store.send(action).cancel()` right after it, for an action that
  /// starts a timer: the timer it starts is cancelled.
  mutating func sendAndCancel(_ action: Action) {
    send(action)
    switch action {
    case .startTimer: timers.remove(.root)
    case .counter(.startTimer): timers.remove(.counter)
    case .detail(.startTimer): if let id = state.detail?.id { timers.remove(.detail(id)) }
    case .rows(.element(let id, .startTimer)): timers.remove(.row(id))
    case .mode(.editing(.startTimer)):
      if let id = state.mode.editing?.id { timers.remove(.mode(id)) }
    default: break
    }
  }

  /// What every running timer does once the clock passes its deadline: one `tick`, and it ends.
  mutating func fireTimers() {
    for timer in timers {
      switch timer {
      case .root: state.ticks += 1
      case .counter: state.counter.ticks += 1
      case .detail: state.detail!.ticks += 1
      case .row(let id): state.rows[id: id]!.ticks += 1
      case .mode:
        if case .editing(var leaf) = state.mode {
          leaf.ticks += 1
          state.mode = .editing(leaf)
        }
      }
    }
    timers = []
  }

  private mutating func drain(_ action: Action) {
    queue = [action]
    var next = 0
    while next < queue.count {
      reduce(queue[next])
      next += 1
      // After every action, the timers of children that went away (whoever removed them) end.
      timers = timers.filter(isPresent)
    }
    queue = []
  }

  private func isPresent(_ timer: Timer) -> Bool {
    switch timer {
    case .root, .counter: return true
    case .detail(let id): return state.detail?.id == id
    case .row(let id): return state.rows[id: id] != nil
    case .mode(let id): return state.mode.editing?.id == id
    }
  }

  /// What a leaf does, written out: its follow-up actions in order, a timer started (`true`) or
  /// cancelled (`false`), and a value sent back by an effect.
  private struct LeafOutcome {
    var sends: [LeafAction] = []
    var timer: Bool?
    var echo: Int?
  }

  private static func reduceLeaf(
    _ leaf: inout ReliabilityLeaf.State, _ action: LeafAction
  ) -> LeafOutcome {
    var outcome = LeafOutcome()
    switch action {
    case .add(let n): leaf.value = leaf.value &* 31 &+ n
    case .chain(let k):
      leaf.value = leaf.value &* 31 &+ 1_000 &+ k
      if k > 0 { outcome.sends = [.chain(k - 1)] }
    case .burst: outcome.sends = [.add(1), .add(2), .add(3), .add(4)]
    case .startTimer: outcome.timer = true
    case .stopTimer: outcome.timer = false
    case .tick: leaf.ticks += 1
    case .echo(let n): outcome.echo = n
    case .close: break
    }
    return outcome
  }

  private mutating func apply(
    _ outcome: LeafOutcome, timer: Timer, embed: (LeafAction) -> Action
  ) {
    queue += outcome.sends.map(embed)
    switch outcome.timer {
    case true?: timers.insert(timer)
    case false?: timers.remove(timer)
    case nil: break
    }
    if let n = outcome.echo { sentBack.append(embed(.add(n))) }
  }

  private mutating func reduce(_ action: Action) {
    switch action {
    case .add(let n): state.value = state.value &* 31 &+ n
    case .chain(let k):
      state.value = state.value &* 31 &+ 1_000 &+ k
      if k > 0 { queue.append(.chain(k - 1)) }
    case .startTimer: timers.insert(.root)
    case .stopTimer: timers.remove(.root)
    case .tick: state.ticks += 1
    case .presentDetail:
      state.detail = ReliabilityLeaf.State(id: state.nextID)
      state.nextID += 1
    case .dismissDetail: state.detail = nil
    case .addRow:
      state.rows.append(ReliabilityLeaf.State(id: state.nextID))
      state.nextID += 1
    case .removeRow(let id): state.rows.remove(id: id)
    case .removeAllRows: state.rows = []
    case .startEditing:
      state.mode = .editing(ReliabilityLeaf.State(id: state.nextID))
      state.nextID += 1
    case .resetMode: state.mode = .idle
    case .broadcast(let n):
      queue.append(.add(n))
      queue.append(.counter(.add(n)))
      if state.detail != nil { queue.append(.detail(.add(n))) }
      for row in state.rows { queue.append(.rows(.element(id: row.id, action: .add(n)))) }
      if state.mode.editing != nil { queue.append(.mode(.editing(.add(n)))) }
    case .chainThenRemove:
      if let first = state.rows.first {
        queue.append(.rows(.element(id: first.id, action: .chain(3))))
        queue.append(.counter(.close))
      }
    case .reenter(let n):
      // The re-entrant send is queued during the reduce, the `.send` effect after it.
      queue.append(.add(n))
      queue.append(.add(n + 1))
    case .counter(let leafAction):
      let outcome = Self.reduceLeaf(&state.counter, leafAction)
      apply(outcome, timer: .counter, embed: Action.counter)
      if leafAction == .close {
        if let first = state.rows.first { state.rows.remove(id: first.id) }
        state.detail = nil
      }
    case .detail(let leafAction):
      guard let id = state.detail?.id else {
        ignored += 1
        return
      }
      let outcome = Self.reduceLeaf(&state.detail!, leafAction)
      apply(outcome, timer: .detail(id), embed: Action.detail)
      if leafAction == .close { state.detail = nil }
    case .rows(.element(let id, let leafAction)):
      guard state.rows[id: id] != nil else {
        ignored += 1
        return
      }
      let outcome = Self.reduceLeaf(&state.rows[id: id]!, leafAction)
      apply(outcome, timer: .row(id)) { .rows(.element(id: id, action: $0)) }
      if leafAction == .close { state.rows.remove(id: id) }
    case .mode(.stop): state.mode = .idle
    case .mode(.swap):
      if case .editing(let leaf) = state.mode {
        state.mode = .editing(ReliabilityLeaf.State(id: leaf.id + 1_000_000, value: leaf.value))
      }
    case .mode(.editing(let leafAction)):
      guard case .editing(var leaf) = state.mode else {
        ignored += 1
        return
      }
      let outcome = Self.reduceLeaf(&leaf, leafAction)
      state.mode = .editing(leaf)
      apply(outcome, timer: .mode(leaf.id)) { .mode(.editing($0)) }
      if leafAction == .close { state.mode = .idle }
    }
  }
}
