// Case paths without reflection metadata: the case learned by calling the constructor with a
// value ReducerKit made itself. Relies on EnumMetadata's and TypeLayout's reads. Tested in
// LearnedCaseTests.

extension EnumMetadata {
  /// A value of each of the first `limit` cases of `Value` without a payload, made by injecting
  /// the case's tag into zeroed memory; none when `Value` is not an enum or has no such case.
  static func emptyCaseValues<Value>(of _: Value.Type, limit: Int = 8) -> [Value] {
    guard let metadata = EnumMetadata(Value.self) else { return [] }
    let firstEmptyTag = metadata.payloadCaseCount
    return (0..<min(metadata.emptyCaseCount, limit)).map { index in
      withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
        let value = buffer.baseAddress!
        let raw = UnsafeMutableRawPointer(value)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Value>.size)
        metadata.injectTag(UInt32(firstEmptyTag + index), into: raw)
        return value.move()
      }
    }
  }
}

/// What a case path made from a case constructor knows about its case when the enum has no
/// reflection metadata (`SWIFT_REFLECTION_METADATA_LEVEL = none`, `-disable-reflection-metadata`),
/// so that its field records, which name each case's payload type, are gone.
///
/// The case is learned by calling the constructor with a value ReducerKit made itself (see
/// `caseProbes(of:)`) and reading the tag of what it builds. Reading the payload back as a
/// `Value` then needs to know that the case stores a `Value`, which no metadata says; it is
/// proved instead. A constructor passed where `(Value) -> Root` is expected takes a `Value`,
/// or, through an implicit conversion Swift applies to function arguments, an `Optional`, an
/// existential (`Any`, `any P`) or an `AnyHashable` holding one, or any of these `indirect`:
/// those are all the conversions from a type that is not a class, a function or a metatype.
/// Learning checks that the payload holds the probe's bits at offset 0 (so it is not a
/// reference to a box), that the word where an existential keeps its type is not `Value`'s
/// metadata. The conversion that remains possible, to an `Optional` of `Value`, stores a
/// `.some` exactly as a `Value`, so nothing tells it apart; extraction then reads a payload
/// only when its bits are not an extra inhabitant of `Value`, as a `nil` would be. That covers
/// every `Value` with extra inhabitants (most enums), up to as many nested `Optional`s as it
/// has. For a `Value` without any (such as `enum { case set(Int), reset }`), a case declared
/// `Optional` would have its `nil` read as a value: such a constructor does not build a case
/// of type `Value`, against `CasePath.init(_:)`'s contract, and with reflection metadata it is
/// reported and never extracts.
@usableFromInline
struct LearnedCase: Sendable, Equatable {
  /// The tag the constructor builds.
  let tag: UInt32
  /// Whether the payload has bits to read; `false` for a `Value` of size zero.
  let hasStorage: Bool
  /// Whether `Value` has extra inhabitants, so that a payload whose bits are one of them (a
  /// `nil`, if the case holds an `Optional`) is not read.
  let checksNil: Bool

  /// Why a case cannot be learned without reflection metadata.
  enum Failure: Error, Hashable {
    /// ReducerKit cannot make a `Value` to call the constructor with.
    case noProbeValue
    /// Calls with different values built different cases.
    case unstableTag
    /// The constructor built a case without storage for a value that has bits.
    case emptyCase
    /// The payload does not start with the value: it is in a box (an `indirect` case, or an
    /// existential or error box holding the value).
    case outOfLine
    /// The payload is an existential (or `AnyHashable`) holding the value.
    case existential
    /// No probe value's bits differ from a heap reference, so an out-of-line payload cannot be
    /// ruled out.
    case inconclusive
  }

  private static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

  /// Learns the case `embed` builds, calling it with each of `probes` until one proves where
  /// its payload is.
  static func learn<Root, Value>(
    _ embed: (Value) -> Root, probes: [Value]
  ) -> Result<LearnedCase, Failure> {
    let metadata = EnumMetadata(unchecked: Root.self)
    let valueSize = MemoryLayout<Value>.size
    let compared = min(valueSize, pointerSize)
    // A root that is plain bits, or smaller than a reference, cannot hold a box.
    let rootHoldsNoReference =
      TypeLayout(Root.self).isPOD || MemoryLayout<Root>.size < pointerSize
    guard !probes.isEmpty else { return .failure(.noProbeValue) }
    var learnedTag: UInt32?
    // Every probe is embedded, so that a closure building different cases is caught; the first
    // one that proves where the payload is decides.
    var outcome: Result<LearnedCase, Failure>?
    for probe in probes {
      let probeBytes = withUnsafeBytes(of: probe) { Array($0.prefix(compared)) }
      let (tag, payloadBytes, typeWord) = inspect(embed(probe), metadata, compared: compared)
      if let learnedTag, learnedTag != tag { return .failure(.unstableTag) }
      learnedTag = tag
      guard outcome == nil else { continue }
      if valueSize == 0 {
        // A value of size zero has no bits: any case and any storage holds it.
        outcome = .success(LearnedCase(tag: tag, hasStorage: false, checksNil: false))
      } else if tag >= metadata.payloadCaseCount {
        outcome = .failure(.emptyCase)
      } else if payloadBytes != probeBytes {
        outcome = .failure(.outOfLine)
      } else if !rootHoldsNoReference && !cannotBeReference(probeBytes) {
        continue  // Inconclusive: a box's address could start with these bytes.
      } else if valueSize <= 3 * pointerSize, let typeWord,
        typeWord == unsafeBitCast(Value.self as Any.Type, to: UInt.self)
          || typeWord == anyHashableBoxType(of: probe)
      {
        outcome = .failure(.existential)
      } else {
        outcome = .success(
          LearnedCase(
            tag: tag, hasStorage: true,
            checksNil: TypeLayout(Value.self).extraInhabitantCount > 0))
      }
    }
    return outcome ?? .failure(.inconclusive)
  }

  /// The tag of `root`, the first `compared` bytes of its projected payload, and the fourth
  /// word of the payload (where an existential keeps its type) when the root has one.
  private static func inspect<Root>(
    _ root: Root, _ metadata: EnumMetadata, compared: Int
  ) -> (tag: UInt32, payload: [UInt8], typeWord: UInt?) {
    let size = MemoryLayout<Root>.size
    return withUnsafePointer(to: root) { pointer in
      let tag = metadata.tag(of: pointer)
      // The projection works on a bitwise copy, which is never destroyed as a `Root`. A root
      // smaller than the bytes compared (the constructor built a case without storage) is
      // followed by zeros, so that nothing is read past it.
      let byteCount = max(size, compared, 1)
      return withUnsafeTemporaryAllocation(
        byteCount: byteCount, alignment: MemoryLayout<Root>.alignment
      ) { buffer in
        let scratch = buffer.baseAddress!
        scratch.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        scratch.copyMemory(from: pointer, byteCount: size)
        metadata.projectPayload(scratch)
        let payload = Array(UnsafeRawBufferPointer(start: scratch, count: compared))
        let typeWord =
          size >= 4 * pointerSize
          ? scratch.load(fromByteOffset: 3 * pointerSize, as: UInt.self) : nil
        return (tag, payload, typeWord)
      }
    }
  }

  /// The fourth word of `value` converted to `AnyHashable`: the type of the box that holds it;
  /// `nil` when `value` is not `Hashable`.
  private static func anyHashableBoxType<Value>(of value: Value) -> UInt? {
    guard let hashable = value as? AnyHashable, MemoryLayout<AnyHashable>.size >= 4 * pointerSize
    else { return nil }
    return withUnsafeBytes(of: hashable) {
      $0.load(fromByteOffset: 3 * pointerSize, as: UInt.self)
    }
  }

  /// Whether the first bytes of a value (at most a word) cannot be those of a heap reference:
  /// the first byte is not aligned, or the word is below the least valid pointer (4096).
  static func cannotBeReference(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first else { return false }
    let alignmentMask = UInt8(MemoryLayout<UnsafeRawPointer>.alignment - 1)
    if first & alignmentMask != 0 { return true }
    guard bytes.count == pointerSize else { return false }
    let word = bytes.reversed().reduce(UInt(0)) { $0 << 8 | UInt($1) }
    return word < 4096
  }

  /// The payload of `root` when it is in the learned case and its bits are a `Value` (not an
  /// extra inhabitant, as a `nil` payload would be); otherwise `nil`.
  @usableFromInline
  func extract<Root, Value>(from root: Root) -> Value? {
    let metadata = EnumMetadata(unchecked: Root.self)
    return withUnsafePointer(to: root) { pointer -> Value? in
      guard metadata.tag(of: pointer) == tag else { return nil }
      // A `Value` of size zero has no bits; any address holds one.
      guard hasStorage else { return UnsafeRawPointer(pointer).load(as: Value.self) }
      let size = MemoryLayout<Root>.size
      return withUnsafeTemporaryAllocation(
        byteCount: size, alignment: MemoryLayout<Root>.alignment
      ) { buffer in
        // A bitwise copy, projected in place: the root keeps ownership of what it references.
        let scratch = buffer.baseAddress!
        scratch.copyMemory(from: pointer, byteCount: size)
        metadata.projectPayload(scratch)
        if checksNil, TypeLayout(Value.self).isExtraInhabitant(scratch) { return nil }
        return scratch.load(as: Value.self)
      }
    }
  }

  /// Calls `body` with the payload of `root` when ``extract(from:)`` finds one; returns whether
  /// it did.
  @usableFromInline
  func visit<Root, Value>(_ root: Root, _ body: (Value) -> Void) -> Bool {
    guard let value: Value = extract(from: root) else { return false }
    body(value)
    return true
  }
}
