/// Values stored at slots that tokens name: what a ``CancellationTable`` keeps of each running
/// effect, found from its token with no hashing.
///
/// A token is a slot's index (its low 32 bits) and the serial number of the insertion that filled
/// the slot (its high 32 bits, never 0). A freed slot is reused by a later insertion with a new
/// serial number, so a token whose value was removed finds nothing, even once its slot holds
/// another value. (Serial numbers repeat after 2³² − 1 insertions; a token would have to be kept
/// that long, and meet its slot filled by the insertion of the same number, to find a stranger.)
///
/// A dictionary from tokens hashes each token on every insertion, lookup and removal, and grows
/// by rehashing; these slots are an array index, and grow by copying.
struct TokenSlots<Value> {
  private struct Slot {
    /// The token of the value here; 0 when the slot is free.
    var token: UInt64
    /// `nil` when the slot is free (so a removed value is released at once).
    var value: Value?
    /// When free, the next free slot; -1 for none.
    var nextFree: Int32
  }

  private var slots: [Slot] = []
  /// The first free slot, -1 for none: freed slots are reused last freed first.
  private var firstFree: Int32 = -1
  private var serial: UInt32 = 0

  /// How many values are stored.
  private(set) var count = 0

  /// Makes room for `additional` more values.
  mutating func reserveCapacity(_ additional: Int) {
    slots.reserveCapacity(count + additional)
  }

  /// Stores `value` at a free slot; returns its token and the slot.
  mutating func insert(_ value: Value) -> (token: UInt64, index: Int) {
    serial &+= 1
    if serial == 0 { serial = 1 }
    let index: Int
    if firstFree >= 0 {
      index = Int(firstFree)
      firstFree = slots[index].nextFree
    } else {
      precondition(slots.count < Int(Int32.max), "more than 2³¹ effects running at once")
      index = slots.count
      slots.append(Slot(token: 0, value: nil, nextFree: -1))
    }
    let token = UInt64(serial) << 32 | UInt64(index)
    slots[index].token = token
    slots[index].value = value
    count += 1
    return (token, index)
  }

  /// The slot of the value `token` names; `nil` when it was removed (or never stored).
  func index(of token: UInt64) -> Int? {
    let index = Int(truncatingIfNeeded: token & 0xFFFF_FFFF)
    guard index < slots.count, slots[index].token == token, token != 0 else { return nil }
    return index
  }

  /// The token of the value at `index` (a slot that holds one).
  func token(at index: Int) -> UInt64 {
    slots[index].token
  }

  /// The value at `index` (a slot that holds one), in place.
  subscript(index: Int) -> Value {
    get { slots[index].value! }
    _modify { yield &slots[index].value! }
  }

  /// Removes the value at `index` (a slot that holds one) and returns it; the slot is free.
  mutating func remove(at index: Int) -> Value {
    var taken: Value?
    swap(&taken, &slots[index].value)
    slots[index].token = 0
    slots[index].nextFree = firstFree
    firstFree = Int32(index)
    count -= 1
    return taken!
  }

  /// The slots that hold a value, in slot order.
  var occupiedIndices: [Int] {
    var indices: [Int] = []
    indices.reserveCapacity(count)
    for index in slots.indices where slots[index].token != 0 { indices.append(index) }
    return indices
  }

  #if DEBUG
  /// Stops the process when the slots break an invariant their methods keep (DEBUG builds only;
  /// the tests call it after every mutation): a slot holds a value exactly when it has a token,
  /// whose low bits are the slot's index and whose serial number is not 0; the free list visits
  /// every free slot once; ``count`` counts the slots that hold a value.
  func _checkInvariants() {
    var occupied = 0
    for (index, slot) in slots.enumerated() {
      precondition(
        (slot.token != 0) == (slot.value != nil), "TokenSlots: slot \(index)'s token and value")
      guard slot.token != 0 else { continue }
      occupied += 1
      precondition(
        slot.token & 0xFFFF_FFFF == UInt64(index) && slot.token >> 32 != 0,
        "TokenSlots: slot \(index) holds the token \(slot.token)")
    }
    precondition(occupied == count, "TokenSlots: count \(count), \(occupied) slots hold a value")
    var free = Set<Int>()
    var next = firstFree
    while next >= 0 {
      let index = Int(next)
      precondition(
        index < slots.count && slots[index].token == 0 && free.insert(index).inserted,
        "TokenSlots: the free list reaches slot \(index), which is not free or was reached before")
      next = slots[index].nextFree
    }
    precondition(
      free.count == slots.count - count, "TokenSlots: the free list misses a free slot")
  }
  #endif
}
