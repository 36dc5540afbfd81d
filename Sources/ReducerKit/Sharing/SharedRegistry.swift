#if !canImport(Darwin)
import Synchronization
#endif

/// One reference per key: every `@Shared` made with a key of the same type and ``SharedReaderKey/id``
/// gets the root that is alive for it, or makes the first one.
///
/// The registry holds its roots weakly: when the last reference to a key goes away, its root is
/// flushed and released, and the next reference loads the key again. Per-test storage comes from
/// the keys themselves: a key made under a test store captures that test's storage, which is
/// part of its id.
package enum SharedRegistry {
  private struct Entry {
    weak var root: AnyObject?
  }

  private struct Table {
    var entries: [RegistryKey: Entry] = [:]
    /// The size after the last sweep of released roots: the next sweep waits until the table
    /// doubles, so sweeping costs O(1) per key made.
    var sweptCount = 16
  }

  private struct RegistryKey: Hashable {
    let keyType: ObjectIdentifier
    let id: AnyHashable
  }

  private static let table = Locked(Table())
  #if canImport(Darwin)
  private static let created = Locked(false)
  #endif
  #if !canImport(Darwin)
  /// An atomic where there is one for every supported OS: a `send` asks it.
  private static let created = Atomic<Bool>(false)
  #endif

  /// Records that a root exists, so that a test store starts looking for shared values in its
  /// states (``anyBoxCreated``).
  static func noteBoxCreated() {
    #if canImport(Darwin)
    created.withLock { $0 = true }
    #else
    created.store(true, ordering: .releasing)
    #endif
  }

  /// Whether any shared value was ever made in this process.
  package static var anyBoxCreated: Bool {
    #if canImport(Darwin)
    created.withLock { $0 }
    #else
    created.load(ordering: .acquiring)
    #endif
  }

  /// The live root for `key`, or a new one made with `initialValue` that starts loading.
  static func root<Key: SharedReaderKey>(
    for key: Key, initialValue: Key.Value,
    persistence: @autoclosure () -> any SharedPersistence<Key.Value>
  ) -> SharedBox<Key.Value> {
    let registryKey = RegistryKey(keyType: ObjectIdentifier(Key.self), id: AnyHashable(key.id))
    let newRoot = persistence()
    let (box, isNew): (SharedBox<Key.Value>, Bool) = table.withLock { table in
      if let existing = table.entries[registryKey]?.root as? SharedBox<Key.Value> {
        return (existing, false)
      }
      let box = SharedBox(
        initialValue: initialValue, persistence: newRoot, keyDescription: String(describing: key))
      table.entries[registryKey] = Entry(root: box)
      if table.entries.count > 2 * table.sweptCount {
        table.entries = table.entries.filter { $0.value.root != nil }
        table.sweptCount = max(16, table.entries.count)
      }
      return (box, true)
    }
    if isNew { box.start() }
    return box
  }

  /// How many keys have a live root (released ones may still be counted until the next sweep).
  static var count: Int { table.withLock { $0.entries.values.count { $0.root != nil } } }
}
