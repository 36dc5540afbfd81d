/// Finds a child state inside its parent's, in place: at the stored property's offset when the
/// key path names one, else through the key path. What every composing reducer (`Scope`,
/// `ifLet`, presentation `ifLet`, `forEach`, stack `forEach`) reaches its child with.
///
/// Invariants the reads rely on:
/// - ``offset`` is `MemoryLayout<Root>.offset(of: keyPath)` or `-1`: a non-negative offset is the
///   documented promise that the key path names a stored property with no observers, so the
///   `Value` at `root + offset` *is* `root[keyPath: keyPath]`, read and written in place.
/// - ``modify(_:stored:placeholder:_:)`` is called with `stored: true` only when ``isStored``: its callers
///   decide that once, at init (a direct route), so the hot path has no test.
/// - The pointer does not escape `body`: it lives inside the `inout` access to `root`.
///
/// Tested by `StateLensTests`: the offset route and the key-path route read and write the same
/// property, a computed key path takes the key-path route, and the placeholder is in the parent
/// while the child runs and gone afterwards.
@usableFromInline
struct StateLens<Root, Value> {
  /// The stored property's offset in `Root`; `-1` for a computed key path.
  @usableFromInline let offset: Int
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>

  /// The lens of `keyPath`.
  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
    self.keyPath = keyPath
  }

  /// Whether the child is a stored property, reached at its offset.
  @inlinable
  var isStored: Bool { offset >= 0 }

  /// The child state, read.
  @inlinable @inline(__always)
  func read(_ root: Root) -> Value {
    root[keyPath: keyPath]
  }

  /// Runs `body` on the child state in place. `stored: true` (only when ``isStored``) skips the
  /// test for the offset: a direct route has made it at init.
  ///
  /// Through a computed key path, a `placeholder` is left in the parent while `body` runs on
  /// the value taken out, so that the child's copy-on-write storage is not shared and is
  /// mutated in place (through the key path, the getter's copy shares it, and the first write
  /// copies it).
  @inlinable @inline(__always)
  func modify(
    _ root: inout Root, stored: Bool = false, placeholder: Value? = nil,
    _ body: (inout Value) -> Void
  ) {
    if stored || offset >= 0 {
      Self.modify(&root, atOffset: offset, body)
    } else if let placeholder {
      var value = root[keyPath: keyPath]
      root[keyPath: keyPath] = placeholder
      body(&value)
      root[keyPath: keyPath] = value
    } else {
      body(&root[keyPath: keyPath])
    }
  }

  /// Runs `body` on the `Value` stored at `offset` in `root`: `offset` is a ``StateLens``'s
  /// ``offset`` that ``isStored``.
  @inlinable @inline(__always)
  static func modify(_ root: inout Root, atOffset offset: Int, _ body: (inout Value) -> Void) {
    withUnsafeMutablePointer(to: &root) { root in
      body(&(UnsafeMutableRawPointer(root) + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}
