extension Effect {
  /// Delays this effect by `dueTime`, and cancels it if another effect with the same id is
  /// debounced before then: only the last of a quick series runs.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return .run { send in
  ///     await send(.searchResponse(try await api.search(query)))
  ///   }
  ///   .debounce(id: "search", for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// The interval is measured on `clock` from the moment the action is reduced.
  ///
  /// - Parameters:
  ///   - id: The cancellation id shared by the series (scoped to this feature, like any id).
  ///   - dueTime: How long to wait for a newer effect before running this one.
  ///   - clock: The clock to wait on; use the `continuousClock` dependency so tests control it.
  ///
  /// (Disfavoured: where a call could also open an `any Clock<Duration>` for this method, the
  /// overload for existential clocks is the one chosen.)
  @_disfavoredOverload
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for dueTime: C.Duration,
    clock: C
  ) -> Self {
    debounced(id: id, for: dueTime, clock: clock)
  }

  private func debounced<C: Clock>(
    id: some Hashable & Sendable, for dueTime: C.Duration, clock: C
  ) -> Self {
    let deadline = clock.now.advanced(by: dueTime)
    return Effect.concatenate(
      .run { _ in try await clock.sleep(until: deadline, tolerance: nil) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Delays this effect by `dueTime` on a clock held as `any Clock<Duration>`, such as the
  /// `continuousClock` dependency, and cancels it if another effect with the same id is debounced
  /// before then.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// // …
  /// return .run { send in await send(.search(query)) }
  ///   .debounce(id: "search", for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// The same as the generic ``debounce(id:for:clock:)-(_,C.Duration,C)``, for an existential
  /// clock: without this overload the call does not compile in a file that imports Foundation.
  public func debounce(
    id: some Hashable & Sendable,
    for dueTime: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    func debounce<C: Clock<Duration>>(on clock: C) -> Self {
      debounced(id: id, for: dueTime, clock: clock)
    }
    return debounce(on: clock)
  }
}
