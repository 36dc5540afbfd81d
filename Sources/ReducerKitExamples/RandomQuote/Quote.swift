/// A quotation and who said it.
///
/// ```swift
/// let quote = Quote(text: "Simplicity is prerequisite for reliability.", author: "Edsger Dijkstra")
/// ```
public struct Quote: Equatable, Hashable, Sendable {
  /// What was said.
  public var text: String
  /// Who said it.
  public var author: String

  /// Creates a quote.
  ///
  /// ```swift
  /// Quote(text: "Make it work, make it right, make it fast.", author: "Kent Beck")
  /// ```
  public init(text: String, author: String) {
    self.text = text
    self.author = author
  }

  /// The quote as one line: `"text" — author`.
  ///
  /// ```swift
  /// Text(quote.line)
  /// ```
  public var line: String { "\u{201C}\(text)\u{201D} \u{2014} \(author)" }
}
