/// The error that a throwing closure made by `unimplemented(_:)` throws after reporting that it
/// was called.
///
/// ```swift
/// do {
///   _ = try await APIClient.testValue.fetch(1)
/// } catch let failure as UnimplementedFailure {
///   print(failure.description)  // "APIClient.fetch"
/// }
/// ```
public struct UnimplementedFailure: Error, Equatable {
  /// The description given to `unimplemented(_:)`, such as `"APIClient.fetch"`.
  ///
  /// ```swift
  /// UnimplementedFailure(description: "APIClient.fetch").description  // "APIClient.fetch"
  /// ```
  public var description: String

  /// Creates the error for the unimplemented endpoint `description`.
  ///
  /// ```swift
  /// let failure = UnimplementedFailure(description: "APIClient.fetch")
  /// ```
  ///
  /// - Parameter description: The name of the endpoint, such as `"APIClient.fetch"`.
  public init(description: String) {
    self.description = description
  }
}

/// Reports that the unimplemented endpoint `description` was called.
private func reportUnimplementedCall(_ description: String, fileID: StaticString, line: UInt) {
  let name = description.isEmpty ? "an unimplemented endpoint" : description
  reportIssue(
    """
    Unimplemented: \(name) was called. Its test value has no implementation: override this \
    dependency in the test that uses it (for example in the TestStore's `withDependencies:`).
    """, fileID: fileID, line: line)
}

/// A closure for a dependency's test value that reports an issue (a test failure under a
/// `TestStore`) and throws ``UnimplementedFailure`` when it is called. It takes any number of
/// arguments, whatever the closure type it is assigned to asks for.
///
/// ```swift
/// extension APIClient: DependencyKey {
///   static let testValue = APIClient(fetch: unimplemented("APIClient.fetch"))
/// }
///
/// let reload: @Sendable () throws -> Void = unimplemented("Feature.reload")
/// let save: @Sendable (Int, String) throws -> Bool = unimplemented("APIClient.save")
/// ```
///
/// A test that exercises the endpoint overrides it; one that calls it by mistake fails with
/// `"Unimplemented: APIClient.fetch was called…"` at the place `unimplemented` was written.
///
/// - Parameters:
///   - description: The name of the endpoint, such as `"APIClient.fetch"`.
///   - fileID: Where to report the call; where `unimplemented` is written by default.
///   - line: The line to report the call at.
/// - Returns: A closure that reports the call and throws.
public func unimplemented<each Argument, Output>(
  _ description: String = "", fileID: StaticString = #fileID, line: UInt = #line
) -> @Sendable (repeat each Argument) throws -> Output {
  { (_: repeat each Argument) in
    reportUnimplementedCall(description, fileID: fileID, line: line)
    throw UnimplementedFailure(description: description)
  }
}

/// An `async` closure for a dependency's test value that reports an issue (a test failure under
/// a `TestStore`) and throws ``UnimplementedFailure`` when it is called, with any number of
/// arguments.
///
/// ```swift
/// struct APIClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
/// }
///
/// extension APIClient: DependencyKey {
///   static let testValue = APIClient(fetch: unimplemented("APIClient.fetch"))
/// }
/// ```
///
/// - Parameters:
///   - description: The name of the endpoint, such as `"APIClient.fetch"`.
///   - fileID: Where to report the call; where `unimplemented` is written by default.
///   - line: The line to report the call at.
/// - Returns: A closure that reports the call and throws.
public func unimplemented<each Argument, Output>(
  _ description: String = "", fileID: StaticString = #fileID, line: UInt = #line
) -> @Sendable (repeat each Argument) async throws -> Output {
  { (_: repeat each Argument) in
    reportUnimplementedCall(description, fileID: fileID, line: line)
    throw UnimplementedFailure(description: description)
  }
}

/// A non-throwing closure for a dependency's test value that reports an issue (a test failure
/// under a `TestStore`) and returns `placeholder` when it is called, with any number of
/// arguments.
///
/// ```swift
/// let title: @Sendable (Int) -> String = unimplemented("Titles.title", placeholder: "")
/// ```
///
/// A closure that cannot throw has to return something: `placeholder` is evaluated on each call.
///
/// - Parameters:
///   - description: The name of the endpoint, such as `"Titles.title"`.
///   - placeholder: What the closure returns after reporting.
///   - fileID: Where to report the call; where `unimplemented` is written by default.
///   - line: The line to report the call at.
/// - Returns: A closure that reports the call and returns the placeholder.
public func unimplemented<each Argument, Output>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Output,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> @Sendable (repeat each Argument) -> Output {
  { (_: repeat each Argument) in
    reportUnimplementedCall(description, fileID: fileID, line: line)
    return placeholder()
  }
}

/// A non-throwing `async` closure for a dependency's test value that reports an issue (a test
/// failure under a `TestStore`) and returns `placeholder` when it is called, with any number of
/// arguments.
///
/// ```swift
/// let score: @Sendable (Int, String) async -> Int = unimplemented("Scores.score", placeholder: 0)
/// ```
///
/// A closure that cannot throw has to return something: `placeholder` is evaluated on each call.
///
/// - Parameters:
///   - description: The name of the endpoint, such as `"Scores.score"`.
///   - placeholder: What the closure returns after reporting.
///   - fileID: Where to report the call; where `unimplemented` is written by default.
///   - line: The line to report the call at.
/// - Returns: A closure that reports the call and returns the placeholder.
public func unimplemented<each Argument, Output>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Output,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> @Sendable (repeat each Argument) async -> Output {
  { (_: repeat each Argument) in
    reportUnimplementedCall(description, fileID: fileID, line: line)
    return placeholder()
  }
}

/// A value for an unimplemented property of a dependency's test value: reports an issue (a test
/// failure under a `TestStore`) when it is evaluated, and returns `placeholder`.
///
/// ```swift
/// struct Settings {
///   var apiVersion: Int
/// }
///
/// extension Settings {
///   static var unimplementedVersion: Int {
///     unimplemented("Settings.apiVersion", placeholder: 1)
///   }
/// }
/// ```
///
/// Unlike the closure forms, this one reports right away, so use it in a computed property (or
/// wherever evaluating it means the value was used).
///
/// - Parameters:
///   - description: The name of the value, such as `"Settings.apiVersion"`.
///   - placeholder: What to return after reporting.
///   - fileID: Where to report; the caller's by default.
///   - line: The line to report at.
/// - Returns: `placeholder`.
public func unimplemented<Value>(
  _ description: String = "",
  placeholder: @autoclosure () -> Value,
  fileID: StaticString = #fileID,
  line: UInt = #line
) -> Value {
  reportUnimplementedCall(description, fileID: fileID, line: line)
  return placeholder()
}
