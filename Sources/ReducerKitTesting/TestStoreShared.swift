import ReducerKit

/// How a test store sees shared values: each state it keeps comes with a snapshot of the shared
/// values in it, taken when it was reduced, so that comparing two states compares what each saw
/// (a live reference would show the latest value on both sides and hide every change), and an
/// assertion closure's `withLock` changes only the expected snapshot, never the real value.
@MainActor
struct SharedStates {
  /// `state` changed by `update` with its shared values read and written in `table` (a copy
  /// is changed; `table` is not).
  static func update<State>(
    _ state: inout State, sharedIn table: SharedSnapshotTable,
    _ update: (inout State) throws -> Void
  ) rethrows -> SharedSnapshotTable {
    let expected = table.copy()
    try SharedView.with(.asserting(expected)) { try update(&state) }
    return expected
  }

  /// Whether `lhs` as of `lhsTable` equals `rhs` as of `rhsTable`.
  static func equal<State: Equatable>(
    _ lhs: State, _ lhsTable: SharedSnapshotTable, _ rhs: State, _ rhsTable: SharedSnapshotTable
  ) -> Bool {
    SharedView.with(.comparing(lhsTable, rhsTable)) { lhs == rhs }
  }

  /// The diff of `expected` as of `expectedTable` against `actual` as of `actualTable`: a
  /// shared field shows the value each side saw.
  static func diff(
    _ expected: Any, _ expectedTable: SharedSnapshotTable,
    _ actual: Any, _ actualTable: SharedSnapshotTable
  ) -> String? {
    let old = SharedView.with(.showing(expectedTable)) { debugDump(expected) }
    let new = SharedView.with(.showing(actualTable)) { debugDump(actual) }
    return lineDiff(old, new)
  }
}
