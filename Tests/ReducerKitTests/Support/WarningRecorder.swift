import Foundation

@testable import ReducerKit

/// Collects the runtime warnings whose message contains `marker` while it is alive.
///
/// Tests run in parallel, so every test that checks warnings uses a marker (usually a unique
/// action name) that only its own warnings contain.
final class WarningRecorder: Sendable {
  private let warnings = Locked<[RuntimeWarning]>([])
  private let token: RuntimeWarnings.HandlerID

  init(matching marker: String) {
    let warnings = warnings
    token = RuntimeWarnings.addHandler { warning in
      guard warning.message.contains(marker) else { return false }
      warnings.withLock { $0.append(warning) }
      return true
    }
  }

  deinit {
    RuntimeWarnings.removeHandler(token)
  }

  /// The messages recorded so far.
  var messages: [String] {
    warnings.withLock { $0.map(\.message) }
  }

  /// Where the warnings recorded so far were reported, as `fileID:line`.
  var places: [String] {
    warnings.withLock { $0.map { "\($0.fileID):\($0.line)" } }
  }
}

/// Polls `condition` on the main actor until it holds or about 2 seconds have passed.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
  for _ in 0..<2_000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}
