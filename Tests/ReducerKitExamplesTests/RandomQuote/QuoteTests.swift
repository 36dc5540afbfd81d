import Foundation
import ReducerKitExamples
import Testing

@Suite struct QuoteTests {
  @Test func aQuoteReadsAsOneLine() {
    let quote = Quote(text: "Talk is cheap.", author: "Linus Torvalds")
    #expect(quote.line == "\u{201C}Talk is cheap.\u{201D} \u{2014} Linus Torvalds")
    #expect(quote != Quote(text: "Talk is cheap.", author: "Someone"))
  }
}
