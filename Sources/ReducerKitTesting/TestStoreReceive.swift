import ReducerKit

extension TestStore where Action: Equatable {
  /// Asserts that the store received `expectedAction` from an effect, and how it changed the
  /// state.
  ///
  /// ```swift
  /// await store.receive(.response(42)) {
  ///   $0.value = 42
  /// }
  /// ```
  ///
  /// Waits up to `timeout` (of idle waiting: time the machine spends running effects does not
  /// count) for the action to arrive.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration = .seconds(1),
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      expected: describe(expectedAction), matching: { $0 == expectedAction },
      mismatch: { received in
        let diff = debugDiff(expectedAction, received) ?? ""
        return "\n\n(Expected: −, Received: +)\n\n\(diff)"
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// Asserts that the store received an action of the case `actionCase` (its enum case
  /// constructor), whatever its payload, and how it changed the state.
  ///
  /// ```swift
  /// await store.receive(Action.response) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive<Value>(
    _ actionCase: @escaping (Value) -> Action,
    timeout: Duration = .seconds(1),
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = CasePath(actionCase)
    await receiveAction(
      expected: "an action of the case \(String(describing: Action.self)).(\(Value.self))",
      matching: { casePath.extract(from: $0) != nil }, mismatch: { _ in "" },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the store received an action in the case a case path names, and how it
  /// changed the state: a constructor path, or one composed with `CasePath.appending(_:)` to
  /// reach into a nested case.
  ///
  /// ```swift
  /// await store.receive(CasePath(Action.response).appending(Result.success)) {
  ///   $0.value = 42
  /// }
  /// ```
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration = .seconds(1),
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      expected: "an action matching the case path CasePath<\(Action.self), \(Value.self)>",
      matching: { casePath.extract(from: $0) != nil }, mismatch: { _ in "" },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the store received an action matching `isMatching`, and how it changed the
  /// state.
  ///
  /// ```swift
  /// await store.receive({ if case .response(let value) = $0 { value > 0 } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ isMatching: @escaping (_ action: Action) -> Bool,
    timeout: Duration = .seconds(1),
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      expected: "an action matching the predicate", matching: isMatching, mismatch: { _ in "" },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func receiveAction(
    expected: String,
    matching: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) async {
    ledger.withLock { $0.lastLocation = location }
    let recorder = recorder
    let arrived = await EffectSettling.wait(timeout: timeout) {
      if exhaustivity == .on { return !recorder.received.isEmpty }
      // Non-exhaustive: actions before a match are skipped, so wait for a match.
      return recorder.received.contains { matching($0.action) }
    }
    guard arrived else {
      let running = core.registry.count
      reportFailure(
        """
        Expected to receive \(expected), but received none after waiting \(timeout).\
        \(running == 0 ? " No effect is running." : " \(running) effect(s) still running.")
        """, at: location)
      return
    }
    if exhaustivity != .on {
      // Skip (apply) the actions before the first match.
      while let first = recorder.received.first, !matching(first.action) {
        if case .off(true) = exhaustivity {
          reportSkipped("Skipped receiving \(describe(first.action))", at: location)
        }
        setExpected(first)
        _ = recorder.removeFirstReceived()
      }
    }
    let received = recorder.removeFirstReceived()
    if !matching(received.action) {
      reportFailure(
        """
        Received unexpected action: \(describe(received.action))
        Expected: \(expected)\(mismatch(received.action))
        """, at: location)
    }
    assertState(
      after: "receive(\(describe(received.action)))", actual: received.state,
      shared: received.shared,
      update: update,
      stackIDsBefore: received.stackIDsBefore, at: location)
    await EffectSettling.settle()
  }
}

extension TestStore {
  /// TCA's `store.receive(\.response)`: unavailable; write `store.receive(Action.response)`, or a
  /// ``CasePath`` for a nested case (`CasePath(Action.rows)[id: 1].appending(Row.Action.loaded)`).
  @available(
    *, unavailable,
    message:
      "ReducerKit takes the enum case itself, not a case key path (which needs TCA's macros): write 'receive(Action.response)' for 'receive(\\.response)', or 'receive(CasePath(Action.rows)[id: 1].appending(Row.Action.loaded))' for 'receive(\\.rows[id: 1].loaded)'"
  )
  public func receive<Value>(
    _ caseKeyPath: KeyPath<CaseKeyPath<Action>, Value>,
    timeout: Duration = .seconds(1),
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    fatalError()
  }
}
