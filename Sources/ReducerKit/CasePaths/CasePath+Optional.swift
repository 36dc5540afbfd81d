extension CasePath {
  /// Changes the payload of an optional `root` in place when it is present and in this path's
  /// case: the way to assert on one field of a presented destination, whose state is optional
  /// (`@PresentationState var destination: Destination.State?`), in a test.
  ///
  /// ```swift
  /// await store.send(.destination(.presented(.edit(.nameChanged("Blob"))))) {
  ///   CasePath(Destination.State.edit).modify(&$0.destination) {
  ///     $0.name = "Blob"
  ///   }
  /// }
  /// ```
  ///
  /// Without this overload the call above would compile as a path of `Root?` (the constructor's
  /// result promoted to an optional), which no value matches. When `root` is `nil` or in another
  /// case, `body` is not called, `root` is left as it is, and a runtime warning is reported (a
  /// test failure inside a `TestStore` assertion).
  ///
  /// - Parameters:
  ///   - root: The optional enum value to change.
  ///   - body: Changes the payload.
  ///   - fileID: Where to report a root that is `nil` or in another case; the caller's by
  ///     default.
  ///   - line: The line to report it at.
  public func modify(
    _ root: inout Root?,
    _ body: (inout Value) throws -> Void,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) rethrows {
    guard var present = root else {
      runtimeWarn(
        """
        modify(_:_:) was called on nil; nothing was changed. The optional state is not \
        presented.

          Case path: \(Self.self)
        """, fileID: fileID, line: line)
      return
    }
    try modify(&present, body, fileID: fileID, line: line)
    root = present
  }
}
