import ReducerKit

/// The effects of an action sent to a ``TestStore``: wait for them or cancel them.
///
/// ```swift
/// let task = await store.send(.startTimer)
/// await clock.advance(by: .seconds(3))
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  /// The underlying store task.
  public let rawValue: StoreTask
  let location: TestLocation

  init(rawValue: StoreTask, location: TestLocation) {
    self.rawValue = rawValue
    self.location = location
  }

  /// Cancels the action's effects and waits until they have ended.
  ///
  /// ```swift
  /// await task.cancel()
  /// ```
  @MainActor
  public func cancel() async {
    rawValue.cancel()
    _ = await EffectSettling.wait(timeout: .seconds(1)) { rawValue.isFinished }
  }

  /// Waits for the action's effects to end; a failure if they are still running after `timeout`
  /// of waiting.
  ///
  /// ```swift
  /// await task.finish()
  /// ```
  @MainActor
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let finished = await EffectSettling.wait(timeout: timeout) { rawValue.isFinished }
    if !finished {
      reportFailure(
        """
        Expected the task to finish, but it is still running after \(timeout). An effect it \
        started is waiting for something: advance its TestClock, or cancel it.
        """,
        at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// Whether the effects were cancelled; `true` for an action that started no effects.
  public var isCancelled: Bool { rawValue.isCancelled }

  /// Whether two tasks are for the same `send`.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

  /// Hashes the task's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
