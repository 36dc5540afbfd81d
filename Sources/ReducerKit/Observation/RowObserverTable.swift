/// The observers of each row of a ``RowObserverGroup``, by ``RowKey``: an open-addressing table
/// that uses the key itself to place it.
///
/// A row key is already a hash value (the row id's `hashValue`), so hashing it again, as a
/// `Dictionary<Int, _>` does with `Hasher` on every lookup, is work for nothing on the path of
/// every send to an observed row: here a lookup is a mask and a few compares. Collisions probe
/// linearly; a removal shifts the entries after it back, so there are no tombstones.
package struct RowObserverTable {
  /// One slot: a row's key and observers, when `isOccupied`.
  private struct Slot {
    var key = 0
    var isOccupied = false
    var observers = RowObservers()
  }

  /// A power of two in size once anything was inserted; empty until then.
  private var slots: [Slot] = []
  /// How many slots are occupied.
  private(set) var count = 0

  /// Whether no row has an entry.
  var isEmpty: Bool { count == 0 }

  /// The slot of the row with `key`, if it has an entry: pass it to ``withObservers(at:_:)``
  /// and ``remove(at:)``.
  func slot(of key: Int) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var index = key & mask
    while slots[index].isOccupied {
      if slots[index].key == key { return index }
      index = (index + 1) & mask
    }
    return nil
  }

  /// Runs `body` on the observers in `slot`, in place.
  mutating func withObservers<Result>(
    at slot: Int, _ body: (inout RowObservers) -> Result
  ) -> Result {
    body(&slots[slot].observers)
  }

  /// Runs `body` on the observers of the row with `key`, in place, making its entry (with no
  /// observers) when it has none.
  mutating func withObservers<Result>(
    ofKey key: Int, _ body: (inout RowObservers) -> Result
  ) -> Result {
    if let slot = slot(of: key) { return body(&slots[slot].observers) }
    if (count + 1) * 4 > slots.count * 3 { grow() }
    let slot = emptySlot(for: key)
    slots[slot].key = key
    slots[slot].isOccupied = true
    count += 1
    return body(&slots[slot].observers)
  }

  /// Removes the entry in `slot`.
  mutating func remove(at slot: Int) {
    let mask = slots.count - 1
    var hole = slot
    slots[hole] = Slot()
    count -= 1
    // Shift back each entry after the hole whose home is not between the hole and it, so that
    // every entry stays reachable from its home by probing without a gap.
    var next = (hole + 1) & mask
    while slots[next].isOccupied {
      let home = slots[next].key & mask
      let staysPut =
        hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
      if !staysPut {
        slots.swapAt(hole, next)
        hole = next
      }
      next = (next + 1) & mask
    }
  }

  /// Runs `body` on every row's observers, in place.
  mutating func forEachRow(_ body: (inout RowObservers) -> Void) {
    for index in slots.indices where slots[index].isOccupied {
      body(&slots[index].observers)
    }
  }

  /// Removes the entries of rows that have no observers.
  mutating func removeEmptyRows() {
    guard slots.contains(where: { $0.isOccupied && $0.observers.isEmpty }) else { return }
    let kept = slots.filter { $0.isOccupied && !$0.observers.isEmpty }
    slots = Array(repeating: Slot(), count: slots.count)
    count = 0
    for slot in kept { insertNew(slot) }
  }

  /// The first free slot on `key`'s probe sequence (there is one: the table is never full).
  private func emptySlot(for key: Int) -> Int {
    let mask = slots.count - 1
    var index = key & mask
    while slots[index].isOccupied { index = (index + 1) & mask }
    return index
  }

  /// Doubles the table (8 slots at first), placing every entry again.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(), count: max(8, old.count * 2))
    count = 0
    for slot in old where slot.isOccupied { insertNew(slot) }
  }

  /// Places an entry whose key has none.
  private mutating func insertNew(_ slot: Slot) {
    let index = emptySlot(for: slot.key)
    slots[index] = slot
    count += 1
  }

  #if DEBUG
  /// Stops the process when the table breaks an invariant its methods keep (DEBUG builds only):
  /// a power-of-two number of slots, at most three quarters occupied; ``count`` counts the
  /// occupied ones; each key once, found from its home slot by probing without a gap; each
  /// row's observers whole (``RowObservers/_checkInvariants()``).
  func _checkInvariants() {
    precondition(
      slots.count == 0 || slots.count & (slots.count - 1) == 0,
      "RowObserverTable: \(slots.count) slots")
    let occupied = slots.indices.filter { slots[$0].isOccupied }
    precondition(occupied.count == count, "RowObserverTable: count \(count)")
    precondition(count * 4 <= slots.count * 3, "RowObserverTable: over three quarters full")
    for index in occupied {
      precondition(
        slot(of: slots[index].key) == index,
        "RowObserverTable: key \(slots[index].key) is not found at its slot \(index)")
      slots[index].observers._checkInvariants()
    }
  }
  #endif
}
