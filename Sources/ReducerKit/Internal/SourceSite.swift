/// A place in the user's code (`#fileID` and `#line`), kept by a reducer for the runtime
/// warnings it reports there.
@usableFromInline
struct SourceSite: Sendable {
  /// The `#fileID` of the place.
  @usableFromInline let fileID: StaticString
  /// The line of the place.
  @usableFromInline let line: UInt

  /// The place at `fileID` and `line`.
  @inlinable
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}

/// Reports a runtime warning (``runtimeWarn(_:fileID:line:)``) at `site`.
@usableFromInline
func runtimeWarn(_ message: @autoclosure () -> String, at site: SourceSite) {
  runtimeWarn(message(), fileID: site.fileID, line: site.line)
}
