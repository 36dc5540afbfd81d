import ReducerKit

/// A store for tests that proves every state change, every action effects send back, and every
/// effect still running.
///
/// ```swift
/// @Test func counter() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   } withDependencies: {
///     $0.continuousClock = clock
///   }
///   await store.send(.increment) { $0.count = 1 }
///   await store.send(.delayedIncrement)
///   await clock.advance(by: .seconds(1))
///   await store.receive(.increment) { $0.count = 2 }
///   await store.finish()
/// }
/// ```
///
/// By default a test is **exhaustive**: a state change that is not asserted, an action received
/// but not asserted, or an effect still running when the test ends is a failure, each with a
/// message that names the action and shows a diff of the state (expected `−`, actual `+`).
/// Set ``exhaustivity`` to `.off` to check only what you assert.
///
/// Failures are reported through Swift Testing when a Swift Testing test is running and through
/// XCTest otherwise. Runtime warnings of ReducerKit (an action for an absent child, an effect
/// error nobody caught, an unimplemented dependency) are failures while a TestStore drives the
/// store.
@MainActor
public final class TestStore<State: Equatable, Action> {
  let store: Store<State, Action>
  let core: StoreRuntime<State, Action>
  let recorder: Recorder
  let location: TestLocation
  /// Turns the store's runtime warnings into failures of this test.
  let warningHandler: RuntimeWarnings.TaskHandler
  /// What `deinit` may still have to report; lock-protected because `deinit` is not isolated.
  let ledger: Locked<TestStoreLedger>
  /// What the root feature's `dismiss()` records (see `isDismissed`).
  let rootDismissal: RootDismissal

  /// The state as of the last assertion (with exhaustivity `.off`, the store's actual state).
  public var state: State {
    exhaustivity == .on ? expectedState : core.state
  }

  var expectedState: State
  /// The shared values in ``expectedState`` as the last assertion left them.
  var expectedShared: SharedSnapshotTable

  /// Continues from a received state, as if it had been asserted.
  func setExpected(_ received: Recorder.Received) {
    expectedState = received.state
    expectedShared = received.shared
  }

  /// How strictly this store checks the test; `.on` by default.
  public var exhaustivity: Exhaustivity = .on {
    didSet {
      let isExhaustive = exhaustivity == .on
      ledger.withLock { $0.isExhaustive = isExhaustive }
    }
  }

  /// The dependencies the store's reducer and effects use. Changing them affects the actions
  /// sent afterwards.
  ///
  /// ```swift
  /// store.dependencies.uuid = .incrementing
  /// ```
  public var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
  }

  /// Creates a test store for the reducer built by `reducer`, starting from `initialState`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = TestClock()
  /// }
  /// ```
  ///
  /// Dependencies resolve in a test context: a dependency used without an override must have a
  /// `testValue`, or its use fails the test with its name. `initialState` is evaluated once,
  /// under those dependencies (the test context plus `prepareDependencies`' overrides).
  public init<R: Reducer>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.location = location
    let ledger = Locked(TestStoreLedger())
    self.ledger = ledger
    let recorder = Recorder(ledger: ledger)
    self.recorder = recorder
    let rootDismissal = RootDismissal()
    self.rootDismissal = rootDismissal
    let warningHandler = RuntimeWarnings.TaskHandler { warning in
      reportFailure(
        "\(warning.message)", at: ledger.withLock { $0.currentLocation } ?? location)
      return true
    }
    self.warningHandler = warningHandler
    var dependencies = DependencyValues.testContext
    prepareDependencies(&dependencies)
    // The initial state and the reducer's body are built under the store's dependencies, with
    // warnings (an unimplemented dependency read) reported as failures of this test.
    let (initialState, reducer) = RuntimeWarnings.$taskHandler.withValue(warningHandler) {
      DependencyValues.withValues(dependencies) { (initialState(), Reduce(reducer())) }
    }
    expectedState = initialState
    expectedShared = SharedSnapshotTable.capture(initialState)
    let stackElementIDs = dependencies.stackElementID
    core = Store.makeRuntime(
      initialState: initialState,
      reducer: {
        Reduce<State, Action> { state, action in
          let stackIDsBefore = stackElementIDs.peek()
          let effect = reducer.reduce(into: &state, action: action)
          MainActor.assumeIsolated {
            recorder.didReduce(
              action, state, shared: SharedSnapshotTable.capture(state),
              stackIDsBefore: stackIDsBefore)
          }
          // The root feature's `dismiss()` is recorded; a presentation inside wins for its own.
          return effect.withDismiss { _ in rootDismissal.dismiss() }
        }
      },
      withDependencies: { $0 = dependencies })
    store = Store(runtime: core)
    rootDismissal.registry = core.registry
    ledger.withLock { $0.registry = core.registry }
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
      core.effectExecutor = EffectExecutor.shared
    }
  }

  deinit {
    let ledger = ledger.withLock { $0 }
    guard ledger.isExhaustive else { return }
    for send in ledger.sends where !send.isReported && !send.isFinished() {
      reportFailure(
        """
        An effect returned for this action is still running. It must complete before the end \
        of the test. To fix, make sure the effect completes (advance its TestClock, send the \
        action that cancels it), call "await store.finish()" at the end of the test, or use \
        "await store.skipInFlightEffects()".

        Action: \(send.action)\(runningChildrenNote(ledger.registry))
        """, at: send.location)
    }
    if ledger.unassertedReceived > 0 {
      reportFailure(
        """
        The store received \(ledger.unassertedReceived) unexpected \
        action\(ledger.unassertedReceived == 1 ? "" : "s") that the test never asserted:

        \(ledger.unassertedDescriptions.joined(separator: "\n"))

        Assert them with "receive", or skip them with "skipReceivedActions()".
        """, at: ledger.lastLocation ?? location)
    }
  }

  /// A warning handler that claims every warning and reports nothing.
  private let ignoringWarnings = RuntimeWarnings.TaskHandler { _ in true }

  /// Runs `body` with this store's warnings turned into test failures.
  func withWarningsAsFailures<R>(at location: TestLocation, _ body: () throws -> R) rethrows -> R {
    ledger.withLock { $0.currentLocation = location }
    return try RuntimeWarnings.$taskHandler.withValue(warningHandler, operation: body)
  }

  /// Checks `actual` against the state as of the last assertion changed by `update`; reports a
  /// failure with a diff when they differ. Returns the state to continue from.
  func assertState(
    after actionDescription: String,
    actual: State,
    shared actualShared: SharedSnapshotTable,
    update: ((inout State) throws -> Void)?,
    stackIDsBefore: Int? = nil,
    at location: TestLocation
  ) {
    // Run under the store's dependencies, as the reducer was (a child state the closure makes
    // reads the store's shared storage). Elements the closure appends get the ids the reducer
    // gave: counted from the store's stack id counter as it was before the asserted action, on
    // a copy (the store's keeps counting).
    let update = update.map { update in
      { (state: inout State) throws in
        var values = self.core.dependencies
        values.stackElementID = StackElementIDGenerator(
          startingAt: stackIDsBefore ?? self.core.dependencies.stackElementID.peek())
        try DependencyValues.withValues(values) { try update(&state) }
      }
    }
    let previous = expectedState
    let previousShared = expectedShared
    defer {
      expectedState = actual
      expectedShared = actualShared
    }
    if exhaustivity == .on {
      var expected = previous
      var expectedShared = previousShared
      if let update {
        do {
          // A warning inside the closure (such as `CasePath.modify` on another case) fails here.
          expectedShared = try withWarningsAsFailures(at: location) {
            try SharedStates.update(&expected, sharedIn: previousShared, update)
          }
        } catch {
          reportFailure(
            "The assertion closure of \(actionDescription) threw: \(error)", at: location)
          return
        }
      }
      if !SharedStates.equal(expected, expectedShared, actual, actualShared) {
        let diff =
          SharedStates.diff(expected, expectedShared, actual, actualShared)
          ?? "(the states differ but dump the same)"
        let headline =
          update == nil
          ? "State was not expected to change after \(actionDescription), but it did."
          : "The state after \(actionDescription) does not match the expectation."
        reportFailure("\(headline) (Expected: −, Actual: +)\n\n\(diff)", at: location)
      } else if update != nil, SharedStates.equal(previous, previousShared, actual, actualShared) {
        reportFailure(
          """
          Expected the state to change after \(actionDescription), but it did not change. The \
          assertion closure made no change to the state either; if no change is expected, \
          omit the closure.
          """, at: location)
      }
    } else {
      // Non-exhaustive: only what the closure asserts must hold of the actual state.
      guard let update else { return }
      var expected = actual
      let expectedShared: SharedSnapshotTable
      do {
        expectedShared = try withWarningsAsFailures(at: location) {
          try SharedStates.update(&expected, sharedIn: actualShared, update)
        }
      } catch {
        reportFailure("The assertion closure of \(actionDescription) threw: \(error)", at: location)
        return
      }
      if !SharedStates.equal(expected, expectedShared, actual, actualShared) {
        let diff =
          SharedStates.diff(expected, expectedShared, actual, actualShared)
          ?? "(the states differ but dump the same)"
        reportFailure(
          """
          The state after \(actionDescription) does not match the expectation. \
          (Expected: −, Actual: +)

          \(diff)
          """, at: location)
      } else if case .off(true) = exhaustivity {
        var fullyExpected = previous
        // Already checked above: its warnings were reported there.
        let fullyExpectedShared = RuntimeWarnings.$taskHandler.withValue(ignoringWarnings) {
          (try? SharedStates.update(&fullyExpected, sharedIn: previousShared, update))
            ?? previousShared
        }
        if !SharedStates.equal(fullyExpected, fullyExpectedShared, actual, actualShared),
          let diff = SharedStates.diff(fullyExpected, fullyExpectedShared, actual, actualShared)
        {
          reportSkipped(
            "State changes after \(actionDescription) that the test did not assert:\n\n\(diff)",
            at: location)
        }
      }
    }
  }
}

extension TestStore {
  /// Records what the store reduces: the action a test sent, and the actions received after it.
  ///
  /// Every change to ``received`` is written to the ledger at once, whoever made it: an action
  /// an effect sends after `TestClock.advance`, when the test calls nothing more of the store,
  /// must still be reported when the store goes away.
  @MainActor
  final class Recorder {
    struct Received {
      let action: Action
      let state: State
      /// The shared values in `state` when it was reduced.
      let shared: SharedSnapshotTable
      /// The store's next stack element id before this action was reduced.
      var stackIDsBefore: Int? = nil
    }

    let ledger: Locked<TestStoreLedger>
    var expectingSentAction = false
    var sentState: State?
    var sentShared: SharedSnapshotTable?
    var sentStackIDsBefore: Int?
    /// The actions received and not yet asserted, oldest first. Changed only through
    /// ``appendReceived(_:)``, ``removeFirstReceived()`` and ``removeAllReceived()``, which keep
    /// the ledger's copy of their descriptions in step.
    private(set) var received: [Received] = []

    func appendReceived(_ entry: Received) {
      received.append(entry)
      let description = describe(entry.action)
      ledger.withLock { $0.unassertedDescriptions.append(description) }
    }

    func removeFirstReceived() -> Received {
      ledger.withLock { _ = $0.unassertedDescriptions.removeFirst() }
      return received.removeFirst()
    }

    func removeAllReceived() {
      received.removeAll()
      ledger.withLock { $0.unassertedDescriptions.removeAll() }
    }

    init(ledger: Locked<TestStoreLedger>) {
      self.ledger = ledger
    }

    func didReduce(
      _ action: Action, _ state: State, shared: SharedSnapshotTable, stackIDsBefore: Int? = nil
    ) {
      if expectingSentAction {
        expectingSentAction = false
        sentState = state
        sentShared = shared
        sentStackIDsBefore = stackIDsBefore
      } else {
        appendReceived(
          Received(action: action, state: state, shared: shared, stackIDsBefore: stackIDsBefore))
      }
    }
  }
}

/// What the TestStore still owes the test, readable from its non-isolated `deinit`.
struct TestStoreLedger: Sendable {
  struct Send: Sendable {
    let action: String
    let location: TestLocation
    let isFinished: @Sendable () -> Bool
    var isReported = false
  }

  var sends: [Send] = []
  /// The descriptions of the actions received and not yet asserted, oldest first.
  var unassertedDescriptions: [String] = []
  var unassertedReceived: Int { unassertedDescriptions.count }
  var currentLocation: TestLocation?
  var lastLocation: TestLocation?
  var isExhaustive = true
  /// The store's running effects, to name the children whose effects are still running.
  var registry: EffectRegistry?
}
