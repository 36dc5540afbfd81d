import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Standard input as a stream, read on a thread of its own so the main actor stays free to run
/// the store and its effects.
enum InputReader {
  /// How long to wait for the rest of an escape sequence before taking a lone Escape as the key.
  static let sequenceTimeoutMilliseconds: Int32 = 40

  /// Key presses (decoded by ``KeyDecoder``) read from `descriptor` until its end.
  static func keys(from descriptor: Int32 = STDIN_FILENO) -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream<Key>.makeStream()
    let thread = Thread {
      var decoder = KeyDecoder()
      var byte: UInt8 = 0
      while true {
        if decoder.isPending, !byteArrives(on: descriptor, within: sequenceTimeoutMilliseconds) {
          if let key = decoder.flush() { continuation.yield(key) }
          continue
        }
        guard read(descriptor, &byte, 1) == 1 else { break }
        if let key = decoder.feed(byte) { continuation.yield(key) }
      }
      if let key = decoder.flush() { continuation.yield(key) }
      continuation.finish()
    }
    thread.start()
    return stream
  }

  /// Lines until end of input.
  static func lines() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    let thread = Thread {
      while let line = readLine() {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.start()
    return stream
  }

  private static func byteArrives(on descriptor: Int32, within milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, milliseconds) > 0
  }
}
