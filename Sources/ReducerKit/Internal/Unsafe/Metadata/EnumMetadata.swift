// Reads the Swift runtime's metadata for enums, so that a `CasePath` built from a case
// constructor can find and read its case without `Mirror`.
//
// Every layout read here follows the Swift ABI as documented in the Swift repository
// (docs/ABI/TypeMetadata.rst, include/swift/ABI/Metadata.h, include/swift/ABI/ValueWitness.def,
// include/swift/RemoteInspection/Records.h), which is stable on every platform that has it.
//
// The invariants the reads rely on, each tested in EnumMetadataTests (the extra inhabitants in
// TypeLayoutTests):
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
  static var pointerSize: Int { MemoryLayout<UnsafeRawPointer>.size }
  static var flagsOffset: Int { 10 * pointerSize }
  static var getEnumTagOffset: Int { 10 * pointerSize + 8 }
  static var projectEnumDataOffset: Int { 11 * pointerSize + 8 }
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
  ///
  /// The one member inlined into client code: it reads nothing, it only takes the metatype's
  /// address (a metatype of a Swift type is a pointer to its metadata). Every read of what is
  /// at that address is out of line, here.
  @inlinable
  init(unchecked type: Any.Type) {
    metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The value witness table, stored one word before the metadata address.
  var valueWitnesses: UnsafeRawPointer {
    metadata.load(fromByteOffset: -Self.pointerSize, as: UnsafeRawPointer.self)
  }

  /// The tag (case index) of the enum value at `value`: payload cases in declaration order get
  /// tags `0..<payloadCaseCount`, empty cases the tags after them.
  ///
  /// Out of line, as every read of the metadata's layout: code compiled in a client module
  /// calls it, and never has the offsets it reads compiled in.
  @usableFromInline
  func tag(of value: UnsafeRawPointer) -> UInt32 {
    let getEnumTag = valueWitnesses.load(
      fromByteOffset: Self.getEnumTagOffset, as: GetEnumTag.self)
    return getEnumTag(value, metadata)
  }

  /// The tag of `value`, an enum of this metadata's type.
  func tag<Enum>(ofValue value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { tag(of: $0) }
  }

  /// Turns the enum value at `value` into its bare payload at the same address. The memory no
  /// longer holds a valid enum afterwards and must never be destroyed as one. Out of line, as
  /// ``tag(of:)``.
  @usableFromInline
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
  var size: Int {
    valueWitnesses.load(fromByteOffset: 8 * Self.pointerSize, as: Int.self)
  }

  /// The alignment of the enum, from the low byte of the value witness flags.
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
