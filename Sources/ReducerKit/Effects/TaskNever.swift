extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// For an effect that must stay alive until it is cancelled, for example to keep a resource
  /// open or to clean up in a `defer` when the feature goes away:
  ///
  /// ```swift
  /// return .run { _ in
  ///   let connection = try await client.connect()
  ///   defer { connection.close() }
  ///   try await Task.never()
  /// }
  /// .cancellable(id: CancelID.connection)
  /// ```
  ///
  /// The task is not polled: it is suspended, and its cancellation resumes it. A task that is
  /// already cancelled throws at once.
  ///
  /// - Throws: `CancellationError`, when the task is cancelled.
  public static func never() async throws -> Never {
    let waiter = Locked(NeverWaiter.waiting)
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: NeverWaiter.Continuation) in
        let isCancelled = waiter.withLock { waiter -> Bool in
          guard case .waiting = waiter else { return true }
          waiter = .suspended(continuation)
          return false
        }
        if isCancelled { continuation.resume(throwing: _Concurrency.CancellationError()) }
      }
    } onCancel: {
      let continuation = waiter.withLock { waiter -> NeverWaiter.Continuation? in
        defer { waiter = .cancelled }
        guard case .suspended(let continuation) = waiter else { return nil }
        return continuation
      }
      continuation?.resume(throwing: _Concurrency.CancellationError())
    }
    // The continuation is only ever resumed by throwing, so this is not reached.
    throw _Concurrency.CancellationError()
  }
}

/// Where ``Task/never()`` stands: the cancellation handler can run before, during or after the
/// operation installs its continuation, so both sides go through this state under a lock.
private enum NeverWaiter {
  typealias Continuation = UnsafeContinuation<Void, any Error>

  /// Not suspended yet, and not cancelled.
  case waiting
  /// Suspended on the continuation, which cancellation resumes.
  case suspended(Continuation)
  /// Cancelled: a continuation installed now is resumed at once.
  case cancelled
}
