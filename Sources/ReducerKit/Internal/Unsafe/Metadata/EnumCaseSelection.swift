// What a case path built from a case constructor knows about its enum, read once from
// EnumMetadata (its invariants are in EnumMetadata.swift): which tags can be the case and how
// to read their payload. Tested in EnumCaseSelectionTests.

/// What a `CasePath<Root, Value>` built from a case constructor knows about `Root`: which tags
/// can be the constructor's case and how to read their payload. Computed once per
/// `(Root, Value)` pair without calling the constructor, then cached.
@usableFromInline
struct EnumCaseSelection: Sendable {
  /// Where a candidate case keeps its payload.
  @usableFromInline
  enum Storage: Sendable, Equatable {
    /// At offset 0 of the enum value, once the tag bits are stripped.
    case inline
    /// In a heap box that the enum value points to (`indirect`).
    case boxed
    /// Nowhere: the payload has no stored bits (`Void` in a non-generic enum).
    case none
  }

  /// A case whose payload is exactly a `Value`.
  @usableFromInline
  struct Candidate: Sendable, Equatable {
    @usableFromInline var tag: UInt32
    @usableFromInline var storage: Storage

    @inlinable
    init(tag: UInt32, storage: Storage) {
      self.tag = tag
      self.storage = storage
    }
  }

  /// The cases whose payload is exactly a `Value`, in tag order.
  @usableFromInline
  let candidates: [Candidate]
  /// The candidate when there is exactly one (the common case: one case with the payload type),
  /// checked without walking the array.
  @usableFromInline
  let onlyCandidate: Candidate?
  /// Whether a candidate's payload must be re-embedded to check that the constructor builds
  /// that case: several cases have a `Value` payload, or another case's payload type is one a
  /// `Value` converts to (so the constructor may build that case instead).
  @usableFromInline
  let verifiesWithEmbed: Bool
  /// Why this pair can never extract, when it cannot.
  @usableFromInline
  let problem: String?
  /// Whether the problem is that `Root` is an enum without reflection metadata: a case path
  /// then learns its case from its constructor instead (see ``LearnedCase``).
  @usableFromInline
  let lacksFieldRecords: Bool
  /// Whether the only candidate is the enum's only case, stored inline: the enum is then laid
  /// out as its payload, with no tag bits, and every value is that case.
  let isWholeEnum: Bool

  private init(
    candidates: [Candidate], verifiesWithEmbed: Bool, problem: String?,
    lacksFieldRecords: Bool = false, isWholeEnum: Bool = false
  ) {
    self.isWholeEnum = isWholeEnum
    self.candidates = candidates
    onlyCandidate = candidates.count == 1 ? candidates[0] : nil
    self.verifiesWithEmbed = verifiesWithEmbed
    self.problem = problem
    self.lacksFieldRecords = lacksFieldRecords
  }

  private static func failure(_ problem: String, lacksFieldRecords: Bool = false) -> Self {
    Self(
      candidates: [], verifiesWithEmbed: false, problem: problem,
      lacksFieldRecords: lacksFieldRecords)
  }

  /// Works out the selection for a constructor `(value) -> root` from the two types alone.
  static func compute(root: Any.Type, value: Any.Type) -> Self {
    let path = "CasePath<\(root), \(value)>"
    guard let metadata = EnumMetadata(root) else {
      return .failure("\(path): \(root) is not an enum, so extract(from:) always returns nil")
    }
    guard let cases = metadata.cases else {
      return .failure(
        "\(path): \(root) has no reflection metadata", lacksFieldRecords: true)
    }
    var candidates: [Candidate] = []
    var unreadable: [String] = []
    var hasConvertibleCase = false
    for enumCase in cases where enumCase.hasTypeName {
      guard let payload = enumCase.payloadType else {
        // An unresolvable payload type might still be what the constructor builds.
        hasConvertibleCase = true
        continue
      }
      guard TypeShape.payload(payload, matches: value) else {
        if TypeShape.value(value, mayConvertTo: payload) { hasConvertibleCase = true }
        continue
      }
      let storage: Storage = enumCase.isIndirect ? .boxed : .inline
      if !enumCase.isGenericParameter && TypeShape.isAbstractionSensitive(payload) {
        unreadable.append(enumCase.name)
      } else if !enumCase.isStoredInline && !enumCase.isIndirect {
        // Laid out as an empty case: readable only when a `Value` has no bits at all.
        if _openExistential(value, do: sizeOf) == 0 {
          candidates.append(Candidate(tag: enumCase.tag, storage: .none))
        } else {
          unreadable.append(enumCase.name)
        }
      } else {
        candidates.append(Candidate(tag: enumCase.tag, storage: storage))
      }
    }
    guard unreadable.isEmpty else {
      let names = unreadable.map { ".\($0)" }.joined(separator: ", ")
      return .failure(
        "\(path): the payload of \(names) (a function, or a metatype of a concrete type) is "
          + "stored in a layout only the compiler knows; use CasePath(embed:extract:) instead. "
          + "extract(from:) always returns nil")
    }
    guard !candidates.isEmpty else {
      return .failure(
        "\(path): no case of \(root) has an associated value of type \(value); pass a case "
          + "constructor such as \(root).someCase. extract(from:) always returns nil")
    }
    return Self(
      candidates: candidates,
      verifiesWithEmbed: candidates.count > 1 || hasConvertibleCase,
      problem: nil,
      isWholeEnum: cases.count == 1 && metadata.payloadCaseCount == 1
        && metadata.emptyCaseCount == 0 && candidates.count == 1
        && candidates[0].storage == .inline)
  }

  /// The selection for `(Root, Value)`, computed once per pair. `isNew` is true for the one
  /// call that computed it, so that a problem is reported once rather than per case path.
  @usableFromInline
  static func cached(root: Any.Type, value: Any.Type) -> (selection: Self, isNew: Bool) {
    let key = Key(root: ObjectIdentifier(root), value: ObjectIdentifier(value))
    if let selection = cache.withLock({ $0[key] }) { return (selection, false) }
    // Computed outside the lock: it calls into the runtime's type lookup, which takes its own
    // locks. When two threads race, the first to store wins and is the one to report.
    let selection = compute(root: root, value: value)
    return cache.withLock { cache in
      if let existing = cache[key] { return (existing, false) }
      cache[key] = selection
      return (selection, true)
    }
  }

  private struct Key: Hashable {
    var root: ObjectIdentifier
    var value: ObjectIdentifier
  }

  private static let cache = Locked<[Key: EnumCaseSelection]>([:])

  /// The payload of `root` when it is the constructor's case, else `nil`.
  ///
  /// Only for a selection without a ``problem`` (so `Root` is an enum). In unspecialized code,
  /// each generic type built from `Value` or `Root` (a `Value?` local, the `Result<R, E>` inside
  /// `withUnsafeTemporaryAllocation`) costs a runtime metadata lookup on every call, several
  /// times the cost of the extraction itself, so the code below avoids them on the common path.
  @inlinable
  func extract<Root, Value>(from root: Root, embed: (Value) -> Root) -> Value? {
    let metadata = EnumMetadata(unchecked: Root.self)
    let found: (tag: UInt32, value: Value)? = withUnsafePointer(to: root) { pointer in
      let tag = metadata.tag(of: pointer)
      guard let candidate = candidates.first(where: { $0.tag == tag }) else { return nil }
      return (tag, Self.copyPayload(of: pointer, candidate, metadata))
    }
    guard let found else { return nil }
    guard verifiesWithEmbed else { return found.value }
    let embedded = embed(found.value)
    return withUnsafePointer(to: embedded) { metadata.tag(of: $0) } == found.tag ? found.value : nil
  }

  /// Calls `body` with the payload of `root` when it is the constructor's case; returns whether
  /// it did. The same as ``extract(from:embed:)`` without building a `Value?`.
  @inlinable
  func visit<Root, Value>(_ root: Root, embed: (Value) -> Root, _ body: (Value) -> Void) -> Bool {
    let metadata = EnumMetadata(unchecked: Root.self)
    let tag = withUnsafePointer(to: root) { metadata.tag(of: $0) }
    let candidate: Candidate
    if let only = onlyCandidate {
      guard only.tag == tag else { return false }
      candidate = only
    } else {
      guard let found = candidates.first(where: { $0.tag == tag }) else { return false }
      candidate = found
    }
    let value: Value = withUnsafePointer(to: root) {
      Self.copyPayload(of: $0, candidate, metadata)
    }
    if verifiesWithEmbed {
      let embedded = embed(value)
      guard withUnsafePointer(to: embedded, { metadata.tag(of: $0) }) == tag else { return false }
    }
    body(value)
    return true
  }

  /// Stack space for a copy of the root: 256 bytes, 16-byte aligned (the largest alignment of
  /// a Swift type on the supported platforms).
  @usableFromInline
  typealias Scratch = SIMD32<UInt64>

  /// Stack space for a copy of a root of at most 16 bytes (most action enums).
  @usableFromInline
  typealias SmallScratch = SIMD2<UInt64>

  /// Stack space for a copy of a root of at most 64 bytes.
  @usableFromInline
  typealias MediumScratch = SIMD8<UInt64>

  /// Copies the payload of the enum value at `root` out.
  ///
  /// Always inlined, and written without closures of its own (the scratch pointer comes from
  /// `&` at the call sites): in code specialized for `Root`, the enum's metadata is then a constant, so the
  /// optimizer calls (or inlines) the enum's own projection witness directly, and the scratch
  /// space is the smallest that fits, so clearing it costs one or two stores rather than
  /// sixteen.
  @inlinable @inline(__always)
  static func copyPayload<Root, Value>(
    of typedRoot: UnsafePointer<Root>, _ candidate: Candidate, _ metadata: EnumMetadata
  ) -> Value {
    // From the type, not the metadata: constants in specialized code, so only one of the
    // branches below remains and the copy is a few moves instead of a `memcpy` call.
    let size = MemoryLayout<Root>.size
    let alignment = MemoryLayout<Root>.alignment
    let root = UnsafeRawPointer(typedRoot)
    if alignment <= MemoryLayout<Scratch>.alignment {
      if size <= MemoryLayout<SmallScratch>.size {
        var scratch = SmallScratch()
        return copyPayload(of: root, using: &scratch, size: size, candidate, metadata)
      }
      if size <= MemoryLayout<MediumScratch>.size {
        var scratch = MediumScratch()
        return copyPayload(of: root, using: &scratch, size: size, candidate, metadata)
      }
      if size <= MemoryLayout<Scratch>.size {
        var scratch = Scratch()
        return copyPayload(of: root, using: &scratch, size: size, candidate, metadata)
      }
    }
    return copyLargePayload(of: root, size: size, alignment: alignment, candidate, metadata)
  }

  /// Copies the payload of `root`, an enum value of the case `candidate` describes, out.
  static func copyPayload<Root, Value>(
    ofValue root: Root, _ candidate: Candidate, _ metadata: EnumMetadata
  ) -> Value {
    withUnsafePointer(to: root) { copyPayload(of: $0, candidate, metadata) }
  }

  /// ``copyPayload(of:_:_:)`` for an enum too large for ``Scratch``: a function of its own, or
  /// the compiler hoists this path's metadata lookup into the common one.
  @inlinable @inline(never)
  static func copyLargePayload<Value>(
    of root: UnsafeRawPointer, size: Int, alignment: Int, _ candidate: Candidate,
    _ metadata: EnumMetadata
  ) -> Value {
    withUnsafeTemporaryAllocation(byteCount: size, alignment: alignment) {
      copyPayload(of: root, using: $0.baseAddress!, size: size, candidate, metadata)
    }
  }

  /// Copies the payload of the enum value at `root` out, using `scratch` (`size` bytes, aligned
  /// for the enum) as working memory.
  @inlinable @inline(__always)
  static func copyPayload<Value>(
    of root: UnsafeRawPointer, using scratch: UnsafeMutableRawPointer, size: Int,
    _ candidate: Candidate, _ metadata: EnumMetadata
  ) -> Value {
    // A bitwise copy: the original root keeps ownership of everything it references and stays
    // alive for this whole call, so the copy only borrows. Projecting it in place never touches
    // the original, and the copy is never destroyed as a `Root`.
    scratch.copyMemory(from: root, byteCount: size)
    switch candidate.storage {
    case .inline:
      metadata.projectPayload(scratch)
      // `load(as:)` copies (retains) the payload out of the borrowed bits.
      return scratch.load(as: Value.self)
    case .boxed:
      metadata.projectPayload(scratch)
      // The payload is a reference to a box: a heap object header (metadata and refcount, two
      // words), then the value at the next multiple of its alignment.
      let box = scratch.load(as: UnsafeRawPointer.self)
      let header = 2 * MemoryLayout<UnsafeRawPointer>.size
      let alignment = MemoryLayout<Value>.alignment
      let offset = (header + alignment - 1) / alignment * alignment
      return box.load(fromByteOffset: offset, as: Value.self)
    case .none:
      // A `Value` has no bits; any aligned address holds one.
      return scratch.load(as: Value.self)
    }
  }
}

/// The size of a type, for use with `_openExistential`.
private func sizeOf<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
