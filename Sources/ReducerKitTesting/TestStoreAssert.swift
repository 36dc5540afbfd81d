import ReducerKit

extension TestStore {
  /// Asserts what the store's current state is, without sending an action: most useful in a
  /// non-exhaustive test, to check some fields of the state while effects are still delivering
  /// actions.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// // …effects received, not asserted one by one…
  /// store.assert {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// The closure gets the state as of the last assertion and must change it into the store's
  /// current state. With exhaustivity `.on` this is checked like
  /// ``send(_:assert:fileID:filePath:line:column:)``: a difference is a failure with a diff, and
  /// so is a closure that changes nothing when the state did not change either; received
  /// actions still unasserted are a failure too (they are discarded, and the closure is still
  /// checked against the current state, their changes included). With
  /// exhaustivity `.off`, only what the closure sets is checked, against the current state,
  /// received actions included. Afterwards ``state`` is the store's current state.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ledger.withLock { $0.lastLocation = location }
    // Non-exhaustive: received actions stay queued for a later `receive`; the comparison is
    // with the current state, which includes them.
    if exhaustivity == .on, !recorder.received.isEmpty {
      let pending = recorder.received.map { describe($0.action) }
      reportFailure(
        """
        Must handle \(pending.count) received action\(pending.count == 1 ? "" : "s") before \
        asserting on the state:

        \(pending.joined(separator: "\n"))

        Unhandled actions: assert them with "receive", or skip them with \
        "skipReceivedActions()".
        """, at: location)
      // Discarded, but the expected state stays as of the last assertion: the closure is then
      // checked against everything they changed.
      recorder.removeAllReceived()
    }
    // `assertState` takes an optional (so escaping) closure; this one does not outlive the call.
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      let actual = core.state
      assertState(
        after: "the previous assertion (checked by assert)", actual: actual,
        shared: SharedSnapshotTable.capture(actual), update: update, at: location)
    }
  }
}
