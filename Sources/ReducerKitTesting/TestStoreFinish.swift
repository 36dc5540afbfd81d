import ReducerKit

extension TestStore {
  /// Waits for every effect to end, then fails on any received action not yet asserted.
  ///
  /// ```swift
  /// await store.send(.load)
  /// await store.receive(.loaded([])) { $0.isLoading = false }
  /// await store.finish()
  /// ```
  ///
  /// Effects still running after `timeout` (of idle waiting) are a failure, reported at the
  /// `send` that started them (in exhaustive mode; otherwise they are cancelled).
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let registry = core.registry
    let finished = await EffectSettling.wait(timeout: timeout) { registry.count == 0 }
    if !finished {
      if exhaustivity == .on {
        let sends = ledger.withLock { ledger -> [TestStoreLedger.Send] in
          defer { for index in ledger.sends.indices { ledger.sends[index].isReported = true } }
          return ledger.sends.filter { !$0.isReported && !$0.isFinished() }
        }
        for send in sends {
          reportFailure(
            """
            An effect returned for this action is still running after "finish()" waited \
            \(timeout). It must complete before the end of the test: advance its TestClock, \
            send the action that cancels it, or use "skipInFlightEffects()".

            Action: \(send.action)\(runningChildrenNote(registry))
            """, at: send.location)
        }
        if sends.isEmpty {
          reportFailure(
            "Effects are still running after \"finish()\" waited \(timeout).", at: location)
        }
      }
      registry.cancelAll()
      _ = await EffectSettling.wait(timeout: timeout) { registry.count == 0 }
    }
    if !recorder.received.isEmpty {
      let pending = recorder.received.map { describe($0.action) }
      if exhaustivity == .on {
        reportFailure(
          """
          The store received \(pending.count) unexpected action\(pending.count == 1 ? "" : "s") \
          that the test never asserted:

          \(pending.joined(separator: "\n"))

          Assert them with "receive", or skip them with "skipReceivedActions()".
          """, at: location)
      }
      setExpected(recorder.received.last!)
      recorder.removeAllReceived()
    }
    if exhaustivity == .on { assertNoUnassertedSharedChange(at: location) }
  }

  /// A shared value changed outside any reduce (by an effect) after the last assertion, and
  /// the test never asserted it: a failure with the diff. The state is taken as asserted.
  func assertNoUnassertedSharedChange(at location: TestLocation) {
    let actual = core.state
    let actualShared = SharedSnapshotTable.capture(actual)
    guard !SharedStates.equal(expectedState, expectedShared, actual, actualShared) else { return }
    let diff =
      SharedStates.diff(expectedState, expectedShared, actual, actualShared)
      ?? "(the states differ but dump the same)"
    reportFailure(
      """
      The state changed after the last assertion, outside any action (a shared value an effect \
      changed?): assert it with "store.assert { … }". (Expected: −, Actual: +)

      \(diff)
      """, at: location)
    expectedState = actual
    expectedShared = actualShared
  }

  /// Applies and discards the actions received so far, without asserting them.
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// Effects started by those actions run to their next suspension first. Nothing to skip is
  /// not a failure.
  public func skipReceivedActions(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await EffectSettling.settle()
    if let last = recorder.received.last {
      if case .off(true) = exhaustivity {
        reportSkipped(
          "Skipped receiving \(recorder.received.map { describe($0.action) })",
          at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      }
      setExpected(last)
      recorder.removeAllReceived()
    }
  }

  /// Cancels every effect still running, so the test can end without waiting for them.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// Nothing to skip is not a failure.
  public func skipInFlightEffects() async {
    let registry = core.registry
    registry.cancelAll()
    _ = await EffectSettling.wait(timeout: .seconds(1)) { registry.count == 0 }
    ledger.withLock {
      for index in $0.sends.indices { $0.sends[index].isReported = true }
    }
  }
}
