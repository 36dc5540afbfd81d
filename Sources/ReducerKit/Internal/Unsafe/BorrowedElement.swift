/// The address of one element of a `ContiguousArray`, borrowed where the array stores it: how a
/// row store reads its row in its collection with no copy of the array (no retain and release of
/// its buffer, two atomic operations, several times a send to a row store).
///
/// Invariants:
/// - `elements` is borrowed for the call (read where it is stored, through a
///   ``StateAddress/subscript(as:)`` chain, it is not copied).
/// - Nothing changes the array while `body` runs: the address `body` gets is inside the array's
///   buffer, which a mutation could replace or free. The callers only read during `body` (an
///   observer's check reads; an action sent meanwhile is queued, not reduced), and a value that
///   replaces another with the element read is assigned once the borrow has ended (see
///   `RowReader.copyElement`).
/// - A position outside the array is no element (`nil`, `body` not called): the array is one
///   short while `IdentifiedArray`'s `subscript(id:)` has an element out for mutation.
///
/// Tested by `BorrowedElementTests`: each position's address reads that element, in place (the
/// address is inside the array's buffer), and a position past the end calls nothing.
@inlinable @inline(__always)
func withBorrowedElement<Element, Result>(
  at position: Int, of elements: borrowing ContiguousArray<Element>,
  _ body: (_ element: StateAddress) -> Result
) -> Result? {
  // Compilers before Swift 6.2 have no `span`: there the array is copied (retained) for the call.
  #if compiler(>=6.2)
  return elements.span.withUnsafeBufferPointer { buffer in
    guard position < buffer.count else { return nil }
    return body(StateAddress(buffer.baseAddress.unsafelyUnwrapped + position))
  }
  #else
  let array = copy elements
  return array.withUnsafeBufferPointer { buffer in
    guard position < buffer.count else { return nil }
    return body(StateAddress(buffer.baseAddress.unsafelyUnwrapped + position))
  }
  #endif
}
