#if !canImport(Darwin)
import Synchronization
#endif

/// The values of shared references as a test saw them at one moment: a ``TestStore`` keeps one
/// for the expected state and one for each state the store reached, so that a shared value
/// changed later does not change what an earlier assertion compares.
///
/// It travels in a task-local (``SharedView``), so it is `Sendable`: a lock protects its
/// entries (the snapshots and their roots).
package final class SharedSnapshotTable: Sendable {
  private struct Entries {
    /// The value of each root, by the root's identity.
    var roots: [ObjectIdentifier: Any] = [:]
    /// The roots themselves, kept alive while the table is: a released root's identity could
    /// otherwise be reused by a new one, which would then show the old one's snapshot.
    var owners: [ObjectIdentifier: AnyObject] = [:]
  }

  private let entries: Locked<Entries>

  package init() {
    entries = Locked(Entries())
  }

  private init(_ entries: Entries) {
    self.entries = Locked(entries)
  }

  /// The value of each root, by the root's identity.
  package var roots: [ObjectIdentifier: Any] { entries.withLock { $0.roots } }

  /// The snapshot of `root`, if the table has one.
  package subscript(root root: AnyObject) -> Any? {
    get { entries.withLock { $0.roots[ObjectIdentifier(root)] } }
    set {
      entries.withLock { entries in
        entries.roots[ObjectIdentifier(root)] = newValue
        entries.owners[ObjectIdentifier(root)] = newValue == nil ? nil : root
      }
    }
  }

  /// A table with the same snapshots, changed independently from now on.
  package func copy() -> SharedSnapshotTable {
    SharedSnapshotTable(entries.withLock { $0 })
  }

  /// The live values of every shared reference reachable from `value` (through stored
  /// properties, enum payloads, collections and optionals), and of those inside them.
  package static func capture(_ value: Any) -> SharedSnapshotTable {
    let table = SharedSnapshotTable()
    guard SharedRegistry.anyBoxCreated else { return table }
    forEachRoot(in: value) { root in
      guard table[root: root] == nil else { return nil }
      let live = root.liveValue()
      table[root: root] = live
      return live
    }
    return table
  }

  /// The version of every shared value reachable from `value`, by root: equal results mean no
  /// shared value in it changed (a store's stream of states skips a change to another's).
  package static func versions(in value: Any) -> [ObjectIdentifier: UInt64] {
    var versions: [ObjectIdentifier: UInt64] = [:]
    guard SharedRegistry.anyBoxCreated else { return versions }
    forEachRoot(in: value) { root in
      guard versions[ObjectIdentifier(root)] == nil else { return nil }
      versions[ObjectIdentifier(root)] = root.version
      return root.liveValue()
    }
    return versions
  }

  /// Calls `visit` with each shared root reachable from `value` (through stored properties,
  /// enum payloads, collections and optionals); the value `visit` returns is searched in turn.
  private static func forEachRoot(in value: Any, _ visit: (any SharedRoot) -> Any?) {
    var visited: Set<ObjectIdentifier> = []
    func walk(_ value: Any, depth: Int) {
      guard depth < 64 else { return }
      if let shared = value as? any SharedSnapshotSource {
        if let inner = visit(shared.snapshotRoot) { walk(inner, depth: depth + 1) }
        return
      }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class {
        guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
      }
      for child in mirror.children { walk(child.value, depth: depth + 1) }
    }
    walk(value, depth: 0)
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

  /// The view set on this task: `nil` outside a test store's comparisons. Read it through
  /// ``inForce``, set it with ``with(_:_:)``.
  @TaskLocal private static var current: SharedView?

  #if !canImport(Darwin)
  /// How many ``with(_:_:)`` calls are running, on any task: while none is, no view is in
  /// force, and a shared value's read or change skips the task-local lookup (a tenth of a
  /// change's cost). (Apple platforms below macOS 15 have no `Atomic`: there the task-local is
  /// always read.)
  private static let viewsInForce = Atomic<Int>(0)
  #endif

  /// The view in force on this task: `nil` outside a test store's comparisons.
  @inline(__always)
  package static var inForce: SharedView? {
    #if !canImport(Darwin)
    guard viewsInForce.load(ordering: .acquiring) > 0 else { return nil }
    #endif
    return current
  }

  /// Runs `body` with `view` in force on this task.
  ///
  /// A task `body` starts sees the view only while `body` runs.
  ///
  /// ```swift
  /// SharedView.with(.comparing(lhsTable, rhsTable)) { lhs == rhs }
  /// ```
  package static func with<R>(_ view: SharedView, _ body: () throws -> R) rethrows -> R {
    #if !canImport(Darwin)
    viewsInForce.add(1, ordering: .releasing)
    defer { viewsInForce.subtract(1, ordering: .releasing) }
    #endif
    return try $current.withValue(view) { try body() }
  }

  /// The snapshot of `root` this view shows, if any.
  func snapshot(of root: AnyObject) -> Any? {
    switch self {
    case .showing(let table), .asserting(let table): table[root: root]
    case .comparing: nil
    }
  }

  /// The table writes go to, when asserting.
  var assertingTable: SharedSnapshotTable? {
    if case .asserting(let table) = self { return table }
    return nil
  }
}
