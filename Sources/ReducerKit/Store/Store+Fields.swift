// A store's fields read through dynamic member lookup (`store.count`), and the observation of
// each field on its own.

extension Store {
  /// Reads a field of the state: `store.count` for `store.state.count`.
  ///
  /// It reads the same state as ``state`` (inside a reducer, the state so far). A read made while
  /// observers are checked (from an `==` or a key path) registers no observation.
  ///
  /// Inside `withObservationTracking` this registers interest in that field only: observers are
  /// notified after an action that changed it, and not for changes elsewhere in the state.
  ///
  /// "Changed" means: the field's bytes differ from those of the value read, and `==` agrees.
  /// (So a `Double.nan` that was not touched is unchanged. A field whose type is not
  /// `Equatable` counts as changed by every action.)
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let field = field(keyPath) { ObservedPart.make(keyPath, offset: $0, notify: $1) }
    // The shared values the read reaches are recorded, so that the store is told of their
    // changes (and of no others').
    let wasRecording = SharedReadRecorder.begin()
    defer { SharedReadRecorder.end(wasRecording) }
    let value = Self.value(of: field, keyPath, in: core.state)
    observe(field, value: value)
    return value
  }

  /// Reads an `Equatable` field of the state, observing that field only (see above).
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    // The `Equatable` overload of `make`: compared with `==`, no run-time conformance lookup.
    let field = field(keyPath) { ObservedPart.make(keyPath, offset: $0, notify: $1) }
    // The shared values the read reaches are recorded, so that the store is told of their
    // changes (and of no others').
    let wasRecording = SharedReadRecorder.begin()
    defer { SharedReadRecorder.end(wasRecording) }
    let value = Self.value(of: field, keyPath, in: core.state)
    observe(field, value: value)
    return value
  }

  /// The value of `field` (read through `keyPath`) in `state`: at its byte offset when it is a
  /// stored field the part checks by offset (``readStoredField(_:at:in:)``), otherwise through
  /// the key path. A key path applied in this code, which is not specialized for the user's
  /// types, looked up generic type metadata on every read (a few hundred instructions, and the
  /// runtime's metadata cache code in the instruction cache of every view update).
  private static func value<Value>(
    of field: ObservedField, _ keyPath: KeyPath<State, Value>, in state: State
  ) -> Value {
    // A part's offset is the ``storedOffset(of:)`` of the key path it was made from,
    // or -1; the field was found by that key path.
    let offset = field.part.offset
    guard offset >= 0 else { return state[keyPath: keyPath] }
    return readStoredField(keyPath, at: offset, in: state)
  }

  /// Makes a part from its offset and its notification.
  typealias PartMaker = (_ offset: Int?, _ notify: PartNotification) ->
    ObservedPart

  private func field<Value>(
    _ keyPath: KeyPath<State, Value>, makePart: PartMaker
  ) -> ObservedField {
    for recent in recentFields where recent.keyPath === keyPath { return recent.field }
    let field =
      fields[keyPath]
      ?? makeField(
        keyPath, offset: storedOffset(of: keyPath),
        registrarKeyPath: StoreRegistrar.keyPath(ofField: nextField()), makePart: makePart)
    fields[keyPath] = field
    // Key paths made at run time are new objects on every read: the array stays short, and
    // its oldest entry makes room.
    let recent = RecentField(keyPath: keyPath, field: field)
    if recentFields.count < Self.recentFieldLimit {
      recentFields.append(recent)
    } else {
      recentFields[nextRecentField] = recent
      nextRecentField = (nextRecentField + 1) % Self.recentFieldLimit
    }
    return field
  }

  /// How many fields ``recentFields`` holds at most.
  private static var recentFieldLimit: Int { 16 }

  private func nextField() -> Int {
    defer { nextFieldNumber += 1 }
    return nextFieldNumber
  }

  func makeField<Value>(
    _ keyPath: KeyPath<State, Value>,
    offset: Int?,
    registrarKeyPath: KeyPath<StoreRegistrar, Int>,
    makePart: PartMaker
  ) -> ObservedField {
    let part = makePart(offset, PartNotification(subject: subject, keyPath: registrarKeyPath))
    own(part)
    return ObservedField(keyPath: keyPath, registrarKeyPath: registrarKeyPath, part: part)
  }

  private func own(_ part: ObservedPart) {
    guard !isRoot else { return }
    if ownedParts == nil { ownedParts = OwnedParts(released: core.releasedParts) }
    ownedParts!.append(part)
  }

  func observe<Value>(_ field: ObservedField, value: Value) {
    // Made by `makeField` from a `KeyPath<StoreRegistrar, Int>`; stored untyped so that
    // `ObservedField` is not generic (a generic type's metadata is looked up at run time on
    // every read).
    subject.access(
      unsafeDowncast(field.registrarKeyPath, to: KeyPath<StoreRegistrar, Int>.self))
    core.observe(StateObserver(part: field.part, value: value, finder: core.finderFromRoot))
  }
}

/// A part of a store's state that its observers read: the key path it was read through, the key
/// path the registrar knows it by (a `KeyPath<StoreRegistrar, Int>`), and how to check it.
struct ObservedField {
  let keyPath: AnyKeyPath
  let registrarKeyPath: AnyKeyPath
  let part: ObservedPart
}

/// A field read lately, kept with the key path object it was read through (which the entry keeps
/// alive, so no other key path can be at its address).
struct RecentField {
  let keyPath: AnyKeyPath
  let field: ObservedField
}
