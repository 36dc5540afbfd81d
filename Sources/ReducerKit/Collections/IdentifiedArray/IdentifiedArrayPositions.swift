import Foundation

/// The position of each element of an ``IdentifiedArray`` by id: a `Dictionary` whose keys hash
/// the common id types without `Hasher`.
///
/// Every action for one element of a `forEach` looks its id up here. `Dictionary` places a key
/// by the key's `_rawHashValue(seed:)`, which for `Int` (and, through its `hash(into:)`, for
/// `UUID`) runs `Hasher`: SipHash-1-3 over the id, a hundred instructions and more, a quarter of
/// such a send. ``_IdentifiedArrayKey`` gives an `Int` or `UUID` id a hash of a few
/// multiplications instead, mixed with the dictionary's own seed; any other id hashes as before.
@usableFromInline
package struct _IdentifiedArrayPositions<ID: Hashable> {
  @usableFromInline
  var storage: [_IdentifiedArrayKey<ID>: Int]

  /// No positions.
  @inlinable
  init() {
    storage = [:]
  }

  /// No positions, with room for `minimumCapacity` without reallocating.
  @inlinable
  init(minimumCapacity: Int) {
    storage = Dictionary(minimumCapacity: minimumCapacity)
  }

  /// The position of the element with `id`; `nil` when there is none. Setting `nil` removes it.
  @inlinable
  package subscript(id: ID) -> Int? {
    get { storage[_IdentifiedArrayKey(id)] }
    set { storage[_IdentifiedArrayKey(id)] = newValue }
  }

  /// Sets the position of the element with `id`, returning the one it replaced.
  @inlinable
  mutating func updateValue(_ position: Int, forKey id: ID) -> Int? {
    storage.updateValue(position, forKey: _IdentifiedArrayKey(id))
  }

  /// Removes the position of the element with `id`, returning it.
  @inlinable
  mutating func removeValue(forKey id: ID) -> Int? {
    storage.removeValue(forKey: _IdentifiedArrayKey(id))
  }

  /// Removes every position.
  @inlinable
  mutating func removeAll(keepingCapacity keepCapacity: Bool) {
    storage.removeAll(keepingCapacity: keepCapacity)
  }

  /// Makes room for `capacity` positions.
  @inlinable
  mutating func reserveCapacity(_ capacity: Int) {
    storage.reserveCapacity(capacity)
  }

  /// How many positions there are.
  @inlinable
  var count: Int { storage.count }
}

extension _IdentifiedArrayPositions: Sendable where ID: Sendable {}

/// An id as a key of ``_IdentifiedArrayPositions``: equal when the ids are, hashed by
/// `Dictionary` through ``_rawHashValue(seed:)``.
@usableFromInline
package struct _IdentifiedArrayKey<ID: Hashable>: Hashable {
  @usableFromInline
  let id: ID

  @inlinable
  init(_ id: ID) {
    self.id = id
  }

  @inlinable
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id
  }

  @inlinable
  package func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }

  /// The hash `Dictionary` places this key by, for its `seed` (which differs between
  /// dictionaries and between runs of the process).
  ///
  /// An `Int` id, and a `UUID` id's two halves folded together, go through a 64-bit finalizer
  /// (SplitMix64's: shifts and two multiplications, every input bit reaching every output bit)
  /// after the seed is mixed in: ids that differ only in high bits, or by a stride that is a
  /// power of two, still spread over the low bits a dictionary's buckets are chosen by. It is
  /// not a keyed hash like `Hasher`'s SipHash: an attacker who could choose ids and time
  /// lookups has an easier job (the seed still differs per run). Other ids hash with their own
  /// `_rawHashValue(seed:)`, as any `Dictionary` key does.
  @inlinable
  package func _rawHashValue(seed: Int) -> Int {
    guard let bits = _commonIDBits(id) else { return id._rawHashValue(seed: seed) }
    return Self.mix(bits, seed: seed)
  }

  /// SplitMix64's finalizer over `value` with `seed` mixed in.
  @inlinable @inline(__always)
  static func mix(_ value: UInt64, seed: Int) -> Int {
    var bits = value ^ UInt64(UInt(bitPattern: seed))
    bits = (bits ^ (bits &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits &>> 27)) &* 0x94D0_49BB_1331_11EB
    bits ^= bits &>> 31
    return Int(truncatingIfNeeded: bits)
  }
}

extension _IdentifiedArrayKey: Sendable where ID: Sendable {}
