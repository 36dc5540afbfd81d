/// How the stores of the elements of an `IdentifiedArray` reach their elements in their parent's
/// state, and their parent's actions: built in inlinable code, so that it is compiled where the
/// row's types are known.
///
/// A row store reads its element after every action it sends (is it still there? what is it
/// now?), for every check of its observers and for the rows' versions. Written generically, each
/// read applied the key path to a copy of the parent's state, copied the collection out of it
/// and looked the id up in code that fetched the type metadata of the collection, its dictionary,
/// the element's `Optional` and the `IdentifiedAction` on every call. Compiled for the concrete
/// types, a read finds the collection at its byte offset when it is a stored field
/// (`MemoryLayout.offset(of:)`), looks the id up once and hands on the element where it is
/// stored, with no copy.
@usableFromInline
package struct RowReader<Parent, ParentAction, ID: Hashable, Element, ElementAction> {
  /// Makes the row with `id`'s ``StateLift``: it runs a check on the element in place in the
  /// parent's state, or returns `nil` when the id is not in the collection.
  @usableFromInline let makeLift: (ID) -> StateLift
  /// Makes the row with `id`'s projection from a parent state value.
  @usableFromInline let makeToState: (ID) -> (Parent) -> Element?
  /// Makes the row with `id`'s embedding of its actions in the parent's.
  @usableFromInline let makeEmbed: (ID) -> (ElementAction) -> ParentAction
  /// The collection's versions, read in place from a pointer to the parent's state, for the
  /// rows' observer group.
  @usableFromInline let readVersions: (UnsafeRawPointer) -> CollectionVersions

  /// The reader of the elements of the collection at `keyPath`, whose actions `action` embeds.
  @inlinable
  package init(
    _ keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> ParentAction
  ) {
    let offset = MemoryLayout<Parent>.offset(of: keyPath)
    makeLift = { id in
      let owner = RowPositionHint()
      // Read and written through its pointer: a class's stored property would be checked for
      // exclusive access at run time on every read, and retained into each nested closure.
      let hint = owner.pointer
      guard let offset else {
        return StateLift { parentState, check in
          withExtendedLifetime(owner) {}
          return Self.withElements(in: parentState, offset: nil, keyPath: keyPath) { elements in
            Self.withElement(id, in: elements, hint: hint, check)
          }
        }
      }
      // A stored collection (the common case): found at its offset, with nothing on this path
      // that needs a large frame (the copy the key path makes is the other closure's).
      return StateLift { parentState, check in
        withExtendedLifetime(owner) {}
        return Self.withElement(
          id, in: (parentState + offset).assumingMemoryBound(to: IdentifiedArray<ID, Element>.self),
          hint: hint, check)
      }
    }
    makeToState = { id in
      { parent in
        withUnsafePointer(to: parent) { parent in
          Self.withElements(in: UnsafeRawPointer(parent), offset: offset, keyPath: keyPath) {
            $0.pointee[id: id]
          }
        }
      }
    }
    makeEmbed = { id in { action(.element(id: id, action: $0)) } }
    readVersions = { parentState in
      Self.withElements(in: parentState, offset: offset, keyPath: keyPath) { elements in
        CollectionVersions(
          structure: elements.pointee._structureVersion,
          element: elements.pointee._elementVersion,
          previousElement: elements.pointee._previousElementVersion,
          lastMutatedKey: elements.pointee._lastMutatedID.map { RowKey.of($0) })
      }
    }
  }

  /// Runs `check` on the element with `id` in `elements`, in place; `nil` when there is none.
  /// Where the row was last found (`hint`) is used while the set and order of ids has not
  /// changed since (the structure version, unique in the process, proves it): no hashing of the
  /// id (a row store finds its row several times a send).
  @inlinable @inline(__always)
  static func withElement(
    _ id: ID, in elements: UnsafePointer<IdentifiedArray<ID, Element>>,
    hint: UnsafeMutablePointer<RowPosition>, _ check: (_ element: UnsafeRawPointer) -> Bool
  ) -> Bool? {
    var position = hint.pointee.position
    if hint.pointee.structure != elements.pointee._structureVersion {
      guard let found = elements.pointee._positions[id] else { return nil }
      position = found
      hint.pointee = RowPosition(structure: elements.pointee._structureVersion, position: found)
    }
    return elements.pointee._elements.withUnsafeBufferPointer { buffer in
      // Within bounds, except while `subscript(id:)` has an element out for mutation (the
      // array is one short then): a reducer's mutating method that reads a row store.
      guard position < buffer.count else { return nil }
      return check(UnsafeRawPointer(buffer.baseAddress! + position))
    }
  }

  /// Calls `body` with the collection in the parent's state at `parentState`: where it is stored
  /// when it is a stored field at `offset` (the documented use of a stored property's offset: no
  /// key path projection, no copy), else a copy made through the key path. `body` reads it
  /// member by member through the pointer, which never copies it.
  @inlinable
  static func withElements<Result>(
    in parentState: UnsafeRawPointer, offset: Int?,
    keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>,
    _ body: (UnsafePointer<IdentifiedArray<ID, Element>>) -> Result
  ) -> Result {
    guard let offset else {
      let parent = parentState.assumingMemoryBound(to: Parent.self)
      return withUnsafePointer(to: parent.pointee[keyPath: keyPath], body)
    }
    return body((parentState + offset).assumingMemoryBound(to: IdentifiedArray<ID, Element>.self))
  }
}

/// Where a row store last found its row in its collection, and the collection's structure
/// version then (see ``IdentifiedArray``'s `_structureVersion`).
@usableFromInline
struct RowPosition {
  @usableFromInline var structure: UInt64
  @usableFromInline var position: Int

  @inlinable
  init(structure: UInt64, position: Int) {
    self.structure = structure
    self.position = position
  }
}

/// Where a row store last found its row: used while the collection's structure version is the
/// one recorded with it, before the id is looked up by its hash. The version changes with every
/// change of the set or order of ids and is unique in the process (an array that replaced
/// another never has its version), so an equal version means the positions are those of the
/// lookup that recorded it. Version 0 is never drawn, so a new hint always looks up.
///
/// The position is in memory this object owns, read through the pointer (which the row's lift
/// captures, with the object to keep it alive).
@usableFromInline
final class RowPositionHint {
  @usableFromInline let pointer: UnsafeMutablePointer<RowPosition>

  @inlinable
  init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: RowPosition(structure: 0, position: 0))
  }

  deinit {
    pointer.deallocate()
  }
}
