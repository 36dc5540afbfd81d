import Foundation
import Testing

@testable import reducerkit_demo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("InputReader")
struct InputReaderTests {
  /// The keys read from a pipe that gets `chunks`, each written after the reader took the
  /// previous ones (a pause, as between key presses), then closed.
  private func keys(_ chunks: [[UInt8]]) async throws -> [Key] {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    defer { close(readEnd) }
    var iterator = InputReader.keys(from: readEnd).makeAsyncIterator()
    var keys: [Key] = []
    for chunk in chunks {
      _ = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, chunk.count) }
      // Every chunk here completes exactly one key.
      if let key = await iterator.next() { keys.append(key) }
    }
    close(writeEnd)
    while let key = await iterator.next() { keys.append(key) }
    return keys
  }

  @Test("an arrow key's three bytes are one key, read from the descriptor")
  func arrow() async throws {
    #expect(try await keys([[0x1B, 0x5B, 0x41], [UInt8(ascii: "+")]]) == [.up, .character("+")])
  }

  @Test("a lone Escape becomes the Escape key once no byte follows it soon")
  func loneEscape() async throws {
    // The second chunk is only written after the reader gave the first as a key, which it does
    // only after the pause: so this can only pass through the timeout.
    #expect(try await keys([[0x1B], [UInt8(ascii: "m")]]) == [.escape, .character("m")])
  }

  @Test("the stream ends when the input ends")
  func endOfInput() async throws {
    #expect(try await keys([[UInt8(ascii: "q")]]) == [.character("q")])
  }
}
