/// Hands a loaded value back to the shared reference: passed to
/// ``SharedReaderKey/load(context:continuation:)``, resumed exactly once.
///
/// ```swift
/// func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///   continuation.resume(with: Result { try readCount() })  // `nil`: keep the default
/// }
/// ```
///
/// A second resume is ignored with a runtime warning; a continuation released without a resume
/// is a runtime warning too, and the reference stops loading with its value unchanged.
public struct LoadContinuation<Value: Sendable>: Sendable {
  let once: ResumeOnce<Result<Value?, any Error>>

  init(_ description: String, _ resume: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    once = ResumeOnce(description, kind: "load", unchanged: .success(nil), resume)
  }

  /// Resumes with a loaded value.
  ///
  /// ```swift
  /// continuation.resume(returning: 42)
  /// ```
  public func resume(returning value: Value) {
    once.resume(.success(value))
  }

  /// Resumes with nothing loaded: the reference keeps the value it has (at first, the default).
  ///
  /// ```swift
  /// continuation.resumeReturningInitialValue()
  /// ```
  public func resumeReturningInitialValue() {
    once.resume(.success(nil))
  }

  /// Resumes with an error: the reference keeps its value and sets `loadError`.
  ///
  /// ```swift
  /// continuation.resume(throwing: CocoaError(.fileReadCorruptFile))
  /// ```
  public func resume(throwing error: any Error) {
    once.resume(.failure(error))
  }

  /// Resumes with a result: a value, `nil` for the value the reference has, or an error.
  ///
  /// ```swift
  /// continuation.resume(with: Result { try decode() })
  /// ```
  public func resume(with result: Result<Value?, any Error>) {
    once.resume(result)
  }
}

/// Tells the shared reference that a save ended: passed to
/// ``SharedKey/save(_:context:continuation:)``, resumed exactly once.
///
/// ```swift
/// func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
///   continuation.resume(with: Result { try write(value) })
/// }
/// ```
public struct SaveContinuation: Sendable {
  let once: ResumeOnce<Result<Void, any Error>>

  init(_ description: String, _ resume: @escaping @Sendable (Result<Void, any Error>) -> Void) {
    once = ResumeOnce(description, kind: "save", unchanged: .success(()), resume)
  }

  /// The value was saved.
  ///
  /// ```swift
  /// continuation.resume()
  /// ```
  public func resume() {
    once.resume(.success(()))
  }

  /// The save failed: the reference keeps the value in memory and sets `saveError`.
  ///
  /// ```swift
  /// continuation.resume(throwing: CocoaError(.fileWriteOutOfSpace))
  /// ```
  public func resume(throwing error: any Error) {
    once.resume(.failure(error))
  }

  /// Resumes with the save's result.
  ///
  /// ```swift
  /// continuation.resume(with: Result { try data.write(to: url) })
  /// ```
  public func resume(with result: Result<Void, any Error>) {
    once.resume(result)
  }
}

/// Sends a key's changes to the shared reference: passed to
/// ``SharedReaderKey/subscribe(context:subscriber:)``; may yield any number of times.
///
/// ```swift
/// subscriber.yield(newValue)
/// ```
public struct SharedSubscriber<Value: Sendable>: Sendable {
  let onResult: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: @Sendable (Bool) -> Void

  init(
    onResult: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: @escaping @Sendable (Bool) -> Void
  ) {
    self.onResult = onResult
    self.onLoading = onLoading
  }

  /// The value changed outside the app.
  ///
  /// ```swift
  /// subscriber.yield(42)
  /// ```
  public func yield(_ value: Value) {
    onResult(.success(value))
  }

  /// The value outside the app is gone (a deleted file, a removed default): the reference goes
  /// back to the default it was declared with.
  ///
  /// ```swift
  /// subscriber.yieldReturningInitialValue()
  /// ```
  public func yieldReturningInitialValue() {
    onResult(.success(nil))
  }

  /// Loading the changed value failed: the reference keeps its value and sets `loadError`.
  ///
  /// ```swift
  /// subscriber.yield(throwing: error)
  /// ```
  public func yield(throwing error: any Error) {
    onResult(.failure(error))
  }

  /// A value, `nil` for the default, or an error.
  ///
  /// ```swift
  /// subscriber.yield(with: Result { try decode(data) })
  /// ```
  public func yield(with result: Result<Value?, any Error>) {
    onResult(result)
  }

  /// Sets the reference's `isLoading`.
  ///
  /// ```swift
  /// subscriber.yieldLoading()
  /// ```
  public func yieldLoading(_ isLoading: Bool = true) {
    onLoading(isLoading)
  }
}

/// Runs a continuation's resume once: a second one, or none before release, is a warning.
final class ResumeOnce<Result: Sendable>: Sendable {
  private let resumeBody: Locked<(@Sendable (Result) -> Void)?>
  private let description: String
  private let kind: String
  /// The result that leaves the reference as it is: used for a continuation released unresumed.
  private let unchanged: Result

  init(
    _ description: String, kind: String, unchanged: Result,
    _ resume: @escaping @Sendable (Result) -> Void
  ) {
    resumeBody = Locked(resume)
    self.description = description
    self.kind = kind
    self.unchanged = unchanged
  }

  func resume(_ result: Result) {
    let body = resumeBody.withLock { body in
      defer { body = nil }
      return body
    }
    guard let body else {
      runtimeWarn(
        """
        \(description) resumed its \(kind) continuation more than once. Only the first resume \
        counts.
        """)
      return
    }
    body(result)
  }

  deinit {
    guard let body = resumeBody.withLock({ $0 }) else { return }
    runtimeWarn(
      """
      \(description) released its \(kind) continuation without resuming it. The \(kind) is \
      treated as ended with the value unchanged.
      """)
    body(unchanged)
  }
}
