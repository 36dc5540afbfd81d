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
