import Foundation

/// The 64 bits that identify an id of a common type, decided when this is compiled for the
/// id's type: an `Int` id's own bits, a `UUID`'s two halves folded together (random in a random
/// UUID, and the counting half in one from ``UUIDGenerator/incrementing``); `nil` for any other
/// type. Equal ids give equal bits. Used where hashing the id with `Hasher` would cost more than
/// the rest of the work (``_IdentifiedArrayKey``, `RowKey`).
///
/// Invariants the bit casts rely on:
/// - A cast of `id` to `Int` or `UUID` is made only when `ID.self` is that type (tested first,
///   and folded away when this is compiled for the id's type): the cast reinterprets a value as
///   its own type.
/// - A `UUID`'s `uuid` is 16 bytes with no padding, the size of two `UInt64`s, so its bytes are
///   two words; the words' order and endianness do not matter, only that equal UUIDs give equal
///   words.
///
/// Tested by `CommonIDBitsTests`: an `Int` id gives its bit pattern (negative ones too), equal
/// UUIDs give equal bits and UUIDs that differ in either half give different bits (for these
/// samples), and an id of another type gives `nil`.
@inlinable @inline(__always)
package func _commonIDBits<ID: Hashable>(_ id: ID) -> UInt64? {
  if ID.self == Int.self { return UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))) }
  if ID.self == UUID.self {
    let halves = unsafeBitCast(unsafeBitCast(id, to: UUID.self).uuid, to: (UInt64, UInt64).self)
    return halves.0 ^ halves.1
  }
  return nil
}
