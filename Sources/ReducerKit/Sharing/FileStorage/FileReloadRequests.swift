/// Whether a file's reload is running and whether another was asked for meanwhile, as a pure
/// value (``FileReloads`` runs the reloads).
///
/// A request while one runs is remembered, not run beside it: the running reload reads the file
/// again when it ends, so reloads never overlap and the last one reads the newest contents.
struct FileReloadRequests: Equatable {
  /// Whether a reload is running.
  private(set) var isRunning = false
  /// Whether a reload was asked for while one was running.
  private(set) var isRequestedAgain = false

  /// A reload is asked for: whether to run it now (none is running).
  mutating func request() -> Bool {
    guard !isRunning else {
      isRequestedAgain = true
      return false
    }
    isRunning = true
    return true
  }

  /// The running reload ended: whether to run it again (one was asked for meanwhile).
  mutating func finished() -> Bool {
    guard isRequestedAgain else {
      isRunning = false
      return false
    }
    isRequestedAgain = false
    return true
  }
}
