// The versions the store reads to tell, in O(1), what an action changed in an array: which
// element it touched, whether the ids changed, which id it removed.

extension IdentifiedArray {
  /// The address of the elements' buffer: read before an in-place access to an element, and
  /// compared after it, to tell whether the access copied a shared buffer. Only ever compared
  /// across one access. A copy made by the access is allocated while the shared buffer is still
  /// alive (another array holds it), so its address differs, and no access reallocates the buffer
  /// after copying it (`subscript(id:)` takes an element out and puts it back within the copy's
  /// capacity), so the address read after the access is the copy's. It relies on the elements
  /// being stored natively, which a `ContiguousArray` always is (a lazily bridged buffer's
  /// address would be a temporary's).
  @inlinable @inline(__always)
  internal var _elementsBuffer: UInt {
    _elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }

  /// Records an in-place access to the element with `id` that has ended; `bufferBefore` is
  /// ``_elementsBuffer`` read before the access began. One increment when the buffer stayed the
  /// same (the array owned it alone), a fresh epoch when the access copied it.
  @inlinable @inline(__always)
  internal mutating func _didMutateElement(id: ID, bufferBefore: UInt) {
    _previousElementVersion = _elementVersion
    let next = _elementVersion &+ 1
    if _elementsBuffer == bufferBefore, next & _elementVersionLocalMask != 0 {
      _elementVersion = next
    } else {
      _elementVersion = _nextIdentifiedArrayElementEpoch()
    }
    _lastMutatedID = id
  }

  /// Records the removal of the element with `id`.
  @usableFromInline
  internal mutating func _didRemove(id: ID) {
    _previousRemovalVersion = _removalVersion
    _removalVersion = _nextIdentifiedArrayVersion()
    _lastRemovedID = id
  }

  /// Records a removal of any number of elements.
  @usableFromInline
  internal mutating func _didRemoveSeveral() {
    _previousRemovalVersion = 0
    _removalVersion = _nextIdentifiedArrayVersion()
    _lastRemovedID = nil
  }
}

/// How many low bits of an `IdentifiedArray`'s element version count in-place mutations; the bits
/// above them are its epoch, a version drawn with ``_nextIdentifiedArrayVersion()`` (see
/// `_elementVersion`). 24 bits: a fresh epoch after 16,777,215 mutations of one buffer in a row,
/// and the epochs repeat after 2^40 versions drawn of any kind (initializers, id changes, position
/// rewrites and epochs all draw one), beyond what a process reaches.
@inlinable
var _elementVersionLocalBits: UInt64 { 24 }

/// The low bits of an element version: the in-place mutations since its epoch began.
@inlinable
package var _elementVersionLocalMask: UInt64 { (1 << _elementVersionLocalBits) - 1 }

/// An element version no `IdentifiedArray` had before: a fresh epoch, with its low bits zero.
/// Out of line: it runs only when a mutation copied a shared buffer, which costs far more.
@usableFromInline @inline(never)
internal func _nextIdentifiedArrayElementEpoch() -> UInt64 {
  let version = _nextIdentifiedArrayVersion()
  assert(version < 1 << (64 - _elementVersionLocalBits), "IdentifiedArray: the epochs repeat")
  return version << _elementVersionLocalBits
}

/// A version no `IdentifiedArray` had before, never 0.
///
/// Drawn at initialization, when the ids or their positions change (insertions, removals,
/// moves, sorts: one draw per write of the positions) and for a new element epoch; never
/// for an element mutated in place that owned its buffer (see `_elementVersion`), so the
/// `forEach` hot path draws none. From this thread's block (``ThreadVersionBlocks``): no lock and
/// no memory another thread writes, so stores on other threads (`StoreActor`s) changing their
/// arrays at once do not contend. The epochs (see ``_elementVersionLocalBits``) repeat after
/// 2^40 numbers handed out, blocks a thread left unfinished when it exited included.
@usableFromInline
internal func _nextIdentifiedArrayVersion() -> UInt64 {
  ThreadVersionBlocks.next()
}
