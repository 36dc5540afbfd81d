// Reads the Swift runtime's metadata for enums, so that a `CasePath` built from a case
// constructor can find and read its case without `Mirror`.
//
// Every layout read here follows the Swift ABI as documented in the Swift repository
// (docs/ABI/TypeMetadata.rst, include/swift/ABI/Metadata.h, include/swift/ABI/ValueWitness.def,
// include/swift/RemoteInspection/Records.h), which is stable on every platform that has it.
//
// The invariants the reads rely on, each tested in EnumMetadataTests:
// - Value witness table: eight function pointers (`getEnumTagSinglePayload` is the seventh),
//   then `size`, `stride`, `flags: UInt32` (alignment mask in the low byte, 0x1_0000 set for a
//   type that is not POD, 0x20_0000 set when the enum witnesses follow),
//   `extraInhabitantCount: UInt32`, then `getEnumTag`, `destructiveProjectEnumData`,
//   `destructiveInjectEnumTag`.
// - Enum descriptor: the payload case count in the low 24 bits of the word at byte 20, the
//   empty case count in the word at byte 24, the field records (reflection metadata, absent
//   when it is stripped) at byte 16.
// - Tags: payload cases first, in declaration order, then empty cases. Injecting an empty
//   case's tag into zeroed memory makes a whole value of that case.
// - After `destructiveProjectEnumData`, a payload stored inline starts at offset 0; a payload
//   stored out of line (an `indirect` case, an existential too large for its buffer, an error
//   box) leaves a heap reference there: at least 4096 and a multiple of the pointer alignment,
//   as the projection clears the enum's tag bits. Only a type that is not POD can hold one.
// - An opaque existential (`Any`, `any P`, and the box inside `AnyHashable`) keeps its value in
//   its first three words when it fits, and the value's type metadata in the fourth.
// - `getEnumTagSinglePayload(value, extraInhabitantCount)` reads only the value's own bytes
//   and returns 0 exactly when they are not one of its extra inhabitants.

/// A pointer to the runtime metadata of an enum (`Optional` included) and the enum value
/// witnesses reached through it.
@usableFromInline
struct EnumMetadata {
  /// `getEnumTag`: the case index of a value, payload cases first, then empty cases.
  @usableFromInline
  typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  /// `destructiveProjectEnumData`: strips the tag bits so that the payload is left at offset 0.
  @usableFromInline
  typealias ProjectEnumData =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void

  /// Byte offsets in the value witness table: 8 function pointers, then `size`, `stride`,
  /// `flags: UInt32`, `extraInhabitantCount: UInt32`, then the enum witnesses (`getEnumTag`,
  /// `destructiveProjectEnumData`, `destructiveInjectEnumTag`).
  @inlinable static var pointerSize: Int { MemoryLayout<UnsafeRawPointer>.size }
  @inlinable static var flagsOffset: Int { 10 * pointerSize }
  @inlinable static var getEnumTagOffset: Int { 10 * pointerSize + 8 }
  @inlinable static var projectEnumDataOffset: Int { 11 * pointerSize + 8 }
  static var injectEnumTagOffset: Int { 12 * pointerSize + 8 }
  /// Value witness flag bit saying the table has the enum witnesses above.
  private static let hasEnumWitnesses: UInt32 = 0x0020_0000

  /// The type metadata (what `Root.self` points to).
  @usableFromInline
  let metadata: UnsafeRawPointer

  /// The metadata of `type` when it is an enum or an `Optional` whose value witness table has
  /// the enum witnesses; `nil` for any other type.
  init?(_ type: Any.Type) {
    let kind = MetadataKind(of: type)
    guard kind == .enum || kind == .optional else { return nil }
    metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let flags = valueWitnesses.load(fromByteOffset: Self.flagsOffset, as: UInt32.self)
    guard flags & Self.hasEnumWitnesses != 0 else { return nil }
  }

  /// The metadata of `type`, already known to be an enum.
  @inlinable
  init(unchecked type: Any.Type) {
    metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The value witness table, stored one word before the metadata address.
  @inlinable
  var valueWitnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -Self.pointerSize, as: UnsafeRawPointer.self)
  }

  /// The tag (case index) of the enum value at `value`: payload cases in declaration order get
  /// tags `0..<payloadCaseCount`, empty cases the tags after them.
  @inlinable
  func tag(of value: UnsafeRawPointer) -> UInt32 {
    let getEnumTag = valueWitnesses.load(
      fromByteOffset: Self.getEnumTagOffset, as: GetEnumTag.self)
    return getEnumTag(value, metadata)
  }

  /// Turns the enum value at `value` into its bare payload at the same address. The memory no
  /// longer holds a valid enum afterwards and must never be destroyed as one.
  @inlinable
  func projectPayload(_ value: UnsafeMutableRawPointer) {
    let project = valueWitnesses.load(
      fromByteOffset: Self.projectEnumDataOffset, as: ProjectEnumData.self)
    project(value, metadata)
  }

  /// `destructiveInjectEnumTag`: sets the tag of an enum whose payload (if any) is in place.
  typealias InjectEnumTag =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  /// Sets the tag of the enum value at `value` to `tag`. For an empty case, whose value is its
  /// tag alone, this makes a whole value of that case whatever the memory held.
  func injectTag(_ tag: UInt32, into value: UnsafeMutableRawPointer) {
    let inject = valueWitnesses.load(
      fromByteOffset: Self.injectEnumTagOffset, as: InjectEnumTag.self)
    inject(value, tag, metadata)
  }

  /// The size of a value of the enum, from the value witness table (`size` follows the eight
  /// function pointers).
  @inlinable
  var size: Int {
    valueWitnesses.load(fromByteOffset: 8 * Self.pointerSize, as: Int.self)
  }

  /// The alignment of the enum, from the low byte of the value witness flags.
  @inlinable
  var alignment: Int {
    Int(valueWitnesses.load(fromByteOffset: Self.flagsOffset, as: UInt32.self) & 0xFF) + 1
  }

  /// The nominal type descriptor, the second word of enum metadata.
  private var descriptor: UnsafeRawPointer {
    metadata.load(fromByteOffset: Self.pointerSize, as: UnsafeRawPointer.self)
  }

  /// The number of cases stored with a payload: the first tags, and the first field records.
  ///
  /// Enum descriptor layout: flags, parent, name, access function, fields (five 32-bit words),
  /// then `numPayloadCasesAndPayloadSizeOffset` (payload case count in the low 24 bits).
  var payloadCaseCount: Int {
    Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
  }

  /// The number of cases without stored payload: the tags after the payload cases.
  var emptyCaseCount: Int {
    Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
  }

  /// The enum's cases in tag order, read from its reflection field records; `nil` when the
  /// binary was built without reflection metadata.
  var cases: [EnumCase]? {
    // TypeContextDescriptor.Fields: a nullable relative pointer at byte 16.
    guard let fields = relativePointer(at: descriptor + 16) else { return nil }
    // FieldDescriptor: mangled name, superclass (32-bit relative pointers), kind (UInt16),
    // fieldRecordSize (UInt16), numFields (UInt32), then the records.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    let payloadCases = payloadCaseCount
    // The compiler emits the records in tag order (payload cases first, in declaration order,
    // then empty cases), so a record's index is its tag. Cases whose payload occupies no
    // storage (`Void`, a concrete metatype) are laid out as empty cases and come after them.
    return (0..<count).map { index in
      // FieldRecord: flags (UInt32, 0x1 = indirect case), mangled type name, field name.
      let record = fields + 16 + index * recordSize
      let flags = record.load(as: UInt32.self)
      let typeName = relativePointer(at: record + 4)
      let name = relativePointer(at: record + 8).map {
        String(cString: $0.assumingMemoryBound(to: CChar.self))
      }
      return EnumCase(
        tag: UInt32(index),
        name: name ?? "",
        hasTypeName: typeName != nil,
        payloadType: typeName.flatMap(resolveType),
        isIndirect: flags & 0x1 != 0,
        isStoredInline: index < payloadCases,
        isGenericParameter: typeName.map(Self.isBareGenericParameter) ?? false
      )
    }
  }

  /// The name of the case with `tag`, read from its field record alone (no payload type is
  /// resolved); `nil` when the binary was built without reflection metadata or the tag has no
  /// record.
  func caseName(tag: UInt32) -> String? {
    guard let fields = relativePointer(at: descriptor + 16) else { return nil }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard Int(tag) < count else { return nil }
    let record = fields + 16 + Int(tag) * recordSize
    return relativePointer(at: record + 8).map {
      String(cString: $0.assumingMemoryBound(to: CChar.self))
    }
  }

  /// Resolves a field's mangled type name in the context of this (possibly generic) enum:
  /// the generic arguments of value type metadata start at its third word.
  private func resolveType(mangledName: UnsafeRawPointer) -> Any.Type? {
    _getTypeByMangledNameInContext(
      mangledName.assumingMemoryBound(to: UInt8.self),
      UInt(Self.mangledNameLength(mangledName)),
      genericContext: descriptor,
      genericArguments: metadata + 2 * Self.pointerSize)
  }

  /// The length of a mangled type name. It may embed symbolic references whose bytes can be
  /// zero, so it is not a C string: 0x01–0x17 introduce a 4-byte relative reference, 0x18–0x1F
  /// a pointer-sized absolute one, and a 0 outside a reference ends the name.
  static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
    var length = 0
    while true {
      let byte = name.load(fromByteOffset: length, as: UInt8.self)
      switch byte {
      case 0: return length
      case 0x01...0x17: length += 1 + 4
      case 0x18...0x1F: length += 1 + pointerSize
      default: length += 1
      }
    }
  }

  /// Whether a mangled type name is just a generic parameter (`x`, `q_`, `q0_`, `qd__`, …). Such
  /// a payload is stored maximally abstracted, exactly as generic code reads it, whatever the
  /// generic argument is.
  static func isBareGenericParameter(_ name: UnsafeRawPointer) -> Bool {
    let bytes = UnsafeRawBufferPointer(start: name, count: mangledNameLength(name))
    if bytes.count == 1 { return bytes[0] == UInt8(ascii: "x") }
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "q") else { return false }
    let index = bytes.dropFirst()
    if index.elementsEqual([UInt8(ascii: "z")]) { return true }
    return index.last == UInt8(ascii: "_")
      && index.allSatisfy {
        $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "d") || (0x30...0x39).contains($0)
      }
  }

  /// Follows a nullable 32-bit self-relative pointer (`RelativeDirectPointer`).
  private func relativePointer(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
  }
}

/// One case of an enum, as its reflection field record describes it.
struct EnumCase {
  /// The tag `getEnumTag` returns for values of this case.
  var tag: UInt32
  /// The case name.
  var name: String
  /// Whether the case was declared with associated values.
  var hasTypeName: Bool
  /// The type of the associated values (a tuple when there are several, or one labelled
  /// value); `nil` for a case without them, or when the type could not be resolved.
  var payloadType: Any.Type?
  /// Whether the payload lives in a heap box (`indirect`).
  var isIndirect: Bool
  /// Whether the payload occupies storage in the enum value (false for empty cases and for
  /// payloads of zero size in non-generic enums).
  var isStoredInline: Bool
  /// Whether the declared payload type is a bare generic parameter.
  var isGenericParameter: Bool
}

/// The first word of type metadata, for the kinds this file needs.
enum MetadataKind: Equatable {
  case `struct`, `enum`, optional, `class`, tuple, function, existential, metatype
  case existentialMetatype, other

  init(of type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    switch metadata.load(as: Int.self) {
    case 0x200: self = .struct
    case 0x201: self = .enum
    case 0x202: self = .optional
    // 0 is a Swift class without Objective-C interop; above 0x7FF the word is an isa pointer;
    // 0x203 is a foreign class, 0x305 an Objective-C class wrapper.
    case 0, 0x203, 0x305, 0x800...: self = .class
    case 0x301: self = .tuple
    case 0x302: self = .function
    case 0x303: self = .existential
    case 0x304: self = .metatype
    case 0x306: self = .existentialMetatype
    default: self = .other
    }
  }
}

/// Structural facts about types, read from their metadata.
enum TypeShape {
  private static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

  /// The element types of a tuple type (tuple metadata: kind, element count, labels, then one
  /// `(type, offset)` pair of words per element); `nil` for any other type.
  static func tupleElements(_ type: Any.Type) -> [Any.Type]? {
    guard MetadataKind(of: type) == .tuple else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let count = metadata.load(fromByteOffset: pointerSize, as: Int.self)
    return (0..<count).map { index in
      metadata.load(fromByteOffset: (3 + 2 * index) * pointerSize, as: Any.Type.self)
    }
  }

  /// The `Wrapped` type of an `Optional` (its first generic argument, the third word).
  static func optionalWrapped(_ type: Any.Type) -> Any.Type? {
    guard MetadataKind(of: type) == .optional else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return metadata.load(fromByteOffset: 2 * pointerSize, as: Any.Type.self)
  }

  /// Whether a payload of type `payload` has exactly the memory layout and meaning of a `value`:
  /// the same type, or tuples whose elements match one by one (labels are ignored, as a case
  /// constructor's function type drops them). A single labelled associated value is stored as
  /// a one-element tuple and matches its element type.
  static func payload(_ payload: Any.Type, matches value: Any.Type) -> Bool {
    if payload == value { return true }
    guard let elements = tupleElements(payload) else { return false }
    if elements.count == 1, tupleElements(value)?.count != 1 {
      return Self.payload(elements[0], matches: value)
    }
    guard let valueElements = tupleElements(value), valueElements.count == elements.count
    else { return false }
    return zip(elements, valueElements).allSatisfy { Self.payload($0, matches: $1) }
  }

  /// Whether a value of type `value` might implicitly convert to `payload` (an upcast, an
  /// existential, an `Optional`, `AnyHashable`, a metatype or function subtype, or tuples of
  /// these). A constructor taking `payload` can then be passed where `(Value) -> Root` is
  /// expected, so a case with that payload could be the one the constructor builds.
  static func value(_ value: Any.Type, mayConvertTo payload: Any.Type) -> Bool {
    if Self.payload(payload, matches: value) { return true }
    switch MetadataKind(of: payload) {
    case .existential, .existentialMetatype:
      return true
    case .optional:
      return optionalWrapped(payload).map { Self.value(value, mayConvertTo: $0) } ?? true
    case .class:
      return isSubclass(value, of: payload)
    case .function:
      return MetadataKind(of: value) == .function
    case .metatype:
      return MetadataKind(of: value) == .metatype
    case .tuple:
      guard let elements = tupleElements(payload), let valueElements = tupleElements(value),
        elements.count == valueElements.count
      else { return false }
      return zip(valueElements, elements).allSatisfy { Self.value($0, mayConvertTo: $1) }
    case .struct:
      return payload == AnyHashable.self
    case .enum, .other:
      return false
    }
  }

  /// Whether `type` is a class that inherits from (or is) `base`.
  private static func isSubclass(_ type: Any.Type, of base: Any.Type) -> Bool {
    func isSubtype<Base>(_: Base.Type) -> Bool { type is Base.Type }
    return MetadataKind(of: type) == .class && _openExistential(base, do: isSubtype)
  }

  /// Whether memory holding a `type` may be laid out differently by concrete code than generic
  /// code reads it. Concrete code stores Swift functions unabstracted and metatypes of
  /// non-class types as zero-size "thin" values, while generic code uses the most general
  /// representation, so such payloads cannot be read as a generic `Value`.
  static func isAbstractionSensitive(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    switch MetadataKind(of: type) {
    case .function:
      // Function metadata: kind, then flags whose bits 16–23 are the convention (3 = C).
      let flags = metadata.load(fromByteOffset: pointerSize, as: Int.self)
      return (flags >> 16) & 0xFF != 3
    case .metatype:
      // Metatype metadata: kind, then the instance type. Class metatypes are always thick.
      let instance = metadata.load(fromByteOffset: pointerSize, as: Any.Type.self)
      return MetadataKind(of: instance) != .class
    case .tuple:
      return tupleElements(type)?.contains(where: isAbstractionSensitive) ?? false
    case .optional:
      return optionalWrapped(type).map(isAbstractionSensitive) ?? false
    default:
      return false
    }
  }
}

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

  private init(
    candidates: [Candidate], verifiesWithEmbed: Bool, problem: String?,
    lacksFieldRecords: Bool = false
  ) {
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
      problem: nil)
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

/// The one case of an enum that a composing level (a `Scope`, a `forEach`) recognises with a
/// single tag test: the only candidate of its selection, with its payload stored inline and no
/// other case that the constructor could build. Plain bits, so a hot path holds and reads it
/// without retaining anything.
///
/// Without it (``unavailable``), a level takes its general route through the full selection
/// or the case path's closures, out of line.
///
/// Invariants the reads rely on: a `DirectCase` other than ``unavailable`` is made only from a
/// selection computed for an enum `Root` (so `Root`'s value witnesses include the enum ones)
/// whose candidate at `tag` keeps a `Value` inline (so the projected bits are a `Value`).
/// ``matches(_:)`` and ``payload(of:)`` are only called on such a pair, after ``exists``.
@usableFromInline
struct DirectCase: Sendable, Equatable {
  /// The case's tag; `UInt32.max`, which no case has, when there is no direct route.
  @usableFromInline let tag: UInt32

  /// No direct route: the level uses its general one.
  @usableFromInline static let unavailable = DirectCase(tag: .max)

  private init(tag: UInt32) {
    self.tag = tag
  }

  /// The direct route of `selection`, if it has one, and if `allowed` (a level may need more
  /// than the case to take it, such as the child state's offset).
  @usableFromInline
  init(_ selection: EnumCaseSelection?, allowed: Bool = true) {
    guard allowed, let selection, !selection.verifiesWithEmbed,
      let only = selection.onlyCandidate, only.storage == .inline
    else {
      self = .unavailable
      return
    }
    tag = only.tag
  }

  /// Whether there is a direct route.
  @inlinable @inline(__always)
  var exists: Bool { tag != .max }

  /// Whether `root` is the case. Only when ``exists``.
  @inlinable @inline(__always)
  func matches<Root>(_ root: Root) -> Bool {
    let metadata = EnumMetadata(unchecked: Root.self)
    return withUnsafePointer(to: root) { metadata.tag(of: $0) } == tag
  }

  /// The payload of `root`, which ``matches(_:)`` the case.
  @inlinable @inline(__always)
  func payload<Root, Value>(of root: Root) -> Value {
    let metadata = EnumMetadata(unchecked: Root.self)
    // The storage as a constant: the copy's switch on it folds away.
    let candidate = EnumCaseSelection.Candidate(tag: tag, storage: .inline)
    return withUnsafePointer(to: root) {
      EnumCaseSelection.copyPayload(of: $0, candidate, metadata)
    }
  }
}

// MARK: - Case paths without reflection metadata

/// The value witnesses of any type that a case path reads to learn its case without reflection
/// metadata.
struct TypeLayout {
  /// `getEnumTagSinglePayload`: 0 for a value's bits, `n + 1` for its `n`th extra inhabitant.
  typealias GetEnumTagSinglePayload =
    @convention(c) (UnsafeRawPointer, UInt32, UnsafeRawPointer) -> UInt32

  private static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

  /// The type metadata.
  let metadata: UnsafeRawPointer

  init(_ type: Any.Type) {
    metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The value witness table, one word before the metadata.
  private var valueWitnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -Self.pointerSize, as: UnsafeRawPointer.self)
  }

  /// Whether values are plain bits: copied with `memcpy`, destroyed by doing nothing. Such a
  /// type holds no reference, so no heap box either.
  var isPOD: Bool {
    valueWitnesses.load(fromByteOffset: 10 * Self.pointerSize, as: UInt32.self) & 0x0001_0000
      == 0
  }

  /// How many bit patterns of the type's size are not values (an enum around it uses them for
  /// its empty cases: `nil` is the first one for `Optional`).
  var extraInhabitantCount: UInt32 {
    valueWitnesses.load(fromByteOffset: 10 * Self.pointerSize + 4, as: UInt32.self)
  }

  /// Whether the bits at `value` are one of the type's extra inhabitants. Reads the type's size
  /// in bytes and nothing else; only for a type with extra inhabitants.
  func isExtraInhabitant(_ value: UnsafeRawPointer) -> Bool {
    let getTag = valueWitnesses.load(
      fromByteOffset: 6 * Self.pointerSize, as: GetEnumTagSinglePayload.self)
    return getTag(value, extraInhabitantCount, metadata) != 0
  }
}

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
