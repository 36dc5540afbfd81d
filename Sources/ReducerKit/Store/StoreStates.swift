/// The states of a store as an asynchronous sequence: the current state, then each new one.
///
/// ```swift
/// for await state in store.states {
///   render(state)
/// }
/// ```
///
/// The sequence ends when the task iterating it is cancelled. States are produced on the main
/// actor; iterate on the main actor when the state holds references that are not thread-safe.
public struct StoreStates<State>: AsyncSequence {
  /// Each element is a state of the store.
  public typealias Element = State

  private let stream: AsyncStream<UncheckedSendable<State>>

  @MainActor
  init<Action>(store: Store<State, Action>) {
    let (stream, continuation) = AsyncStream<UncheckedSendable<State>>.makeStream(
      bufferingPolicy: .unbounded)
    let core = store.core
    // States are value copies made on the main actor and handed to one consumer.
    let id = core.subscribe { continuation.yield(UncheckedSendable($0)) }
    let unsubscribe = UncheckedSendable { [weak core] in core?.unsubscribe(id) }
    continuation.onTermination = { _ in
      Task { @MainActor in unsubscribe.value() }
    }
    self.stream = stream
  }

  /// Creates the iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator())
  }

  /// Iterates the states.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<UncheckedSendable<State>>.AsyncIterator

    /// The next state, or `nil` when iteration was cancelled.
    public mutating func next() async -> State? {
      await base.next()?.value
    }

    /// The next state, staying on the caller's actor (what `for await` uses).
    public mutating func next(isolation actor: isolated (any Actor)?) async -> State? {
      await base.next(isolation: actor)?.value
    }
  }
}
