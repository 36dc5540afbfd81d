// The value witnesses of any type that a case path reads to learn its case without reflection
// metadata: size, alignment, POD-ness and extra inhabitants (the value witness table's layout is
// in EnumMetadata.swift). Tested in TypeLayoutTests.

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
