/// The poll that sees changes made to `UserDefaults` directly: every half second, each
/// subscribed `.appStorage` key compares the stored value with the one it knows. One task for
/// the process, running only while some key is subscribed.
///
/// (swift-corelibs-foundation posts no notification when a value is set, and no platform
/// posts one for another process's change; a poll of at most 1 s is the bound design.md gives.)
enum AppStoragePolling {
  /// The time between two polls.
  static let interval: Duration = .milliseconds(500)

  private static let table = Locked(AppStoragePollTable<@Sendable () -> Void>())

  /// Runs `check` at every poll until the subscription is cancelled.
  static func watch(_ check: @escaping @Sendable () -> Void) -> SharedSubscription {
    let (token, startsPolling) = table.withLock { $0.add(check) }
    if startsPolling {
      Task.detached(priority: .utility) {
        while true {
          try? await Task.sleep(for: interval)
          guard let checks = table.withLock({ $0.checksOrStop() }) else { return }
          for check in checks { check() }
        }
      }
    }
    return SharedSubscription { table.withLock { $0.remove(token) } }
  }

  /// Runs every subscribed check now (tests, which should not wait for the poll).
  static func checkNow() {
    for check in table.withLock({ $0.checks }) { check() }
  }
}

/// The checks a poll runs, and whether the polling task is running: a plain value tested
/// without tasks.
struct AppStoragePollTable<Check> {
  private var entries: [UInt64: Check] = [:]
  private var nextToken: UInt64 = 0
  /// Whether a polling task is running (it stops at the first poll that finds no checks).
  private(set) var isPolling = false

  /// Adds a check; its token, and whether a polling task must be started for it.
  mutating func add(_ check: Check) -> (token: UInt64, startsPolling: Bool) {
    nextToken += 1
    entries[nextToken] = check
    defer { isPolling = true }
    return (nextToken, !isPolling)
  }

  /// Removes a check.
  mutating func remove(_ token: UInt64) {
    entries[token] = nil
  }

  /// The checks to run now.
  var checks: [Check] { Array(entries.values) }

  /// The checks for this poll, or `nil` (and the polling task is to end) when there are none.
  mutating func checksOrStop() -> [Check]? {
    guard !entries.isEmpty else {
      isPolling = false
      return nil
    }
    return checks
  }
}
