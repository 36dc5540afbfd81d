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

  /// Runs several effects at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.loaded) })
  /// ```
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs several effects at the same time.
  public static func merge(_ effects: some Swift.Sequence<Self>) -> Self {
    // An array (what `map` returns, the common case) is walked by index: through the generic
    // `Sequence` witnesses, each element cost a call and an allocation.
    merged(effects as? [Self] ?? Array(effects))
  }

  /// One merge of `effects`, built as the boxes of its parts (the store walks them without type
  /// metadata), dropping `.none`s and flattening nested merges into it.
  private static func merged(_ effects: [Self]) -> Self {
    var parts: [EffectBox] = []
    parts.reserveCapacity(effects.count)
    for index in effects.indices {
      guard let box = effects[index].box else { continue }
      if box.kind == .merge {
        parts.append(contentsOf: unsafeDowncast(box, to: MergeEffectBox.self).parts)
      } else {
        parts.append(box)
      }
    }
    switch parts.count {
    case 0: return .none
    case 1: return Self(box: parts[0])
    default: return Self(box: MergeEffectBox(parts: parts))
    }
  }

  /// One concatenation of `effects` in a single array (combining them one by one would copy the
  /// array for each effect), dropping `.none`s and flattening nested concatenations into it.
  /// Only a nested concatenation has its operation read (the box says which kind it is).
  private static func concatenated(_ effects: [Self]) -> Self {
    var parts: [Self] = []
    parts.reserveCapacity(effects.count)
    for index in effects.indices {
      let effect = effects[index]
      guard let box = effect.box else { continue }
      if box.kind == .concatenate, case .concatenate(let nested) = effect.operation {
        parts.append(contentsOf: nested)
      } else {
        parts.append(effect)
      }
    }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(operation: .concatenate(parts))
    }
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// ```swift
  /// return effect.merge(with: .send(.didStart))
  /// ```
  public func merge(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.merge(let lhs), .merge(let rhs)): return Self(operation: .merge(lhs + rhs))
    case (.merge(let lhs), _): return Self(operation: .merge(lhs + [other]))
    case (_, .merge(let rhs)): return Self(operation: .merge([self] + rhs))
    default: return Self(operation: .merge([self, other]))
    }
  }

  /// Runs effects one after the other: each starts when the one before it has finished.
  ///
  /// ```swift
  /// return .concatenate(.send(.willLoad), .run { send in await send(.loaded) }, .send(.didLoad))
  /// ```
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs effects one after the other: each starts when the one before it has finished.
  public static func concatenate(_ effects: some Swift.Sequence<Self>) -> Self {
    concatenated(effects as? [Self] ?? Array(effects))
  }

  /// Runs `other` when this effect has finished.
  ///
  /// ```swift
  /// return effect.concatenate(with: .send(.didFinish))
  /// ```
  public func concatenate(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.concatenate(let lhs), .concatenate(let rhs)):
      return Self(operation: .concatenate(lhs + rhs))
    case (.concatenate(let lhs), _): return Self(operation: .concatenate(lhs + [other]))
    case (_, .concatenate(let rhs)): return Self(operation: .concatenate([self] + rhs))
    default: return Self(operation: .concatenate([self, other]))
    }
  }

  /// Transforms the actions this effect sends.
  ///
  /// ```swift
  /// let parentEffect = childEffect.map(Action.child)
  /// ```
  ///
  /// - Parameter transform: Called on the main actor for each action the effect sends.
  public func map<NewAction>(_ transform: @escaping (Action) -> NewAction) -> Effect<NewAction> {
    if isNone { return .none }
    // `transform` is only called inside `Send`, which runs on the main actor.
    let sendable = UncheckedSendable(transform)
    return rewritten(keep: { _ in nil }, send: transform) { body in
      { send in try await body(send.map(sendable.value)) }
    }
  }

  /// This effect with its asynchronous work running under `values`: how a reducer's
  /// `.dependency` override reaches the effects it returns (they start after it has returned).
  package func withDependencies(_ values: DependencyValues) -> Self {
    wrappingRuns { body in
      { send in try await DependencyValues.withValues(values) { try await body(send) } }
    }
  }

  /// This effect with each `.run`'s work wrapped by `wrapRun`, and every other part kept as it
  /// is: ``withDependencies(_:)`` and `withDismiss(_:)`.
  package func wrappingRuns(
    _ wrapRun: (
      _ body: @escaping @Sendable (Send<Action>) async throws -> Void
    ) -> @Sendable (Send<Action>) async throws -> Void
  ) -> Self {
    rewritten(keep: { $0 }, send: { $0 }, wrapRun: wrapRun)
  }

  /// The one walk of an effect's tree that makes another effect of it: the same tree, with each
  /// `.send`'s action passed through `send` and each `.run`'s work wrapped by `wrapRun`
  /// (``map(_:)`` and ``wrappingRuns(_:)``).
  ///
  /// - Parameters:
  ///   - keep: A `.send`, `.cancel` or throttle's firing as it is in the new effect, when it can
  ///     be kept (the action type stays the same); `nil` to build it anew.
  ///   - send: Turns a `.send`'s action into the new effect's.
  ///   - wrapRun: Turns a `.run`'s work into the new effect's.
  private func rewritten<NewAction>(
    keep: (Self) -> Effect<NewAction>?,
    send: (Action) -> NewAction,
    wrapRun: (
      _ body: @escaping @Sendable (Send<Action>) async throws -> Void
    ) -> @Sendable (Send<NewAction>) async throws -> Void
  ) -> Effect<NewAction> {
    func rewrite(_ effect: Self) -> Effect<NewAction> {
      effect.rewritten(keep: keep, send: send, wrapRun: wrapRun)
    }
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return keep(self) ?? .send(send(action))
    case .cancel(let id):
      return keep(self) ?? Effect<NewAction>(operation: .cancel(id: id))
    case .throttleFire(let id, let plan):
      return keep(self) ?? Effect<NewAction>(operation: .throttleFire(id: id, plan: plan))
    case .run(let run):
      return Effect<NewAction>(
        operation: .run(
          Effect<NewAction>.Run(
            priority: run.priority, body: wrapRun(run.body), fileID: run.fileID, line: run.line)))
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map(rewrite)))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map(rewrite)))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(
        operation: .cancellable(rewrite(effect), id: id, cancelInFlight: cancelInFlight))
    case .scoped(let effect, let component, let locator):
      return Effect<NewAction>(operation: .scoped(rewrite(effect), component, locator))
    case .throttle(let effect, let id, let plan):
      return Effect<NewAction>(operation: .throttle(rewrite(effect), id: id, plan: plan))
    }
  }

  /// Whether running this effect needs no task: it only sends actions and cancels.
  package var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .throttleFire: true
    case .throttle: false
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(let effect, _, _), .scoped(let effect, _, _): effect.isSynchronous
    }
  }

  /// This effect with its cancellation ids scoped to a child feature (see `Scope`); `locator`
  /// finds the child's state in its parent's, so the store can cancel the effect when the child
  /// goes away.
  package func scoped(to component: ScopeComponent, locator: ChildLocator) -> Self {
    if isNone { return self }
    return Self(operation: .scoped(self, component, locator))
  }

  /// The cancellation keys this effect registers under when it starts at `path` (its ids, and the
  /// lifetimes of the children it belongs to): what a concatenation watches for its parts that
  /// have not started yet.
  package func cancellationKeys(at path: ScopePath, into keys: inout Set<EffectKey>) {
    switch operation {
    case .none, .send, .cancel, .throttleFire, .run:
      return
    case .merge(let effects), .concatenate(let effects):
      for effect in effects { effect.cancellationKeys(at: path, into: &keys) }
    case .cancellable(let effect, let id, _):
      keys.insert(EffectKey(path: path, id: id))
      effect.cancellationKeys(at: path, into: &keys)
    case .throttle(let effect, let id, _):
      keys.insert(EffectKey(path: path, id: id))
      effect.cancellationKeys(at: path, into: &keys)
    case .scoped(let effect, let component, _):
      let childPath = path + [component]
      if component.hasLifetime { keys.insert(EffectKey(path: childPath, id: nil)) }
      effect.cancellationKeys(at: childPath, into: &keys)
    }
  }
}

/// The storage of a non-`none` effect, as a non-generic class type (see `Effect.box`).
@usableFromInline
class EffectBox {
  /// Which combinations an operation is: what `merge` and `concatenate` check (to flatten
  /// nested ones) without reading, and so copying, a generic operation.
  @usableFromInline
  enum Kind {
    /// A ``MergeEffectBox``.
    case merge
    case concatenate
    /// A ``CancellableEffectBox``.
    case cancellable
    /// A ``RunEffectBox``.
    case run
    case other
  }

  @usableFromInline let kind: Kind

  @usableFromInline
  init(kind: Kind) {
    self.kind = kind
  }
}

/// The storage of a non-`none` effect: its operation, never mutated.
final class TypedEffectBox<Action>: EffectBox {
  let operation: Effect<Action>.Operation

  init(_ operation: Effect<Action>.Operation, kind: Kind) {
    self.operation = operation
    super.init(kind: kind)
  }
}

/// The storage of a `.merge`: the boxes of its parts (none of them `.none`). Not generic, so the
/// store walks a merge of any action type without type metadata and without copying an operation.
final class MergeEffectBox: EffectBox {
  let parts: [EffectBox]

  init(parts: [EffectBox]) {
    self.parts = parts
    super.init(kind: .merge)
  }
}

/// The storage of a `.run`. Generic, but its layout is the same for every `Action` (the body is a
/// function), so unspecialized code reads it at fixed offsets: no type metadata, and no copy of a
/// generic `Operation`, for each effect the store starts.
///
/// The run's parts are stored one by one rather than as an `Effect.Run`: a value of that generic
/// struct, in unspecialized code, needs its type's metadata (to size an async frame that holds
/// one, or to destroy the field when the box is freed), looked up once per effect.
@usableFromInline
final class RunEffectBox<Action>: EffectBox {
  @usableFromInline let body: @Sendable (Send<Action>) async throws -> Void
  @usableFromInline let priority: TaskPriority?
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// Inlinable, so that a `.run` built in code compiled for the user's action type is stored
  /// there too: the unspecialized initializer looked up the box's type metadata for each effect.
  @inlinable
  init(
    priority: TaskPriority?, body: @escaping @Sendable (Send<Action>) async throws -> Void,
    fileID: StaticString, line: UInt
  ) {
    self.body = body
    self.priority = priority
    self.fileID = fileID
    self.line = line
    super.init(kind: .run)
  }

  /// The box of `run`.
  convenience init(_ run: Effect<Action>.Run) {
    self.init(priority: run.priority, body: run.body, fileID: run.fileID, line: run.line)
  }

  /// The run, as one value again.
  var run: Effect<Action>.Run {
    Effect<Action>.Run(priority: priority, body: body, fileID: fileID, line: line)
  }
}

/// The storage of a `.cancellable` whose effect is not `.none`: the effect's box and the id. Not
/// generic, for the same reason as ``MergeEffectBox``: it is what the store reads for every
/// cancellable effect it starts.
final class CancellableEffectBox: EffectBox {
  let inner: EffectBox
  let id: EffectID
  let cancelInFlight: Bool

  init(inner: EffectBox, id: EffectID, cancelInFlight: Bool) {
    self.inner = inner
    self.id = id
    self.cancelInFlight = cancelInFlight
    super.init(kind: .cancellable)
  }
}
