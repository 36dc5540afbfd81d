/// Measures cases and prints them: each case warms up, runs several timed rounds and reports the
/// median time per operation.
///
/// A case can have a baseline and a twin, both measured earlier in the same run: the baseline is
/// what the issue's targets compare it with, the twin the same work written by hand without
/// ReducerKit (a `handwritten.*` case). Each prints as a ratio.
@MainActor
final class Harness {
  struct Result {
    let name: String
    let nanosecondsPerOperation: Double
    let baseline: String?
    var ratio: Double?
    let twin: String?
    var twinRatio: Double?
  }

  let isQuick: Bool
  let printsJSON: Bool
  /// When set, only cases whose name contains it run (for profiling one case).
  var filter: String?
  private(set) var results: [String: Result] = [:]
  private var order: [String] = []

  init(isQuick: Bool, printsJSON: Bool) {
    self.isQuick = isQuick
    self.printsJSON = printsJSON
  }

  var rounds: Int { isQuick ? 3 : 9 }

  /// One case of ``measureInterleaved(_:)``.
  struct InterleavedCase {
    let name: String
    var baseline: String? = nil
    var twin: String? = nil
    /// How many operations a round performs.
    let operations: Int
    /// Runs one round, passing the work to time to `timed` (the whole round, or each operation
    /// without what prepares it).
    let round: (_ timed: (() -> Void) -> Void) -> Void

    /// A case of ``measureInterleaved(_:)`` whose round, `body`, is timed as a whole.
    static func whole(
      _ name: String, baseline: String? = nil, twin: String? = nil, operations: Int,
      _ body: @escaping () -> Void
    ) -> InterleavedCase {
      InterleavedCase(name: name, baseline: baseline, twin: twin, operations: operations) { timed in
        timed(body)
      }
    }
  }

  /// Measures `cases` round by round in turn: a round of each, then the next round of each.
  ///
  /// For cases whose ratios are targets: this host's speed drifts by a third and more between
  /// stretches of a few seconds, so two cases measured one after the other could each land in a
  /// different stretch, and one run's ratio read the drift. Taking turns, a case and the case it
  /// is compared with are timed in the same stretches. Cases are recorded in the order given:
  /// a baseline or twin must come before the cases compared with it.
  func measureInterleaved(_ cases: [InterleavedCase]) {
    let cases = cases.filter { filter == nil || $0.name.contains(filter!) }
    guard !cases.isEmpty else { return }
    let clock = ContinuousClock()
    var elapsed = Duration.zero
    func timed(_ work: () -> Void) {
      let start = clock.now
      work()
      elapsed += clock.now - start
    }
    for measured in cases { measured.round(timed) }  // warm-up
    var samples = [[Double]](repeating: [], count: cases.count)
    for _ in 0..<rounds {
      for (index, measured) in cases.enumerated() {
        elapsed = .zero
        measured.round(timed)
        samples[index].append(Double(elapsed.nanoseconds) / Double(measured.operations))
      }
    }
    for (index, measured) in cases.enumerated() {
      record(
        measured.name, baseline: measured.baseline, twin: measured.twin, samples: samples[index])
    }
  }

  /// One case of the asynchronous `measureInterleaved(_:)`.
  struct AsyncInterleavedCase {
    let name: String
    var baseline: String? = nil
    /// How many operations a round performs.
    let operations: Int
    /// Runs one round and returns how long its timed part took.
    let timedRound: () async -> Duration

    /// A case whose round is timed as a whole.
    init(
      name: String, baseline: String? = nil, operations: Int, round: @escaping () async -> Void
    ) {
      self.init(name: name, baseline: baseline, operations: operations) {
        let clock = ContinuousClock()
        let start = clock.now
        await round()
        return clock.now - start
      }
    }

    /// A case whose round times itself (its setup or teardown is not part of what it measures)
    /// and returns how long the timed part took.
    init(
      name: String, baseline: String? = nil, operations: Int,
      timedRound: @escaping () async -> Duration
    ) {
      self.name = name
      self.baseline = baseline
      self.operations = operations
      self.timedRound = timedRound
    }
  }

  /// ``measureInterleaved(_:)`` for asynchronous cases, in balanced order: every other round
  /// visits the cases in reverse (A B, B A, A B, ...), the warm-up visits them in reverse too (so
  /// that it ends with the first), and the rounds are an even number (`rounds`, or one more). For
  /// a pair, each case's rounds then follow a round of A exactly as often as a round of B, and
  /// the median of an even number of samples is the mean of the middle two.
  ///
  /// A round of these cases starts thousands of tasks, and the round after it inherits the heap
  /// and the worker threads they leave: a round of `task.start.10000` read 2.9-3.2 us a task
  /// right after a round of `effects.start.10000` and 1.7-2.2 us right after one of its own. In
  /// plain turns (A B, A B, ...) every round of a case follows a round of the other, and the
  /// ratio read that order: 0.94x-1.19x in five full runs, 1.72x-1.78x in three runs of the pair
  /// alone, where one case after the other read 1.40x-2.58x and 0.69x-1.40x.
  func measureInterleaved(_ cases: [AsyncInterleavedCase]) async {
    let cases = cases.filter { filter == nil || $0.name.contains(filter!) }
    guard !cases.isEmpty else { return }
    for measured in cases.reversed() { _ = await measured.timedRound() }  // warm-up
    var samples = [[Double]](repeating: [], count: cases.count)
    let balancedRounds = rounds.isMultiple(of: 2) ? rounds : rounds + 1
    for round in 0..<balancedRounds {
      let order = round.isMultiple(of: 2) ? Array(cases.indices) : cases.indices.reversed()
      for index in order {
        let measured = cases[index]
        let elapsed = await measured.timedRound()
        samples[index].append(Double(elapsed.nanoseconds) / Double(measured.operations))
      }
    }
    for (index, measured) in cases.enumerated() {
      record(measured.name, baseline: measured.baseline, twin: nil, samples: samples[index])
    }
  }

  /// Measures an asynchronous `body`, which performs `operations` operations per call.
  func measure(
    _ name: String,
    baseline: String? = nil,
    twin: String? = nil,
    operations: Int,
    _ body: () async -> Void
  ) async {
    if let filter, !name.contains(filter) { return }
    await body()
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
      let start = clock.now
      await body()
      let elapsed = clock.now - start
      samples.append(Double(elapsed.nanoseconds) / Double(operations))
    }
    record(name, baseline: baseline, twin: twin, samples: samples)
  }

  /// Measures an asynchronous `body`, which performs `operations` operations per call and returns
  /// how long the part it measures took: for cases whose setup or teardown is not part of what
  /// they measure.
  func measureSelfTimed(
    _ name: String,
    baseline: String? = nil,
    twin: String? = nil,
    operations: Int,
    _ body: () async -> Duration
  ) async {
    if let filter, !name.contains(filter) { return }
    _ = await body()  // warm-up
    var samples: [Double] = []
    for _ in 0..<rounds {
      let elapsed = await body()
      samples.append(Double(elapsed.nanoseconds) / Double(operations))
    }
    record(name, baseline: baseline, twin: twin, samples: samples)
  }

  /// Reports a count that is a target by itself (not a time): `fileStorage.changes.1000`.
  func reportCount(_ name: String, _ count: Int, unit: String, target: String) {
    if let filter, !name.contains(filter) { return }
    if printsJSON {
      print("{\"name\": \"\(name)\", \"count\": \(count), \"unit\": \"\(unit)\"}")
    } else {
      print("\(name.padding(to: 30))\(String(count).leftPadding(to: 12)) \(unit)   (\(target))")
    }
  }

  private func record(_ name: String, baseline: String?, twin: String?, samples: [Double]) {
    // The middle sample, or the mean of the middle two of an even number.
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    let median =
      sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    var result = Result(
      name: name, nanosecondsPerOperation: median, baseline: baseline, twin: twin)
    if let baseline, let base = results[baseline] {
      result.ratio = median / base.nanosecondsPerOperation
    }
    if let twin, let base = results[twin] {
      result.twinRatio = median / base.nanosecondsPerOperation
    }
    results[name] = result
    order.append(name)
    report(result)
  }

  private func report(_ result: Result) {
    if printsJSON {
      let baseline = result.baseline.map { "\"\($0)\"" } ?? "null"
      let ratio = result.ratio.map { format($0, digits: 3) } ?? "null"
      let twin = result.twin.map { "\"\($0)\"" } ?? "null"
      let twinRatio = result.twinRatio.map { format($0, digits: 3) } ?? "null"
      print(
        """
        {"name": "\(result.name)", "ns_per_op": \(format(result.nanosecondsPerOperation, digits: 2)), \
        "baseline": \(baseline), "ratio": \(ratio), "twin": \(twin), "twin_ratio": \(twinRatio)}
        """)
    } else {
      let name = result.name.padding(to: 30)
      let time = format(result.nanosecondsPerOperation, digits: 1).leftPadding(to: 12)
      let ratio =
        result.ratio.map { "\(format($0, digits: 2))× \(result.baseline!)" } ?? ""
      if let twinRatio = result.twinRatio, let twin = result.twin {
        let twinText = "\(format(twinRatio, digits: 2))× \(twin)"
        print("\(name)\(time) ns/op   \(ratio.padding(to: Self.ratioWidth))\(twinText)")
      } else {
        print("\(name)\(time) ns/op   \(ratio)")
      }
    }
  }

  /// The width of the baseline ratio's column, before the twin's.
  private static let ratioWidth = 34

  func printHeader() {
    guard !printsJSON else { return }
    let ratios = "ratio to baseline".padding(to: Self.ratioWidth) + "ratio to hand-written twin"
    print("\("case".padding(to: 30))\("time".leftPadding(to: 12))         \(ratios)")
  }
}

/// Formats a number with a fixed count of decimals, without Foundation.
func format(_ value: Double, digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = "\(rounded)"
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  }
  return text
}

extension Duration {
  var nanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  func leftPadding(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// Keeps the optimizer from removing work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Stores `value` where the optimizer must assume it is read later.
///
/// For results of code the optimizer sees entirely (the hand-written twins): there `blackHole` of
/// a value without references compiles to nothing, and a round whose result goes nowhere can be
/// dropped as a repeat of the warm-up. This boxes `value` in an existential, so call it once per
/// round, not once per operation.
@inline(never)
func sink<T>(_ value: T) {
  sunkValue = value
}

nonisolated(unsafe) private var sunkValue: Any = ()
