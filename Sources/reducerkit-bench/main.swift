import Observation
import ReducerKit
import ReducerKitTesting

// `swift run -c release reducerkit-bench [--quick] [--json]`
// One line per case: name, ns per operation (median of several rounds), ratio to its baseline
// and to its hand-written twin, both measured in the same run.

let arguments = CommandLine.arguments.dropFirst()
let harness = Harness(
  isQuick: arguments.contains("--quick"), printsJSON: arguments.contains("--json"))
if let index = arguments.firstIndex(of: "--filter"),
  arguments.index(after: index) < arguments.endIndex
{
  harness.filter = arguments[arguments.index(after: index)]
}
let scale = harness.isQuick ? 10 : 1

@MainActor
func runBenchmarks() async {
  harness.printHeader()
  let sends = 1_000_000 / scale

  // The send cases below, from raw.reduce to send.foreach.100000, take turns round by round
  // (see `Harness.measureInterleaved`): six of the target ratios compare two of them, and
  // one case after the other they landed in different stretches of this host's speed (in two
  // of five full runs, send.scope.depth10 read 35.7 and 37.1 ns where the other three read
  // 25.9-26.0, and the depth ratio 2.97x in one; with the forEach cases taking turns only among
  // themselves, send.foreach.10 read 36.7-39.0 ns in three of five runs and 22.8-24.3 in the
  // other two, against a send.none timed in another stretch).
  var sendCases: [Harness.InterleavedCase] = []
  // raw.reduce: the counter reducer called by hand, one real call per action (`reduceByHand`),
  // as the hand-written twins are: inlined, the optimizer folds the whole loop into a constant,
  // since `Effect.none` is inlinable.
  sendCases.append(
    .whole("raw.reduce", operations: sends) {
      var state = BenchCounter.State()
      for index in 0..<sends {
        reduceByHand(&state, index & 1 == 0 ? .increment : .decrement)
      }
      precondition(state.count == 0)
      sink(state)
    })

  // minimal.dispatch: what a user would write instead of a library.
  sendCases.append(
    .whole("minimal.dispatch", baseline: "raw.reduce", operations: sends) {
      let store = MinimalStore<BenchCounter.State, BenchCounter.Action>(
        state: BenchCounter.State(),
        reducer: { state, action in _ = BenchCounter().reduce(into: &state, action: action) },
        middleware: [{ blackHole($0) }])
      for index in 0..<sends { store.dispatch(index & 1 == 0 ? .increment : .decrement) }
      blackHole(store.state)
    })

  // send.none: Store.send of an action whose reducer returns .none.
  do {
    let store = Store(initialState: BenchCounter.State()) { BenchCounter() }
    sendCases.append(
      .whole("send.none", baseline: "minimal.dispatch", operations: sends) {
        for index in 0..<sends { store.send(index & 1 == 0 ? .increment : .decrement) }
        blackHole(store.withState(\.count))
      })
  }

  // send.scope.depth1 / depth5 / depth10: a leaf action through nested Scopes, sent to the root.
  // Each has its hand-written twin, handwritten.scope.depth1 / 5 / 10, measured in the same turns: the
  // same nesting of plain structs and enums, one switch-based function a level (Handwritten.swift).
  // The twin checks its result and hands it to `sink`, so the optimizer must do every mutation.
  // The levels are concrete features (ConcreteLevels.swift), as an app's are.
  let scopedSends = 200_000 / scale
  sendCases.append(
    .whole("handwritten.scope.depth1", operations: scopedSends) {
      var state = HandwrittenLevel1()
      for _ in 0..<scopedSends { sendHandwrittenDepth1(&state, .child(.increment)) }
      precondition(state.child.count == scopedSends)
      sink(state)
    })
  do {
    let store = Store(initialState: BenchLevel1.State()) { BenchLevel1() }
    sendCases.append(
      .whole(
        "send.scope.depth1", baseline: "send.none", twin: "handwritten.scope.depth1",
        operations: scopedSends
      ) {
        for _ in 0..<scopedSends { store.send(.child(.increment)) }
        blackHole(store.withState(\.child.count))
      })
  }
  sendCases.append(
    .whole("handwritten.scope.depth5", operations: scopedSends) {
      var state = HandwrittenLevel5()
      for _ in 0..<scopedSends {
        sendHandwrittenDepth5(&state, .child(.child(.child(.child(.child(.increment))))))
      }
      precondition(state.child.child.child.child.child.count == scopedSends)
      sink(state)
    })
  do {
    let store = Store(initialState: BenchLevel5.State()) { BenchLevel5() }
    let leaf: BenchLevel5.Action = .child(.child(.child(.child(.child(.increment)))))
    sendCases.append(
      .whole(
        "send.scope.depth5", baseline: "send.scope.depth1", twin: "handwritten.scope.depth5",
        operations: scopedSends
      ) {
        for _ in 0..<scopedSends { store.send(leaf) }
        blackHole(store.withState(\.child.other))
      })
  }
  let leaf: BenchLevel10.Action = .child(
    .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
  let handwrittenLeaf: HandwrittenLevel10Action = .child(
    .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
  sendCases.append(
    .whole("handwritten.scope.depth10", operations: scopedSends) {
      var state = HandwrittenLevel10()
      for _ in 0..<scopedSends { sendHandwrittenDepth10(&state, handwrittenLeaf) }
      precondition(
        state.child.child.child.child.child.child.child.child.child.child.count == scopedSends)
      sink(state)
    })
  // handwritten.embedded.depth10: the same hand-written feature, with the leaf action embedded on
  // its way up by ten function values composed at run time (the twin of send.childstore.depth10:
  // what any code handed `Action.child` as a function does, with no ReducerKit).
  do {
    let root = HandwrittenRoot10()
    let up0 = handwrittenWayUp(to: root)
    sendCases.append(
      .whole(
        "handwritten.embedded.depth10", baseline: "handwritten.scope.depth10",
        operations: scopedSends
      ) {
        for _ in 0..<scopedSends { up0(.increment) }
        sink(root.state)
      })
  }
  let depth10Store = Store(initialState: BenchLevel10.State()) { BenchLevel10() }
  sendCases.append(
    .whole(
      "send.scope.depth10", baseline: "send.scope.depth1", twin: "handwritten.scope.depth10",
      operations: scopedSends
    ) {
      for _ in 0..<scopedSends { depth10Store.send(leaf) }
      blackHole(depth10Store.withState(\.child.other))
    })

  // send.scope.generic.depth10: the same ten levels built from the generic `Nest`, whose
  // composition code runs unspecialized (a generic feature's `body` is compiled once for all its
  // type arguments): what nesting costs when the compiler cannot specialize it.
  do {
    typealias Generic10 = Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<Nest<BenchCounter>>>>>>>>>>
    let reducer = Generic10(
      inner: Nest(
        inner: Nest(
          inner: Nest(
            inner: Nest(
              inner: Nest(
                inner: Nest(
                  inner: Nest(
                    inner: Nest(inner: Nest(inner: BenchCounter()))))))))))
    let state = Generic10.State(
      child: .init(
        child: .init(
          child: .init(
            child: .init(
              child: .init(
                child: .init(
                  child: .init(
                    child: .init(child: .init(child: BenchCounter.State()))))))))))
    let genericLeaf: Generic10.Action = .child(
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
    let store = Store(initialState: state) { reducer }
    sendCases.append(
      .whole(
        "send.scope.generic.depth10", baseline: "send.scope.depth10",
        twin: "handwritten.scope.depth10", operations: scopedSends
      ) {
        for _ in 0..<scopedSends { store.send(genericLeaf) }
        blackHole(store.withState(\.child.other))
      })
  }

  // send.childstore.depth10: the same leaf action sent to a store scoped 10 levels down.
  do {
    let leafStore =
      depth10Store
      .scope(state: \.child, action: BenchLevel10.Action.child)
      .scope(state: \.child, action: BenchLevel9.Action.child)
      .scope(state: \.child, action: BenchLevel8.Action.child)
      .scope(state: \.child, action: BenchLevel7.Action.child)
      .scope(state: \.child, action: BenchLevel6.Action.child)
      .scope(state: \.child, action: BenchLevel5.Action.child)
      .scope(state: \.child, action: BenchLevel4.Action.child)
      .scope(state: \.child, action: BenchLevel3.Action.child)
      .scope(state: \.child, action: BenchLevel2.Action.child)
      .scope(state: \.child, action: BenchLevel1.Action.child)
    sendCases.append(
      .whole(
        "send.childstore.depth10", baseline: "send.scope.depth10",
        twin: "handwritten.embedded.depth10",
        operations: scopedSends
      ) {
        for _ in 0..<scopedSends { leafStore.send(.increment) }
        blackHole(depth10Store.withState(\.child.other))
      })
  }

  // send.foreach.10 / 100000: an action to one row of a forEach, each with its hand-written
  // twin, handwritten.foreach.10 / 100000: an array of rows and a dictionary from id to index,
  // the row found by id and mutated in place by a switch-based function. They take turns with
  // the send cases above, whose send.none is send.foreach.10's baseline.
  for (name, rows, baseline) in [
    ("send.foreach.10", 10, "send.none"), ("send.foreach.100000", 100_000, "send.foreach.10"),
  ] {
    let twin = "handwritten.foreach.\(rows)"
    var kept = HandwrittenList(count: rows)
    sendCases.append(
      Harness.InterleavedCase(name: twin, operations: scopedSends) { timed in
        // Taken out of the variable the closure captures for the round (a swap, no copy):
        // every access to a captured variable is checked for exclusivity at run time.
        var handwritten = HandwrittenList(count: 0)
        swap(&handwritten, &kept)
        timed {
          for index in 0..<scopedSends {
            sendHandwrittenList(&handwritten, .row(id: (index &* 7) % rows, action: .increment))
          }
        }
        blackHole(handwritten.rows)
        swap(&handwritten, &kept)
      })
    let store = Store(
      initialState: CounterList.State(
        rows: IdentifiedArray(uniqueElements: (0..<rows).map { CounterList.Row(id: $0) }))
    ) { CounterList() }
    sendCases.append(
      Harness.InterleavedCase(
        name: name, baseline: baseline, twin: twin, operations: scopedSends
      ) { timed in
        timed {
          for index in 0..<scopedSends {
            store.send(.rows(.element(id: (index &* 7) % rows, action: .increment)))
          }
        }
        blackHole(store.withState { $0.rows.count })
      })
  }
  harness.measureInterleaved(sendCases)

  // observe.rows.10 / 1000: a send to one of N observed row stores, which notifies that row's
  // observer; as in observe.fields.100 (below), the observer's re-read is not timed.
  //
  // observable.rows.10 / 1000: the same with N `@Observable` row objects and no store, to tell
  // what grows with N because of the memory N observed objects take (a different row's objects
  // on every send) from what a store adds.
  //
  // The four take turns round by round (see `Harness.measureInterleaved`). They are measured
  // before the threaded effect cases, like the held starts. After those (100,000s of tasks made
  // on this thread and freed on others, whose memory this thread's allocator then hands out
  // again) the objects made for 1,000 rows are scattered: consecutive row stores were a median
  // of 2.7 MB apart, against 816 bytes when made first, and the 1,000-row cases read 2-4x the
  // 10-row ones, for the store and the `@Observable` rows alike (see Docs/Performance.md, "The
  // row cases and the effect cases' heap").
  var rowCases: [Harness.InterleavedCase] = []
  for (name, rows, baseline) in [
    ("observe.rows.10", 10, "send.foreach.10"), ("observe.rows.1000", 1_000, "observe.rows.10"),
  ] {
    let store = Store(
      initialState: CounterList.State(
        rows: IdentifiedArray(uniqueElements: (0..<rows).map { CounterList.Row(id: $0) }))
    ) { CounterList() }
    let rowStores = store.scope(state: \.rows, action: CounterList.Action.rows)
    func observe(_ row: Int) {
      withObservationTracking {
        _ = rowStores[row].count
      } onChange: {
      }
    }
    for row in 0..<rows { observe(row) }
    rowCases.append(
      Harness.InterleavedCase(name: name, baseline: baseline, operations: scopedSends) { timed in
        for index in 0..<scopedSends {
          let row = (index &* 7) % rows
          timed { rowStores[row].send(.increment) }
          observe(row)
        }
      })
  }
  for (name, rows, baseline) in [
    ("observable.rows.10", 10, "observe.rows.10"),
    ("observable.rows.1000", 1_000, "observable.rows.10"),
  ] {
    let models = (0..<rows).map { _ in ObservableRow() }
    func observe(_ row: Int) {
      withObservationTracking {
        _ = models[row].count
      } onChange: {
      }
    }
    for row in 0..<rows { observe(row) }
    rowCases.append(
      Harness.InterleavedCase(name: name, baseline: baseline, operations: scopedSends) { timed in
        for index in 0..<scopedSends {
          let row = (index &* 7) % rows
          timed { models[row].count += 1 }
          observe(row)
        }
      })
  }
  harness.measureInterleaved(rowCases)

  // How many tasks or effects the start cases start per round.
  let starts = 10_000 / (harness.isQuick ? 10 : 1)

  // task.start.held.10000 / effects.start.held.10000: the starts of task.start.10000 and
  // effects.start.10000 (below) on an executor that holds every job until the timed part is over
  // (`HeldExecutor`), so no other thread runs and nothing waits for one: what is timed is the
  // work of starting, on this thread alone (10,000 bare tasks created; the send whose merge
  // returns 10,000 cancellable effects). The held jobs run after the timed part. Measured before
  // the threaded effect cases: after those (100,000s of tasks made on this thread and freed on
  // others) every allocation here is slower, and these cases read 1.5-2x higher. Task executors
  // need macOS 15 / iOS 18.
  if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
    let held = HeldExecutor()
    await harness.measureSelfTimed("task.start.held.10000", operations: starts) {
      let operation: @Sendable () async -> Void = {}
      var tasks: [Task<Void, Never>] = []
      tasks.reserveCapacity(starts)
      let clock = ContinuousClock()
      let start = clock.now
      for _ in 0..<starts {
        tasks.append(Task(executorPreference: held, operation: operation))
      }
      let elapsed = clock.now - start
      held.runHeldJobs()
      for task in tasks { await task.value }
      return elapsed
    }
    await harness.measureSelfTimed(
      "effects.start.held.10000", baseline: "task.start.held.10000", operations: starts
    ) {
      let store = Store(initialState: 0) {
        Reduce<Int, Int> { _, count in
          .merge((0..<count).map { id in .run { _ in try await Task.never() }.cancellable(id: id) })
        }
      }
      store.runtime?.effectExecutor = held
      let clock = ContinuousClock()
      let start = clock.now
      let task = store.send(starts)
      let elapsed = clock.now - start
      task.cancel()
      held.runHeldJobs()
      await task.finish()
      return elapsed
    }
  }

  // effects.cancel.1000 / 10000: start N cancellable effects that wait until cancelled (one
  // action returning a merge of N `.run`s), cancel them all, and wait until every task has ended.
  // The bodies wait with `Task.never()`, which suspends without a timer.
  //
  // effects.cancel.sleeping.1000 / 10000: the same, with bodies that wait in `Task.sleep(for:)`,
  // as the case did before: each sleep registers a Dispatch timer (a system call here) and each
  // cancellation removes it, on the same two cores, inside the timed part.
  //
  // The first pair, whose ratio is a target, takes turns round by round (see
  // `Harness.measureInterleaved`). The sleeping pair runs one case after the other: in turns,
  // its 1,000-effect rounds, each right after a round of 10,000 sleeping effects, read
  // 10.5-19.4 us an effect in four full runs (median 14.9), against 3.9-11.8 us (median 6.3) in
  // eight runs one after the other.
  func measureEffectCancels(
    _ prefix: String, inTurns: Bool, wait: @escaping @Sendable () async throws -> Void
  ) async {
    var cases: [Harness.AsyncInterleavedCase] = []
    for (count, baseline) in [(1_000, nil), (10_000, "\(prefix).1000")] {
      let effects = count / (harness.isQuick ? 10 : 1)
      cases.append(
        Harness.AsyncInterleavedCase(
          name: "\(prefix).\(count)", baseline: baseline, operations: effects,
          round: {
            let store = Store(initialState: 0) {
              Reduce<Int, Int> { _, action in
                if action < 0 { return .cancel(id: "wait") }
                return .merge(
                  (0..<action).map { _ in
                    .run { _ in try await wait() }.cancellable(id: "wait")
                  })
              }
            }
            let task = store.send(effects)
            store.send(-1)
            await task.finish()
          }))
    }
    if inTurns {
      await harness.measureInterleaved(cases)
    } else {
      for measured in cases { await harness.measureInterleaved([measured]) }
    }
  }
  await measureEffectCancels("effects.cancel", inTurns: true) { try await Task.never() }
  await measureEffectCancels("effects.cancel.sleeping", inTurns: false) {
    try await Task.sleep(for: .seconds(3_600))
  }

  // task.cancel.sleeping.1000 / 10000: the bare-task twin of effects.cancel.sleeping: N tasks
  // (not isolated to the main actor, as effects are not) that sleep in `Task.sleep(for:)` on
  // the same clock, all cancelled, then all awaited. Whatever grows from 1,000 to 10,000 in
  // both is the runtime's (its timers), not the store's.
  //
  // effects.cancel.liveclock.1000 / 10000: effects.cancel.sleeping with the bodies sleeping on
  // the live `continuousClock` dependency, whose sleep is a Dispatch timer that a cancellation
  // cancels (see `LiveClock`) rather than the runtime's, which stays armed until its deadline.
  for (count, baseline) in [(1_000, nil), (10_000, "task.cancel.sleeping.1000")] {
    let tasks = count / (harness.isQuick ? 10 : 1)
    await harness.measureInterleaved([
      Harness.AsyncInterleavedCase(
        name: "task.cancel.sleeping.\(count)", baseline: baseline, operations: tasks,
        round: {
          let operation: @Sendable () async throws -> Void = {
            try await Task.sleep(for: .seconds(3_600))
          }
          var started: [Task<Void, any Error>] = []
          started.reserveCapacity(tasks)
          for _ in 0..<tasks { started.append(Task(operation: operation)) }
          for task in started { task.cancel() }
          // Awaited off the main actor, in one hop, as `StoreTask.finish()` awaits a store's
          // effects: awaiting each task from here would time 10,000 hops back to the main queue.
          await Task.detached { [started] in
            for task in started { _ = await task.result }
          }.value
        })
    ])
  }
  let liveClock = DependencyValues().continuousClock
  await measureEffectCancels("effects.cancel.liveclock", inTurns: false) {
    try await liveClock.sleep(for: .seconds(3_600))
  }

  // task.start.10000: 10,000 bare tasks started, then all awaited. The closure is not isolated to
  // the main actor, like an effect's, so the tasks run on the same (global) executor as effects.
  let taskStarts = Harness.AsyncInterleavedCase(
    name: "task.start.10000", operations: starts,
    round: {
      let operation: @Sendable () async -> Void = {}
      var tasks: [Task<Void, Never>] = []
      tasks.reserveCapacity(starts)
      for _ in 0..<starts { tasks.append(Task(operation: operation)) }
      for task in tasks { await task.value }
    })

  // effects.start.10000: one action whose merge returns 10,000 `.run` effects, each cancellable
  // with an id of its own, timed until every one of them is running (its body has started and
  // counted itself; each then waits until cancelled, with `Task.never()`, which suspends without
  // a timer). Cancelling them and waiting for their end is not timed, so every round starts with
  // no effects running. It takes turns with task.start.10000, round by round, in balanced order
  // (see the asynchronous `Harness.measureInterleaved`): one after the other, the two landed in
  // different stretches of this host's speed and after different heaps, and the ratio read
  // 1.40x-2.58x in five full runs of one build.
  //
  // effects.start.sleeping.10000: the same, with bodies that wait in `Task.sleep(for:)`, as the
  // case did before: each sleep also registers a Dispatch timer (a system call here), on the
  // same two cores, inside the timed part. Measured after the pair, on its own.
  func effectStarts(
    _ name: String, wait: @escaping @Sendable () async throws -> Void
  ) -> Harness.AsyncInterleavedCase {
    let counter = StartCounter()
    return Harness.AsyncInterleavedCase(
      name: name, baseline: "task.start.10000", operations: starts,
      timedRound: {
        counter.reset()
        let store = Store(initialState: 0) {
          Reduce<Int, Int> { _, count in
            .merge(
              (0..<count).map { id in
                .run { _ in
                  counter.increment()
                  try await wait()
                }
                .cancellable(id: id)
              })
          }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let task = store.send(starts)
        await counter.wait(until: starts)
        let elapsed = clock.now - start
        task.cancel()
        await task.finish()
        return elapsed
      })
  }
  await harness.measureInterleaved([
    taskStarts, effectStarts("effects.start.10000") { try await Task.never() },
  ])

  await harness.measureInterleaved([
    effectStarts("effects.start.sleeping.10000") { try await Task.sleep(for: .seconds(3_600)) }
  ])

  // observe.fields.100: a send that changes 1 of 100 observed fields, and so notifies that
  // field's observer. Every field is observed at every send: after each send the notified
  // observer reads its field again (as a view re-renders after a change), outside the timed
  // part. `observable.fields.100` does the same with an `@Observable` class: what Observation
  // alone costs for the same change.
  //
  // observe.fields.100.reread: the whole cycle, timed: the send, then the observer reading the
  // field again. Compared with the same cycle on the `@Observable` class, it shows what the store
  // adds to Observation's own cost.
  //
  // The four take turns round by round (see `Harness.measureInterleaved`).
  func observedFieldsCase(
    _ name: String, baseline: String?, timesReread: Bool,
    change: @escaping (_ field: Int) -> Void, read: @escaping (_ field: Int) -> Void
  ) -> Harness.InterleavedCase {
    func observe(_ field: Int) {
      withObservationTracking {
        read(field)
      } onChange: {
      }
    }
    for field in 0..<100 { observe(field) }
    return Harness.InterleavedCase(name: name, baseline: baseline, operations: sends / 10) {
      timed in
      for index in 0..<(sends / 10) {
        let field = index % 100
        if timesReread {
          timed {
            change(field)
            observe(field)
          }
        } else {
          timed { change(field) }
          observe(field)
        }
      }
    }
  }
  func makeWideStore() -> Store<WideState, Int> {
    Store(initialState: WideState()) {
      Reduce<WideState, Int> { state, field in
        state[keyPath: WideState.fields[field]] += 1
        return .none
      }
    }
  }
  let fieldsStore = makeWideStore()
  let fieldsModel = ObservableWideModel()
  let rereadModel = ObservableWideModel()
  let rereadStore = makeWideStore()
  harness.measureInterleaved([
    observedFieldsCase(
      "observe.fields.100", baseline: "send.none", timesReread: false,
      change: { fieldsStore.send($0) },
      read: { _ = fieldsStore[dynamicMember: WideState.fields[$0] as KeyPath<WideState, Int>] }),
    observedFieldsCase(
      "observable.fields.100", baseline: "send.none", timesReread: false,
      change: { fieldsModel[keyPath: ObservableWideModel.fields[$0]] += 1 },
      read: { _ = fieldsModel[keyPath: ObservableWideModel.fields[$0]] }),
    observedFieldsCase(
      "observable.fields.100.reread", baseline: nil, timesReread: true,
      change: { rereadModel[keyPath: ObservableWideModel.fields[$0]] += 1 },
      read: { _ = rereadModel[keyPath: ObservableWideModel.fields[$0]] }),
    observedFieldsCase(
      "observe.fields.100.reread", baseline: "observable.fields.100.reread", timesReread: true,
      change: { rereadStore.send($0) },
      read: { _ = rereadStore[dynamicMember: WideState.fields[$0] as KeyPath<WideState, Int>] }),
  ])

  await runSharedBenchmarks(sends: sends)

  // teststore.sendreceive.1000: a TestStore test of 1,000 send + receive pairs.
  let pairs = 1_000 / scale
  await harness.measure("teststore.sendreceive.1000", operations: pairs) {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        return action.isMultiple(of: 2) ? .run { send in await send(action + 1) } : .none
      }
    }
    for index in 0..<pairs {
      await store.send(index * 2) { $0 = index * 2 }
      await store.receive(index * 2 + 1) { $0 = index * 2 + 1 }
    }
  }
}

await runBenchmarks()

/// The counter reducer called by hand, kept out of line so that each action is one real call.
@inline(never)
func reduceByHand(_ state: inout BenchCounter.State, _ action: BenchCounter.Action) {
  let effect = BenchCounter().reduce(into: &state, action: action)
  precondition(effect.isNone)
}
