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
  ///
  /// The states' `==` is not enough: it may skip what it knows to be the same (two arrays of one
  /// buffer, one presented child's storage) and so never read the shared values inside, which
  /// the two tables may hold differently. So the shared values reachable from `rhs` are compared
  /// too, table against table.
  static func equal<State: Equatable>(
    _ lhs: State, _ lhsTable: SharedSnapshotTable, _ rhs: State, _ rhsTable: SharedSnapshotTable
  ) -> Bool {
    guard SharedView.with(.comparing(lhsTable, rhsTable), { lhs == rhs }) else { return false }
    let (lhsValues, rhsValues) = (lhsTable.roots, rhsTable.roots)
    guard !lhsValues.isEmpty, !rhsValues.isEmpty else { return true }
    for root in SharedSnapshotTable.versions(in: rhs).keys {
      guard let lhsValue = lhsValues[root], let rhsValue = rhsValues[root] else { continue }
      if !valuesAreEqual(lhsValue, rhsValue) { return false }
    }
    return true
  }

  /// Whether two shared values are equal: `true` for values that are not `Equatable` (the
  /// state's `==` spoke for them).
  private static func valuesAreEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return true }
    func isEqual<Value: Equatable>(_ lhs: Value) -> Bool { lhs == (rhs as? Value) }
    return isEqual(lhs)
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
