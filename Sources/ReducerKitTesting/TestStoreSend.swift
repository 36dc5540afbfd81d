import ReducerKit

extension TestStore {
  /// Sends an action and asserts how it changed the state.
  ///
  /// ```swift
  /// await store.send(.increment) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// The closure gets the state as of the last assertion and must change it into the state the
  /// action produced; omit it when the action changes nothing. Before `send` returns, the effects
  /// the action started have run up to their next suspension.
  ///
  /// Sending while received actions are still unasserted is a failure (in exhaustive mode).
  ///
  /// - Returns: A task for the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !recorder.received.isEmpty {
      let pending = recorder.received.map { describe($0.action) }
      if exhaustivity == .on {
        reportFailure(
          """
          Must handle \(pending.count) received action\(pending.count == 1 ? "" : "s") before \
          sending an action:

          \(pending.joined(separator: "\n"))

          Unhandled actions: assert them with "receive", or skip them with \
          "skipReceivedActions()".
          """, at: location)
      } else if case .off(true) = exhaustivity {
        reportSkipped(
          "Skipped receiving \(pending.count) action(s):\n\n\(pending.joined(separator: "\n"))",
          at: location)
      }
      setExpected(recorder.received.last!)
      recorder.removeAllReceived()
    }

    recorder.expectingSentAction = true
    recorder.sentState = nil
    recorder.sentShared = nil
    recorder.sentStackIDsBefore = nil
    let storeTask = withWarningsAsFailures(at: location) { store.send(action) }
    let actual = recorder.sentState ?? core.state
    let actualShared = recorder.sentShared ?? SharedSnapshotTable.capture(actual)
    let description = "send(\(describe(action)))"
    ledger.withLock {
      $0.lastLocation = location
      $0.sends.append(
        TestStoreLedger.Send(
          action: describe(action), location: location,
          isFinished: { [storeTask] in storeTask.isFinished }))
    }
    assertState(
      after: description, actual: actual, shared: actualShared, update: updateStateToExpectedResult,
      stackIDsBefore: recorder.sentStackIDsBefore, at: location)
    await EffectSettling.settle()
    return TestStoreTask(rawValue: storeTask, location: location)
  }
}
