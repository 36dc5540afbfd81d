import ReducerKit

extension TestStore {
  /// Asserts how the state changed since the last assertion without an action: for a change
  /// made outside the store's actions, such as through a shared reference a dependency holds.
  ///
  /// ```swift
  /// await store.send(.startSync)
  /// sharedSettings.theme = .dark  // changes the feature's state without an action
  /// store.assert {
  ///   $0.theme = .dark
  /// }
  /// ```
  ///
  /// The closure gets the state as of the last assertion and must change it into the store's
  /// current state; this is exhaustive like ``send(_:assert:fileID:filePath:line:column:)``: a
  /// difference is a failure with a diff, and so is a closure that changes nothing when the
  /// state did not change either. Afterwards ``state`` is the store's current state. Under
  /// exhaustivity `.off`, only what the closure sets is checked.
  ///
  /// Asserting while received actions are still unasserted is a failure (in exhaustive mode);
  /// they are applied and discarded.
  ///
  /// - Parameter updateStateToExpectedResult: Changes the state as of the last assertion into
  ///   the expected current state.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    ledger.withLock { $0.lastLocation = location }
    if !recorder.received.isEmpty {
      let pending = recorder.received.map { describe($0.action) }
      if exhaustivity == .on {
        reportFailure(
          """
          Must handle \(pending.count) received action\(pending.count == 1 ? "" : "s") before \
          asserting on the state:

          \(pending.joined(separator: "\n"))

          Unhandled actions: assert them with "receive", or skip them with \
          "skipReceivedActions()".
          """, at: location)
      }
      expectedState = recorder.received.last!.state
      recorder.received.removeAll()
      updateLedgerForReceived()
    }
    // `assertState` takes an escaping-free optional closure; the update does not outlive it.
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      assertState(
        after: "the previous assertion (checked by assert)", actual: core.state, update: update,
        at: location)
    }
  }
}
