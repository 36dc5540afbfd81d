/// When `.fileStorage` writes, as a pure state machine: the first change is written at once and
/// starts a quiet period of one second; changes during it are held, the last one winning, and
/// written when it ends (which starts another); a flush writes what is held now.
///
/// `Pending` is what a held change carries (its data and its save's continuation). The machine
/// never touches tasks, clocks or files: ``FileWriter`` does what its answers say.
struct FileWriteSchedule<Pending> {
  /// Whether a quiet period is running (its timer started).
  private(set) var isQuiet = false
  /// The change held for the end of the quiet period.
  private(set) var pending: Pending?

  /// What to do with a change.
  enum Change {
    /// Write it now and start the quiet period's timer.
    case writeNowAndStartTimer
    /// Held; the change it replaced (if any) is superseded.
    case held(superseded: Pending?)
  }

  /// A change was made.
  mutating func change(_ new: Pending) -> Change {
    guard isQuiet else {
      isQuiet = true
      return .writeNowAndStartTimer
    }
    defer { pending = new }
    return .held(superseded: pending)
  }

  /// The quiet period ended: the held change to write (and another quiet period starts), or
  /// nothing (and writes are immediate again).
  mutating func quietPeriodEnded() -> Pending? {
    guard let held = pending else {
      isQuiet = false
      return nil
    }
    pending = nil
    return held
  }

  /// Takes the held change to write now (`save()`, the last reference going away).
  mutating func flush() -> Pending? {
    defer { pending = nil }
    return pending
  }
}
