/// The values of shared references as a test saw them at one moment: a ``TestStore`` keeps one
/// for the expected state and one for each state the store reached, so that a shared value
/// changed later does not change what an earlier assertion compares.
///
/// Used by one test store, synchronously, on the main actor; that is why it can be
/// `@unchecked Sendable` (it travels in a task-local).
package final class SharedSnapshotTable: @unchecked Sendable {
  /// The value of each root, by the root's identity.
  package var roots: [ObjectIdentifier: Any] = [:]

  package init() {}

  /// A copy that can change on its own.
  package func copy() -> SharedSnapshotTable {
    let copy = SharedSnapshotTable()
    copy.roots = roots
    return copy
  }

  /// The live values of every shared reference reachable from `value` (through stored
  /// properties, enum payloads, collections and optionals), and of those inside them.
  package static func capture(_ value: Any) -> SharedSnapshotTable {
    let table = SharedSnapshotTable()
    guard SharedRegistry.anyBoxCreated else { return table }
    var visited: Set<ObjectIdentifier> = []
    table.collect(value, visited: &visited, depth: 0)
    return table
  }

  private func collect(_ value: Any, visited: inout Set<ObjectIdentifier>, depth: Int) {
    guard depth < 64 else { return }
    if let shared = value as? any SharedSnapshotSource {
      let root = shared.snapshotRoot
      let id = ObjectIdentifier(root)
      guard roots[id] == nil else { return }
      let live = root.liveValue()
      roots[id] = live
      collect(live, visited: &visited, depth: depth + 1)
      return
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
    }
    for child in mirror.children {
      collect(child.value, visited: &visited, depth: depth + 1)
    }
  }
}

/// A shared value found in a state by ``SharedSnapshotTable/capture(_:)``.
package protocol SharedSnapshotSource {
  var snapshotRoot: any SharedRoot { get }
}

/// How shared values read while a test store compares states: from one of its snapshots, not
/// from the live references.
package enum SharedView: Sendable {
  /// Reads come from the table where it has the root (else live); writes are live.
  case showing(SharedSnapshotTable)
  /// Reads and writes go to the table (a root it lacks is added from its live value): an
  /// assertion closure's `withLock` never writes to the real reference.
  case asserting(SharedSnapshotTable)
  /// `==` of two shared values reads the left one from the first table and the right one from
  /// the second.
  case comparing(SharedSnapshotTable, SharedSnapshotTable)

  /// The view in force on this task: `nil` outside a test store's comparisons.
  @TaskLocal package static var current: SharedView?

  /// The snapshot of `root` this view shows, if any.
  func snapshot(of root: AnyObject) -> Any? {
    switch self {
    case .showing(let table), .asserting(let table): table.roots[ObjectIdentifier(root)]
    case .comparing: nil
    }
  }

  /// The table writes go to, when asserting.
  var assertingTable: SharedSnapshotTable? {
    if case .asserting(let table) = self { return table }
    return nil
  }
}
