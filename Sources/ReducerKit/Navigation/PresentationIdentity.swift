/// The identity of a presented instance: two states with different identities are different
/// presentations (the effects of the first are cancelled when the second replaces it). For a
/// destination enum, its case (read from its tag, without reflection) and the `Identifiable`
/// id of its payload; for an `Identifiable` state, its id; otherwise none (any value is the
/// same presentation).
@usableFromInline
func presentationInstanceReader<ChildState>(
  of _: ChildState.Type
) -> (ChildState) -> AnyHashable? {
  let isIdentifiable = ChildState.self is any Identifiable.Type
  guard let metadata = EnumMetadata(ChildState.self) else {
    guard isIdentifiable else { return { _ in nil } }
    return { ($0 as? any Identifiable)?.presentationID }
  }
  let payloads = PayloadReaders<ChildState>(metadata)
  return { state in
    let tag = metadata.tag(ofValue: state)
    if isIdentifiable {
      return AnyHashable(
        CaseInstance(tag: tag, id: (state as? any Identifiable)?.presentationID))
    }
    return AnyHashable(CaseInstance(tag: tag, id: payloads.identity(tag: tag)?(state)))
  }
}

/// Reads the ``EphemeralState/ephemeralIdentity`` of a presented alert or dialog (the state
/// itself, or the payload of the destination enum's current case); `nil` when `ChildState` can
/// hold none. Out of line: made once per reducer; a case's payload type is looked up once per
/// case, and the payload is read without reflection.
@usableFromInline
func ephemeralIdentityReader<ChildState>(
  of _: ChildState.Type
) -> ((ChildState) -> AnyHashable?)? {
  if ChildState.self is any EphemeralState.Type {
    return { ($0 as? any EphemeralState).map { AnyHashable($0.ephemeralIdentity) } }
  }
  guard let metadata = EnumMetadata(ChildState.self) else { return nil }
  let payloads = PayloadReaders<ChildState>(metadata)
  return { payloads.ephemeralIdentity(tag: metadata.tag(ofValue: $0))?($0) }
}

/// The identity of a presented destination: its enum case and its payload's id.
private struct CaseInstance: Hashable {
  let tag: UInt32
  let id: AnyHashable?
}

/// How to read the `Identifiable` id or the ephemeral identity of each case's payload of a
/// destination enum, worked out once per case (by tag) and without `Mirror`: the case's payload
/// type comes from the enum's field records, and the payload is copied out as a case path
/// copies it (``EnumCaseSelection/copyPayload(ofValue:_:_:)``). Used on the main actor only, by the
/// reducer and the store's lifetime checks.
private final class PayloadReaders<Root> {
  typealias Reader = (Root) -> AnyHashable
  private let metadata: EnumMetadata
  /// The enum's cases, read once, when a reader is first needed.
  private lazy var cases: [EnumCase] = metadata.cases ?? []
  private var identities: [UInt32: Reader?] = [:]
  private var ephemeralIdentities: [UInt32: Reader?] = [:]

  init(_ metadata: EnumMetadata) {
    self.metadata = metadata
  }

  /// Reads the `Identifiable` id of case `tag`'s payload; `nil` when it has none.
  func identity(tag: UInt32) -> Reader? {
    reader(tag: tag, cache: &identities) { type, candidate in
      (type as? any Identifiable.Type).map { identityReader($0, candidate) }
    }
  }

  /// Reads the ephemeral identity of case `tag`'s payload (an alert or a dialog); `nil` when the
  /// payload is neither.
  func ephemeralIdentity(tag: UInt32) -> Reader? {
    reader(tag: tag, cache: &ephemeralIdentities) { type, candidate in
      (type as? any EphemeralState.Type).map { ephemeralReader($0, candidate) }
    }
  }

  /// The reader for case `tag`, made by `make` from the case's payload type and storage the
  /// first time, then taken from `cache`.
  private func reader(
    tag: UInt32, cache: inout [UInt32: Reader?],
    make: (Any.Type, EnumCaseSelection.Candidate) -> Reader?
  ) -> Reader? {
    if let known = cache[tag] { return known }
    let reader = payload(tag: tag).flatMap { make($0.0, $0.1) }
    cache[tag] = reader
    return reader
  }

  /// The payload type of case `tag`, and where its payload is stored.
  private func payload(tag: UInt32) -> (Any.Type, EnumCaseSelection.Candidate)? {
    guard let type = cases.first(where: { $0.tag == tag })?.payloadType,
      let candidate = EnumCaseSelection.cached(root: Root.self, value: type).selection
        .candidates.first(where: { $0.tag == tag })
    else { return nil }
    return (type, candidate)
  }

  private func identityReader<Payload: Identifiable>(
    _: Payload.Type, _ candidate: EnumCaseSelection.Candidate
  ) -> Reader {
    let copy = payloadCopier(Payload.self, candidate)
    return { AnyHashable(copy($0).id) }
  }

  private func ephemeralReader<Payload: EphemeralState>(
    _: Payload.Type, _ candidate: EnumCaseSelection.Candidate
  ) -> Reader {
    let copy = payloadCopier(Payload.self, candidate)
    return { AnyHashable(copy($0).ephemeralIdentity) }
  }

  /// Copies the payload out of a value of the case `candidate` describes, as a case path does.
  private func payloadCopier<Payload>(
    _: Payload.Type, _ candidate: EnumCaseSelection.Candidate
  ) -> (Root) -> Payload {
    let metadata = metadata
    return { EnumCaseSelection.copyPayload(ofValue: $0, candidate, metadata) }
  }
}

extension Identifiable {
  fileprivate var presentationID: AnyHashable { AnyHashable(id) }
}
