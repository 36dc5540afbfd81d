/// Work that a reducer asks the ``Store`` to do after it has changed the state: send more actions,
/// run asynchronous code that feeds actions back, or cancel work in flight.
///
/// `Effect` reads like an enum at the call site:
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     let items = try await api.fetchItems()
///     await send(.itemsLoaded(items))
///   } catch: { error, send in
///     await send(.loadFailed("\(error)"))
///   }
///   .cancellable(id: "refresh", cancelInFlight: true)
/// ```
///
/// Semantics (see Docs/Effects.md):
/// - ``send(_:)`` effects, and merges and concatenations made only of them, are reduced before
///   `Store.send` returns, in first-in first-out order.
/// - A ``run(priority:operation:catch:fileID:line:)`` effect is a task owned by the store. It is
///   registered for cancellation before `Store.send` returns, so a ``cancel(id:)`` can never miss
///   it.
/// - Actions that an effect sends after it was cancelled are dropped.
///
/// An `Effect` is a description a reducer returns to its store, on the main actor; it is not
/// `Sendable`. The work inside a `.run` is `@Sendable` and runs in its own task.
public struct Effect<Action> {
  package enum Operation {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    // An `Effect` is one pointer (its box), so the cases that hold one need no `indirect`: an
    // indirect payload is one more allocation for every `.cancellable` (and every child effect).
    case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
    case cancel(id: EffectID)
    /// An effect of a child feature: its ids are scoped to the child, and the locator lets the
    /// store find the child's state (to cancel the effect when the child goes away).
    case scoped(Effect, ScopeComponent, ChildLocator)
    /// Runs the effect now, or later, or never, as the throttle with this id decides.
    indirect case throttle(Effect, id: EffectID, plan: ThrottlePlan)
    /// The end of a throttle interval: runs the effect that waited for it.
    case throttleFire(id: EffectID, plan: ThrottlePlan)
    /// The effect's tasks inherit this: the dependencies in force and how `dismiss()` dismisses
    /// (applied once, when each task starts; an inner one wins over an outer one).
    case inheriting(Effect, TaskInheritance<Action>)
  }

  /// The asynchronous part of an effect.
  @usableFromInline
  package struct Run: Sendable {
    package let priority: TaskPriority?
    /// The work; a thrown error that its own `catch` handler did not take is reported by the store.
    package let body: @Sendable (Send<Action>) async throws -> Void
    /// Where the effect was created, for warnings.
    package let fileID: StaticString
    package let line: UInt
    // Made with the memberwise initializer, inside the module only: `Effect.run` (inlinable)
    // builds a ``RunEffectBox`` from the parts instead.
  }

  /// The operation, boxed: `nil` for `.none`. A box of a non-generic class type gives `Effect`
  /// the same one-pointer layout for every `Action`, so unspecialized generic code (the store's
  /// send path, `Scope`) tests for `.none` without asking the runtime for any type metadata.
  @usableFromInline
  let box: EffectBox?

  package init(operation: Operation) {
    // A switch that binds nothing reads the case in place, with no copy of the operation.
    let kind: EffectBox.Kind
    switch operation {
    case .none:
      box = nil
      return
    case .merge(let effects):
      // Kept as their boxes, which the store walks with no generic array of its own.
      box = MergeEffectBox(parts: effects.compactMap(\.box))
      return
    case .concatenate: kind = .concatenate
    case .run(let run):
      box = RunEffectBox(run)
      return
    case .cancellable(let effect, let id, let cancelInFlight):
      if let inner = effect.box {
        box = CancellableEffectBox(inner: inner, id: id, cancelInFlight: cancelInFlight)
        return
      }
      kind = .other
    default: kind = .other
    }
    box = TypedEffectBox(operation, kind: kind)
  }

  /// What this effect does.
  package var operation: Operation {
    guard let box else { return .none }
    switch box.kind {
    case .merge:
      return .merge(unsafeDowncast(box, to: MergeEffectBox.self).parts.map(Self.init(box:)))
    case .cancellable:
      let cancellable = unsafeDowncast(box, to: CancellableEffectBox.self)
      return .cancellable(
        Self(box: cancellable.inner), id: cancellable.id,
        cancelInFlight: cancellable.cancelInFlight)
    case .run:
      return .run(unsafeDowncast(box, to: RunEffectBox<Action>.self).run)
    case .concatenate, .other:
      return unsafeDowncast(box, to: TypedEffectBox<Action>.self).operation
    }
  }

  /// Whether this is ``none``: a nil check, with no type metadata needed.
  @inlinable
  package var isNone: Bool {
    @inline(__always) get { box == nil }
  }

  /// An effect that does nothing.
  ///
  /// ```swift
  /// case .increment:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Self { Self(box: nil) }

  @inlinable @inline(__always)
  init(box: EffectBox?) {
    self.box = box
  }

  /// An effect that sends `action` back into the store right away, before `Store.send` returns.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return .send(.delegate(.didSave))
  /// ```
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs asynchronous work, which can send actions back into the store.
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.timerTicked)
  /// }
  /// ```
  ///
  /// The work runs in a task owned by the store: cancelling its id, releasing the store, or the
  /// child state that started it going away cancels it.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work. It receives a ``Send`` to send actions back with.
  ///   - handler: Called with any error that `operation` throws (other than the cancellation of
  ///     a cancelled effect). Without a handler, such an error is reported as a runtime warning
  ///     (a test failure under a TestStore); the store keeps working.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    // Inlinable, so the box is made in code compiled for the user's action type (unspecialized
    // code looks the box's generic type up in the runtime's metadata caches for every effect),
    // and straight into its box (an `Operation` would need its type metadata too).
    let body = handler.map { handler in Self.body(operation, catching: handler) } ?? operation
    return Self(box: RunEffectBox(priority: priority, body: body, fileID: fileID, line: line))
  }

  /// `operation`, with the errors it throws handed to `handler` (but the cancellation of a
  /// cancelled effect).
  @usableFromInline
  static func body(
    _ operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catching handler: @escaping @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void
  ) -> @Sendable (Send<Action>) async throws -> Void {
    { send in
      do {
        try await operation(send)
      } catch is CancellationError where Task.isCancelled {
        // A cancelled effect ending with CancellationError is how cancellation should look.
      } catch {
        await handler(error, send)
      }
    }
  }

  /// An effect that sends every element of an asynchronous sequence of actions.
  ///
  /// ```swift
  /// case .task:
  ///   return .run(notifications.map { Action.notificationReceived($0) })
  /// ```
  ///
  /// An error the sequence throws is treated like one thrown from
  /// ``run(priority:operation:catch:fileID:line:)`` without a `catch` handler.
  public static func run<S: AsyncSequence & Sendable>(
    _ sequence: S,
    priority: TaskPriority? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self where S.Element == Action {
    .run(
      priority: priority,
      operation: { send in
        for try await action in sequence {
          // The element is handed straight to the main actor and not used here again.
          let action = UncheckedSendable(action)
          await send(action.value)
        }
      }, fileID: fileID, line: line)
  }
}
