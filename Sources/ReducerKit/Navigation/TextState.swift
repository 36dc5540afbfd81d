/// A piece of text for an alert, a confirmation dialog or a button, held in state: an
/// `Equatable` stand-in for SwiftUI's `Text` that a test can compare.
///
/// Build it from a string (or a string literal); SwiftUI shows it with `Text(_:)` (see the
/// `Text(_ state: TextState)` initializer, available where SwiftUI is).
///
/// ```swift
/// let title = TextState("Delete \(item.name)?")
/// let cancel: TextState = "Cancel"
/// String(state: title)  // "Delete Milk?"
/// ```
///
/// The text is shown as given (verbatim). To localize it, build it from a localized string:
/// `TextState(String(localized: "Delete?"))`.
public struct TextState: Hashable, Sendable {
  /// The text, as shown.
  let content: String

  /// Text that shows `content` as it is.
  ///
  /// ```swift
  /// TextState(verbatim: "100%")
  /// ```
  ///
  /// - Parameter content: The text.
  public init(verbatim content: String) {
    self.content = content
  }

  /// Text that shows a string as it is.
  ///
  /// ```swift
  /// TextState("Delete?")
  /// TextState(item.name)
  /// ```
  ///
  /// - Parameter content: The text: a `String` or a `Substring`.
  public init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }

  /// Two texts, one after the other.
  ///
  /// ```swift
  /// TextState("Delete ") + TextState(item.name)  // "Delete Milk"
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: The first text.
  ///   - rhs: The text that follows it.
  /// - Returns: The two texts joined.
  public static func + (lhs: TextState, rhs: TextState) -> TextState {
    TextState(verbatim: lhs.content + rhs.content)
  }
}

extension TextState: ExpressibleByStringLiteral {
  /// Text from a string literal, where a ``TextState`` is expected.
  ///
  /// ```swift
  /// let title: TextState = "Saved"
  /// ```
  ///
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) {
    self.init(verbatim: value)
  }
}

extension TextState: CustomStringConvertible {
  /// The text itself.
  ///
  /// ```swift
  /// print(TextState("Saved"))  // Saved
  /// ```
  public var description: String { content }
}

extension TextState: CustomDumpRepresentable {
  /// A text dumps as its string, quoted: `title: "Delete?"`.
  package var customDumpValue: Any { content }
}

extension String {
  /// The string that a ``TextState`` shows.
  ///
  /// ```swift
  /// String(state: alert.title)  // "Delete?"
  /// ```
  ///
  /// - Parameter state: The text.
  public init(state: TextState) {
    self = state.content
  }
}
