/// The states of a store as an asynchronous sequence: the current state, then each new one.
///
/// ```swift
/// for await state in store.states {
///   render(state)
/// }
/// ```
///
/// The sequence ends when the task iterating it is cancelled, or when the store is released.
/// For a scoped store that means the scoped store object itself (which keeps its parents alive):
/// while a scoped store's state is absent (an optional child dismissed, a row removed), the
/// sequence yields nothing and does not end, since the state may come back. The sequence does
/// not keep its store alive.
///
/// ```swift
/// let task = Task {
///   for await state in detailStore.states { render(state) }
///   // Here once `detailStore` was released (or the task cancelled).
/// }
/// ```
///
/// States are produced on the main actor; iterate on the main actor when the state holds
/// references that are not thread-safe.
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
    // Holds the root's core weakly: a stream that ends keeps no store alive.
    let unsubscribe = UncheckedSendable(core.unsubscriber(for: id))
    // Finishes the stream when the store is released.
    let ends = store.stateStreamEnds
    let end = ends.add { continuation.finish() }
    continuation.onTermination = { [weak ends] _ in
      ends?.remove(end)
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

    /// The next state, or `nil` when the sequence ended (the store was released, or iteration
    /// was cancelled).
    public mutating func next() async -> State? {
      await base.next()?.value
    }

    /// The next state, staying on the caller's actor (what `for await` uses).
    public mutating func next(isolation actor: isolated (any Actor)?) async -> State? {
      await base.next(isolation: actor)?.value
    }
  }
}

/// Ends the ``StoreStates`` sequences of one store when the store is released: held by the
/// store alone, so its deinit runs when the store's does.
package final class StateStreamEnds: Sendable {
  private let ends = Locked<(next: UInt64, finish: [UInt64: @Sendable () -> Void])>((0, [:]))

  init() {}

  /// Registers how to finish one sequence; `remove(_:)` it when it ended on its own.
  func add(_ finish: @escaping @Sendable () -> Void) -> UInt64 {
    ends.withLock { ends in
      ends.next += 1
      ends.finish[ends.next] = finish
      return ends.next
    }
  }

  func remove(_ id: UInt64) {
    ends.withLock { _ = $0.finish.removeValue(forKey: id) }
  }

  /// How many sequences are still running.
  var count: Int { ends.withLock { $0.finish.count } }

  deinit {
    // Finishing runs each sequence's termination handler, which calls `remove(_:)`: take them
    // out of the lock first. (That handler's weak reference to this object is already `nil`.)
    let finishes = ends.withLock { ends in
      defer { ends.finish = [:] }
      return ends.finish
    }
    for finish in finishes.values { finish() }
  }
}

extension Store {
  /// The current state, then each new state after every action, as an asynchronous sequence.
  ///
  /// For code without Observation: UIKit, command-line tools, servers.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   print(state.count)
  /// }
  /// ```
  ///
  /// The sequence ends when this store is released (see ``StoreStates``).
  public var states: StoreStates<State> {
    StoreStates(store: self)
  }

  /// Ends this store's ``states`` sequences when it is released; made by the first one.
  package var stateStreamEnds: StateStreamEnds {
    if let ends = stateStreamEndsStorage { return ends }
    let ends = StateStreamEnds()
    stateStreamEndsStorage = ends
    return ends
  }
}
