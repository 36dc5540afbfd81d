/// The byte offset of the stored field a key path names, in its root's type: what lets the store
/// read a field, a collection or a child in place (``StateAddress/field(at:)``,
/// ``readStoredField(_:at:in:)``) rather than through the key path.
///
/// Invariants: a non-`nil` offset is `MemoryLayout<Root>.offset(of:)`'s documented promise that
/// the key path names stored, inline storage of `Root` (a stored property with no observers, or a
/// tuple element, or a path of those), so the memory at that offset in any `Root` value holds its
/// `Value`, and a read or write there is the key path's. `nil` for anything else (a computed
/// property, an optional chain, a subscript, an observed property, a class's property): those
/// are applied through the key path.
///
/// Tested by `StoredOffsetTests`: a stored field's offset reads the field in a value, nested
/// stored fields add up, and a computed property, a class's property and an optional chain have
/// none.
@inlinable @inline(__always)
func storedOffset<Root, Value>(of keyPath: KeyPath<Root, Value>) -> Int? {
  MemoryLayout<Root>.offset(of: keyPath)
}
