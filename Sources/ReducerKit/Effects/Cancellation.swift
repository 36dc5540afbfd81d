extension Effect {
  /// Makes this effect cancellable by `id`.
  ///
  /// ```swift
  /// case .startTimer:
  ///   return .run { send in
  ///     for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  ///   }
  ///   .cancellable(id: "timer", cancelInFlight: true)
  /// case .stopTimer:
  ///   return .cancel(id: "timer")
  /// ```
  ///
  /// Ids are scoped to the feature that uses them: two rows of a `forEach`, or a parent and its
  /// child, can use the same id without cancelling each other's effects.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value.
  ///   - cancelInFlight: Whether to cancel any effect already running under `id` before this one
  ///     starts.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    guard let box else { return cancelInFlight ? .cancel(id: id) : self }
    // Straight into its box: building an `Operation` first would need its type metadata.
    return Self(
      box: CancellableEffectBox(inner: box, id: EffectID(id), cancelInFlight: cancelInFlight))
  }

  /// An effect that cancels every effect running under `id` in this feature.
  ///
  /// ```swift
  /// case .cancelButtonTapped:
  ///   return .cancel(id: "download")
  /// ```
  ///
  /// Cancelling an id that has no running effect does nothing.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: EffectID(id)))
  }
}
