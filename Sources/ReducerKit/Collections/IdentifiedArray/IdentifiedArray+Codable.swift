/// An `IdentifiedArray` encodes as an array of its elements, in order.
///
/// ```swift
/// let data = try JSONEncoder().encode(todos)  // [{"id": 1, …}, …]
/// ```
extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an unkeyed container, in order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

/// An array of `Identifiable` elements decodes from an array; two elements with the same id are
/// a decoding error (data corrupted), not a crash.
///
/// ```swift
/// let todos = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
/// ```
extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes the elements from an unkeyed container; a repeated id throws.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    var ids: Set<ID> = []
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard ids.insert(element.id).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Two elements have the id \(element.id).")
      }
      elements.append(element)
    }
    self.init(uniqueElements: elements)
  }
}
