// The kind word at the start of type metadata (docs/ABI/TypeMetadata.rst), for the kinds
// ReducerKit reads: tested in MetadataKindTests.

/// The first word of type metadata, for the kinds this file needs.
enum MetadataKind: Equatable {
  case `struct`, `enum`, optional, `class`, tuple, function, existential, metatype
  case existentialMetatype, other

  init(of type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    switch metadata.load(as: Int.self) {
    case 0x200: self = .struct
    case 0x201: self = .enum
    case 0x202: self = .optional
    // 0 is a Swift class without Objective-C interop; above 0x7FF the word is an isa pointer;
    // 0x203 is a foreign class, 0x305 an Objective-C class wrapper.
    case 0, 0x203, 0x305, 0x800...: self = .class
    case 0x301: self = .tuple
    case 0x302: self = .function
    case 0x303: self = .existential
    case 0x304: self = .metatype
    case 0x306: self = .existentialMetatype
    default: self = .other
    }
  }
}
