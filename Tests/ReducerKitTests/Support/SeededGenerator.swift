import Foundation

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// sequence on every platform and toolchain, so a failing random test can be replayed from the
/// seed it prints.
///
/// Its helpers draw with plain modulo arithmetic rather than `Int.random(in:using:)`, whose way of
/// consuming the generator is not promised to stay the same across standard library versions.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` must be positive).
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// `true` with a probability of `percent` in 100.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// One of `elements` (which must not be empty).
  mutating func pick<C: RandomAccessCollection>(_ elements: C) -> C.Element {
    elements[elements.index(elements.startIndex, offsetBy: below(elements.count))]
  }
}
