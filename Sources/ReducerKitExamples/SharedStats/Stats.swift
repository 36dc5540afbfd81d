/// A counter's statistics, shared by two screens (``StatsCounter`` changes them, ``StatsProfile``
/// shows and resets them) through one `.inMemory("stats")` reference: TCA's shared-state case
/// study.
///
/// ```swift
/// @Shared(.inMemory("stats")) var stats = Stats()
/// ```
public struct Stats: Codable, Equatable, Sendable {
  /// The count now.
  public private(set) var count = 0
  /// The highest it has been.
  public private(set) var maxCount = 0
  /// The lowest it has been.
  public private(set) var minCount = 0
  /// How many times it changed.
  public private(set) var numberOfCounts = 0

  /// Statistics at zero.
  ///
  /// ```swift
  /// Stats()
  /// ```
  public init() {}

  /// One up.
  ///
  /// ```swift
  /// $stats.withLock { $0.increment() }
  /// ```
  public mutating func increment() {
    count += 1
    numberOfCounts += 1
    maxCount = max(maxCount, count)
  }

  /// One down.
  ///
  /// ```swift
  /// $stats.withLock { $0.decrement() }
  /// ```
  public mutating func decrement() {
    count -= 1
    numberOfCounts += 1
    minCount = min(minCount, count)
  }

  /// Back to zero.
  ///
  /// ```swift
  /// $stats.withLock { $0.reset() }
  /// ```
  public mutating func reset() {
    self = Stats()
  }
}
