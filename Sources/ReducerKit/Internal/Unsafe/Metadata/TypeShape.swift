// Structural facts about types read from their metadata: tuple elements (tuple metadata is
// kind, element count, labels, then (type, offset) pairs), Optional's wrapped type, class
// hierarchies. Tested in TypeShapeTests.

/// Structural facts about types, read from their metadata.
enum TypeShape {
  private static let pointerSize = MemoryLayout<UnsafeRawPointer>.size

  /// The element types of a tuple type (tuple metadata: kind, element count, labels, then one
  /// `(type, offset)` pair of words per element); `nil` for any other type.
  static func tupleElements(_ type: Any.Type) -> [Any.Type]? {
    guard MetadataKind(of: type) == .tuple else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let count = metadata.load(fromByteOffset: pointerSize, as: Int.self)
    return (0..<count).map { index in
      metadata.load(fromByteOffset: (3 + 2 * index) * pointerSize, as: Any.Type.self)
    }
  }

  /// The `Wrapped` type of an `Optional` (its first generic argument, the third word).
  static func optionalWrapped(_ type: Any.Type) -> Any.Type? {
    guard MetadataKind(of: type) == .optional else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return metadata.load(fromByteOffset: 2 * pointerSize, as: Any.Type.self)
  }

  /// Whether a payload of type `payload` has exactly the memory layout and meaning of a `value`:
  /// the same type, or tuples whose elements match one by one (labels are ignored, as a case
  /// constructor's function type drops them). A single labelled associated value is stored as
  /// a one-element tuple and matches its element type.
  static func payload(_ payload: Any.Type, matches value: Any.Type) -> Bool {
    if payload == value { return true }
    guard let elements = tupleElements(payload) else { return false }
    if elements.count == 1, tupleElements(value)?.count != 1 {
      return Self.payload(elements[0], matches: value)
    }
    guard let valueElements = tupleElements(value), valueElements.count == elements.count
    else { return false }
    return zip(elements, valueElements).allSatisfy { Self.payload($0, matches: $1) }
  }

  /// Whether a value of type `value` might implicitly convert to `payload` (an upcast, an
  /// existential, an `Optional`, `AnyHashable`, a metatype or function subtype, or tuples of
  /// these). A constructor taking `payload` can then be passed where `(Value) -> Root` is
  /// expected, so a case with that payload could be the one the constructor builds.
  static func value(_ value: Any.Type, mayConvertTo payload: Any.Type) -> Bool {
    if Self.payload(payload, matches: value) { return true }
    switch MetadataKind(of: payload) {
    case .existential, .existentialMetatype:
      return true
    case .optional:
      return optionalWrapped(payload).map { Self.value(value, mayConvertTo: $0) } ?? true
    case .class:
      return isSubclass(value, of: payload)
    case .function:
      return MetadataKind(of: value) == .function
    case .metatype:
      return MetadataKind(of: value) == .metatype
    case .tuple:
      guard let elements = tupleElements(payload), let valueElements = tupleElements(value),
        elements.count == valueElements.count
      else { return false }
      return zip(valueElements, elements).allSatisfy { Self.value($0, mayConvertTo: $1) }
    case .struct:
      return payload == AnyHashable.self
    case .enum, .other:
      return false
    }
  }

  /// Whether `type` is a class that inherits from (or is) `base`.
  private static func isSubclass(_ type: Any.Type, of base: Any.Type) -> Bool {
    func isSubtype<Base>(_: Base.Type) -> Bool { type is Base.Type }
    return MetadataKind(of: type) == .class && _openExistential(base, do: isSubtype)
  }

  /// Whether memory holding a `type` may be laid out differently by concrete code than generic
  /// code reads it. Concrete code stores Swift functions unabstracted and metatypes of
  /// non-class types as zero-size "thin" values, while generic code uses the most general
  /// representation, so such payloads cannot be read as a generic `Value`.
  static func isAbstractionSensitive(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    switch MetadataKind(of: type) {
    case .function:
      // Function metadata: kind, then flags whose bits 16–23 are the convention (3 = C).
      let flags = metadata.load(fromByteOffset: pointerSize, as: Int.self)
      return (flags >> 16) & 0xFF != 3
    case .metatype:
      // Metatype metadata: kind, then the instance type. Class metatypes are always thick.
      let instance = metadata.load(fromByteOffset: pointerSize, as: Any.Type.self)
      return MetadataKind(of: instance) != .class
    case .tuple:
      return tupleElements(type)?.contains(where: isAbstractionSensitive) ?? false
    case .optional:
      return optionalWrapped(type).map(isAbstractionSensitive) ?? false
    default:
      return false
    }
  }
}
