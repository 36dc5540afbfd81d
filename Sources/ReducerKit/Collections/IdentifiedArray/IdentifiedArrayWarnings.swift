/// The warnings of `IdentifiedArray`, out of line.
@usableFromInline
enum _IdentifiedArrayWarnings {
  /// Reports an element not added because its id is already present.
  @usableFromInline
  static func duplicateID<ID>(
    _ id: ID, in method: String, fileID: StaticString, line: UInt
  ) {
    runtimeWarn(
      """
      IdentifiedArray.\(method): an element with the id \(describe(id)) is already in the \
      array, so nothing was added (the existing element is kept). To replace it, use \
      "updateOrAppend(_:)" or "array[id: id] = element"; to add it, give it a new id.
      """, fileID: fileID, line: line)
  }
}
