// Line diffs of value dumps, for TestStore failures, `_printChanges()` and your own logging.

/// A line diff of the dumps of two values, or `nil` when they dump the same: what changed, in the
/// format TestStore failures and `_printChanges()` show, for your own logging.
///
/// Both values are rendered with ``debugDump(_:)`` and compared line by line. Lines only in the
/// first value's dump are prefixed `−` (U+2212), lines only in the second's are prefixed `+`, and
/// up to two unchanged lines around each change are shown, indented by two spaces; a `…` line
/// stands for each run of unchanged lines left out.
///
/// ```swift
/// struct State { var count = 0; var title = "Groceries"; var isLoading = false; var page = 1 }
/// var new = State()
/// new.count = 1
///
/// if let changes = diff(State(), new) {
///   print(changes)
/// }
/// //   State(
/// // −   count: 0,
/// // +   count: 1,
/// //     title: "Groceries",
/// //     isLoading: false,
/// // …
///
/// diff(State(), State())  // nil
/// ```
///
/// - Parameters:
///   - first: The value before, or the one expected (the `−` side).
///   - second: The value after, or the one you got (the `+` side).
/// - Returns: The diff lines joined by `"\n"` (no trailing newline), or `nil` when both values
///   dump to the same text.
public func diff(_ first: Any, _ second: Any) -> String? {
  debugDiff(first, second)
}

/// A line diff of the dumps of two values, or `nil` when the dumps are equal; ``diff(_:_:)`` with
/// a choice of context, for the testing module.
///
/// Both values are rendered with ``debugDump(_:)`` and compared line by line with
/// ``lineDiff(_:_:context:)``: lines only in `expected` are prefixed `−` (U+2212), lines only in
/// `actual` are prefixed `+`, and up to `context` unchanged lines around each change are shown
/// with two spaces; a `…` line stands for each run of unchanged lines left out.
///
/// ```swift
/// struct State { var count = 0; var title = "Groceries"; var isLoading = false }
/// var actual = State()
/// actual.count = 1
///
/// print(debugDiff(State(), actual, context: 1)!)
/// //   State(
/// // −   count: 0,
/// // +   count: 1,
/// //     title: "Groceries",
/// // …
/// ```
///
/// - Parameters:
///   - expected: The value the test expected (the `−` side).
///   - actual: The value it got (the `+` side).
///   - context: The number of unchanged lines to show before and after each change.
/// - Returns: The diff, or `nil` when both values dump to the same text.
package func debugDiff(_ expected: Any, _ actual: Any, context: Int = 2) -> String? {
  lineDiff(debugDump(expected), debugDump(actual), context: context)
}

/// A line diff of two texts that shows only the changed lines and some context, or `nil` when the
/// texts have the same lines.
///
/// The diff is a longest-common-subsequence diff, so it is minimal and deterministic; within a
/// change, removed lines come before inserted ones. Each output line is `"  "` + an unchanged
/// line, `"− "` + a line only in `old`, `"+ "` + a line only in `new`, or `…` for a run of
/// unchanged lines that are more than `context` lines away from any change.
///
/// ```swift
/// let diff = lineDiff("a\nb\nc\nd\ne", "a\nb\nC\nd\ne", context: 1)
/// print(diff!)
/// // …
/// //   b
/// // − c
/// // + C
/// //   d
/// // …
/// ```
///
/// - Parameters:
///   - old: The text before (the `−` side), split on newlines.
///   - new: The text after (the `+` side), split on newlines.
///   - context: The number of unchanged lines to show before and after each change; a negative
///     value counts as 0.
/// - Returns: The diff lines joined by `"\n"`, or `nil` when there is no change.
/// - Complexity: O(*n* · *m*) for the *n* and *m* lines between the common prefix and suffix of
///   the two texts; above a few million line pairs the middle is shown as one removed block and
///   one inserted block instead.
package func lineDiff(_ old: String, _ new: String, context: Int = 2) -> String? {
  let oldLines = old.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  let newLines = new.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  guard oldLines != newLines else { return nil }
  let edits = LineDiffer.edits(from: oldLines, to: newLines)
  return LineDiffer.render(edits, context: max(0, context))
}

/// The diff algorithm behind ``lineDiff(_:_:context:)``.
private enum LineDiffer {
  /// Above this many line pairs the LCS table (2 bytes per pair) is not built.
  static let maxTableSize = 9_000_000

  enum Edit: Equatable {
    case keep(Substring)
    case remove(Substring)
    case insert(Substring)
  }

  /// A shortest edit script from `old` to `new`.
  static func edits(from old: [Substring], to new: [Substring]) -> [Edit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])

    var result = old[..<prefix].map(Edit.keep)
    if oldMiddle.count * newMiddle.count <= maxTableSize {
      result += middleEdits(from: oldMiddle, to: newMiddle)
    } else {
      result += oldMiddle.map(Edit.remove) + newMiddle.map(Edit.insert)
    }
    result += old[(old.count - suffix)...].map(Edit.keep)
    return result
  }

  /// The LCS edit script, walking forward and preferring removals, so that the removed lines of
  /// a change come before its inserted lines.
  private static func middleEdits(from old: [Substring], to new: [Substring]) -> [Edit] {
    // Compare small integers rather than strings in the O(n·m) loop.
    var ids: [Substring: Int] = [:]
    func id(of line: Substring) -> Int {
      if let id = ids[line] { return id }
      ids[line] = ids.count
      return ids.count - 1
    }
    let a = old.map(id(of:))
    let b = new.map(id(of:))
    let n = a.count
    let m = b.count
    let width = m + 1
    // table[i * width + j] is the LCS length of a[i...] and b[j...]. It fits in UInt16 because it
    // is at most min(n, m), and min(n, m)² ≤ maxTableSize.
    var table = [UInt16](repeating: 0, count: (n + 1) * width)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i * width + j] =
          a[i] == b[j]
          ? table[(i + 1) * width + j + 1] + 1
          : max(table[(i + 1) * width + j], table[i * width + j + 1])
      }
    }
    var result: [Edit] = []
    result.reserveCapacity(n + m)
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        result.append(.keep(old[i]))
        i += 1
        j += 1
      } else if i < n, j == m || table[(i + 1) * width + j] >= table[i * width + j + 1] {
        result.append(.remove(old[i]))
        i += 1
      } else {
        result.append(.insert(new[j]))
        j += 1
      }
    }
    return result
  }

  /// The diff text: changes, unchanged lines within `context` of a change, and `…` for each run
  /// of unchanged lines left out.
  static func render(_ edits: [Edit], context: Int) -> String {
    // The distance from each edit to the nearest change, in edits; only unchanged lines lie
    // between an unchanged line and its nearest change, so this counts unchanged lines.
    var distance = [Int](repeating: Int.max, count: edits.count)
    var last = Int.min / 2
    for (index, edit) in edits.enumerated() {
      if case .keep = edit {} else { last = index }
      distance[index] = index - last
    }
    last = Int.max / 2
    for index in edits.indices.reversed() {
      if case .keep = edits[index] {} else { last = index }
      distance[index] = min(distance[index], last - index)
    }

    var lines: [String] = []
    var isSkipping = false
    for (index, edit) in edits.enumerated() {
      guard distance[index] <= context else {
        if !isSkipping { lines.append("…") }
        isSkipping = true
        continue
      }
      isSkipping = false
      switch edit {
      case .keep(let line): lines.append("  " + line)
      case .remove(let line): lines.append("\u{2212} " + line)
      case .insert(let line): lines.append("+ " + line)
      }
    }
    return lines.joined(separator: "\n")
  }
}
