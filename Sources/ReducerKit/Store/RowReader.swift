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
/// (``storedOffset(of:)``), looks the id up once and hands on the element where it is
/// stored, with no copy.
@usableFromInline
package struct RowReader<Parent, ParentAction, ID: Hashable, Element, ElementAction> {
  /// Makes the row with `id`'s functions: its finder, its projection and its embedding, all three
  /// over one ``RowLocator`` (one allocation per row store; see ``Row``).
  @usableFromInline let makeRow: (ID) -> Row
  /// The collection's versions, read in place from the address of the parent's state, for the
  /// rows' observer group.
  @usableFromInline let readVersions: (StateAddress) -> CollectionVersions

  /// One row's way to its element and to its parent's actions.
  @usableFromInline
  package struct Row {
    /// Runs a check on the element in place in the parent's state, or returns `nil` when the
    /// id is not in the collection.
    @usableFromInline let finder: StateFinder
    /// The element in a parent state value, or `nil` when the id is not in the collection.
    @usableFromInline let toState: (Parent) -> Element?
    /// Embeds the row's actions in the parent's.
    @usableFromInline let embed: (ElementAction) -> ParentAction
    /// The row store's two reads of its element on every send (is it there? copy it into the
    /// last state), each one function compiled for the row's types.
    @usableFromInline let access: RowAccess

    @inlinable
    init(
      finder: StateFinder, toState: @escaping (Parent) -> Element?,
      embed: @escaping (ElementAction) -> ParentAction, access: RowAccess
    ) {
      self.finder = finder
      self.toState = toState
      self.embed = embed
      self.access = access
    }
  }

  /// The reader of the elements of the collection at `keyPath`, whose actions `action` embeds.
  @inlinable
  package init(
    _ keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> ParentAction
  ) {
    let offset = storedOffset(of: keyPath)
    makeRow = { id in
      // Each closure captures the locator alone, which is then its context: the three share
      // one allocation. A row store's objects are what a send to one of many rows finds out of
      // the processor's caches, so each one saved is a cache miss saved.
      let locator = RowLocator(id: id, offset: offset ?? 0, keyPath: keyPath, action: action)
      let embed: (ElementAction) -> ParentAction = {
        locator.action(.element(id: locator.id, action: $0))
      }
      guard offset != nil else {
        return Row(
          finder: StateFinder { parentState, check in
            Self.withElements(in: parentState, offset: nil, keyPath: locator.keyPath) {
              Self.withElement(locator, in: $0, check)
            }
          },
          toState: { parent in
            StateAddress.with(parent) { parentState in
              Self.withElements(in: parentState, offset: nil, keyPath: locator.keyPath) {
                $0[as: Elements.self][id: locator.id]
              }
            }
          },
          embed: embed,
          access: RowAccess(
            isPresent: { parentState in
              Self.withElements(in: parentState, offset: nil, keyPath: locator.keyPath) {
                Self.withElement(locator, in: $0) { _ in true } != nil
              }
            },
            copy: { parentState, destination in
              // Copied out of the temporary collection the key path made, and assigned once
              // that is gone: a `deinit` the assignment runs may send an action that changes
              // the collection, which would copy all of it while the temporary shares it.
              var copied: Element?
              _ = Self.withElements(in: parentState, offset: nil, keyPath: locator.keyPath) {
                Self.withElement(locator, in: $0) { element in
                  copied = element[as: Element.self]
                  return true
                }
              }
              guard let copied else { return false }
              destination[as: Element.self] = copied
              return true
            }))
      }
      // A stored collection (the common case): found at its offset, with nothing on this path
      // that needs a large frame (the copy the key path makes is the other closure's).
      return Row(
        finder: StateFinder { parentState, check in
          Self.withElement(locator, in: parentState.field(at: locator.offset), check)
        },
        toState: { parent in
          StateAddress.with(parent) { parent in
            parent.field(at: locator.offset)[as: Elements.self][id: locator.id]
          }
        },
        embed: embed,
        access: RowAccess(
          isPresent: { parentState in
            Self.withElement(locator, in: parentState.field(at: locator.offset)) { _ in true }
              != nil
          },
          copy: { parentState, destination in
            Self.copyElement(
              locator, in: parentState.field(at: locator.offset), to: destination)
          }))
    }
    readVersions = { parentState in
      Self.withElements(in: parentState, offset: offset, keyPath: keyPath) { elements in
        CollectionVersions(
          structure: elements[as: Elements.self]._structureVersion,
          element: elements[as: Elements.self]._elementVersion,
          previousElement: elements[as: Elements.self]._previousElementVersion,
          lastMutatedKey: elements[as: Elements.self]._lastMutatedID.map { RowKey.of($0) })
      }
    }
  }

  /// Runs `check` on the element with `locator`'s id in the collection at `elements`, in place;
  /// `nil` when there
  /// is none. Where the row was last found (the locator's hint) is used while the set and order
  /// of ids has not changed since (the structure version, unique in the process, proves it): no
  /// hashing of the id (a row store finds its row several times a send). The hint is read and
  /// written before `check` runs, which may find the same row again.
  @inlinable @inline(__always)
  static func withElement(
    _ locator: RowLocator<Parent, ParentAction, ID, Element, ElementAction>,
    in elements: StateAddress,
    _ check: (_ element: StateAddress) -> Bool
  ) -> Bool? {
    var position = locator.hint.position
    if locator.hint.structure != elements[as: Elements.self]._structureVersion {
      guard let found = elements[as: Elements.self]._positions[locator.id] else { return nil }
      position = found
      locator.hint = RowPosition(
        structure: elements[as: Elements.self]._structureVersion, position: found)
    }
    // The elements are borrowed where they are stored, through their span: no copy of the
    // array, so no retain and release of its buffer (two atomic operations, three times a send
    // to a row store). Borrowing relies on nothing changing the collection while `check` reads
    // the element: an observer's check only reads (an action sent meanwhile is queued, not
    // reduced), and a row store's last state is copied before the value it replaces is
    // destroyed (see `OptionalStoreCore.refreshLastState()`). Within bounds, except while
    // `subscript(id:)` has an element out for mutation (the array is one short then): a
    // reducer's mutating method that reads a row store.
    return withBorrowedElement(at: position, of: elements[as: Elements.self]._elements, check)
  }

  /// Copies the element with `locator`'s id in the collection at `elements` over the `Element`
  /// at `destination`;
  /// `false`, leaving it as it was, when there is none.
  ///
  /// The element is borrowed where it is stored (see ``withElement(_:in:_:)``), so nothing may
  /// change the collection while it is read. Replacing the value at `destination` destroys the
  /// one it held, and destroying a value that holds references may run a `deinit` (an isolated
  /// one runs at once on the main actor) that sends an action, which would change the
  /// collection: such an element is copied while borrowed and assigned once the borrow has
  /// ended. A plain value (`_isPOD`) runs no `deinit`, and is copied over the old one in place.
  @inlinable @inline(__always)
  static func copyElement(
    _ locator: RowLocator<Parent, ParentAction, ID, Element, ElementAction>,
    in elements: StateAddress,
    to destination: MutableStateAddress
  ) -> Bool {
    if _isPOD(Element.self) {
      return withElement(locator, in: elements) { element in
        destination[as: Element.self] = element[as: Element.self]
        return true
      } != nil
    }
    var copy: Element?
    _ = withElement(locator, in: elements) { element in
      copy = element[as: Element.self]
      return true
    }
    guard let copy else { return false }
    destination[as: Element.self] = copy
    return true
  }

  /// Calls `body` with the address of the collection in the parent's state at `parentState`:
  /// where it is stored when it is a stored field at `offset` (a ``storedOffset(of:)``: no key
  /// path projection, no copy), else of a copy made through the key path. `body` reads it member
  /// by member through the address, which never copies it.
  @inlinable
  static func withElements<Result>(
    in parentState: StateAddress, offset: Int?,
    keyPath: KeyPath<Parent, Elements>,
    _ body: (_ elements: StateAddress) -> Result
  ) -> Result {
    guard let offset else {
      return StateAddress.with(parentState[as: Parent.self][keyPath: keyPath], body)
    }
    return body(parentState.field(at: offset))
  }

  /// The collection's type.
  @usableFromInline typealias Elements = IdentifiedArray<ID, Element>
}

/// A row store's reads of its element in its parent's state, made by ``RowReader`` where the
/// row's types are known: what a row store does on every send (check that its row is there
/// before the action, copy it into its last state after) as one call each, rather than a call
/// through the row's ``StateFinder`` with a check that calls back into the store's generic code.
///
/// Not generic, so that the store's unspecialized code holds it with no metadata lookup.
@usableFromInline
package struct RowAccess {
  /// Whether the row is in the parent's state at `parentState`.
  @usableFromInline let isPresent: (_ parentState: StateAddress) -> Bool
  /// Copies the row, when it is in the parent's state at `parentState`, over the element at
  /// `destination` (memory holding one); `false`, leaving it as it was, when it is not.
  @usableFromInline let copy:
    (_ parentState: StateAddress, _ destination: MutableStateAddress) -> Bool

  @inlinable
  init(
    isPresent: @escaping (_ parentState: StateAddress) -> Bool,
    copy: @escaping (_ parentState: StateAddress, _ destination: MutableStateAddress) -> Bool
  ) {
    self.isPresent = isPresent
    self.copy = copy
  }

  /// The access of a store that has none (it is no row store, or its parent is not the root):
  /// never called.
  static var none: RowAccess {
    RowAccess(isPresent: { _ in false }, copy: { _, _ in false })
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

/// One row store's way to its element: the id, the collection's place in the parent's state
/// and the parent's action, and where the row was last found (``hint``), in one object that the
/// row's finder, projection and embedding all capture.
///
/// The hint is used while the collection's structure version is the one recorded with it,
/// before the id is looked up by its hash. The version changes with every change of the set or
/// order of ids and is unique in the process (an array that replaced another never has its
/// version), so an equal version means the positions are those of the lookup that recorded it.
/// Version 0 is never drawn, so a new hint always looks up.
@usableFromInline
final class RowLocator<Parent, ParentAction, ID: Hashable, Element, ElementAction>:
  UncheckedFields<RowLocatorFields<Parent, ParentAction, ID, Element, ElementAction>>
{
  // All of the locator's fields are in ``UncheckedFields/unchecked``, in the order they had as
  // the class's own stored properties (the hint last): a row store's locator is one of the
  // objects a send to one of many rows finds out of the processor's caches, and keeping the
  // layout keeps the fields a send reads where they were.

  @inlinable
  var id: ID {
    @inline(__always) _read { yield unchecked.id }
  }

  /// The collection's byte offset in the parent's state, when it is a stored field (unused
  /// otherwise).
  @inlinable
  var offset: Int {
    @inline(__always) get { unchecked.offset }
  }

  @inlinable
  var keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>> {
    @inline(__always) _read { yield unchecked.keyPath }
  }

  @inlinable
  var action: (IdentifiedAction<ID, ElementAction>) -> ParentAction {
    @inline(__always) _read { yield unchecked.action }
  }

  /// Where the row was last found, not checked for exclusivity: read and written only by the
  /// row's finder, on the main actor, in accesses that end before it calls anything (the dynamic
  /// check is a runtime call on every read).
  @inlinable
  var hint: RowPosition {
    @inline(__always) _read { yield unchecked.hint }
    @inline(__always) _modify { yield &unchecked.hint }
  }

  @inlinable
  init(
    id: ID, offset: Int, keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> ParentAction
  ) {
    super.init(
      unchecked: RowLocatorFields(
        id: id, offset: offset, keyPath: keyPath, action: action,
        hint: RowPosition(structure: 0, position: 0)))
  }
}

/// A ``RowLocator``'s fields, kept in its ``UncheckedFields`` (the superclass, so no object of
/// their own): the id, the collection's offset, key path and embedding never change after init;
/// the hint is read and written by the row's finder (see the locator).
@usableFromInline
struct RowLocatorFields<Parent, ParentAction, ID: Hashable, Element, ElementAction> {
  @usableFromInline let id: ID
  @usableFromInline let offset: Int
  @usableFromInline let keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>
  @usableFromInline let action: (IdentifiedAction<ID, ElementAction>) -> ParentAction
  @usableFromInline var hint: RowPosition

  @inlinable
  init(
    id: ID, offset: Int, keyPath: KeyPath<Parent, IdentifiedArray<ID, Element>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> ParentAction, hint: RowPosition
  ) {
    self.id = id
    self.offset = offset
    self.keyPath = keyPath
    self.action = action
    self.hint = hint
  }
}
