import Foundation

#if !canImport(Darwin)
import Synchronization
#endif

/// Tells the stores that a shared value changed, so that their observers of it are notified
/// whichever route changed it: a reduce of this store or another, an effect, a key's subscription
/// (the file on disk, `UserDefaults`).
///
/// A store registers once it has an observer or a stream of states. A change made on the main
/// thread during a store's `send` is handed on when the outermost `send` ends; one made on the
/// main thread outside any `send` at once; one made on another thread in a task on the main
/// actor (one at a time, however many changes come before it runs), or when a `send` on the
/// main actor ends first. (Where the main actor does not run on the main thread, as under Swift
/// Testing on Linux, a change made in a reduce is still handed on as its `send` ends; one made
/// on the main actor outside any `send`, in the task.)
package enum SharedChangeCenter {
  /// A store that re-checks its observers.
  @MainActor package protocol Subscriber: AnyObject {
    func recheckSharedValues()
  }

  private struct WeakSubscriber {
    weak var subscriber: (any Subscriber)?
  }

  @MainActor private static var subscribers: [ObjectIdentifier: WeakSubscriber] = [:]
  /// What every `send` reads and writes, held where the runtime does not check each access
  /// for exclusivity: as static `var`s, each access was a `swift_beginAccess` (about 20 ns a
  /// send, half of `send.none`). Its accesses keep ``UncheckedFields``' invariants: all on the
  /// main actor, each a plain read or write that is over before any other code runs.
  private final class SendState: UncheckedFields<SendState.Fields> {
    struct Fields {
      var sendDepth = 0
      var hasPendingChange = false
      var isFlushing = false
    }
    init() { super.init(unchecked: Fields()) }
  }

  @MainActor private static let sendState = SendState()

  /// How many `send`s are running on the main actor (nested sends count).
  @MainActor package static var sendDepth: Int {
    get { sendState.unchecked.sendDepth }
    set { sendState.unchecked.sendDepth = newValue }
  }
  /// A change was made during a `send`; handed on when the outermost one ends.
  @MainActor package static var hasPendingChange: Bool {
    get { sendState.unchecked.hasPendingChange }
    set { sendState.unchecked.hasPendingChange = newValue }
  }
  @MainActor private static var isFlushing: Bool {
    get { sendState.unchecked.isFlushing }
    set { sendState.unchecked.isFlushing = newValue }
  }
  private static let taskScheduled = Locked(false)

  #if !canImport(Darwin)
  /// A change was made off the main thread since the last flush: the next outermost `send`
  /// to end hands it on (the main actor may run elsewhere than the main thread here).
  private static let changedOffMainThread = Atomic<Bool>(false)
  #endif

  /// Whether a change made off the main thread waits to be handed on; clears it.
  @inline(__always)
  package static func takeChangeMadeOffMainThread() -> Bool {
    #if canImport(Darwin)
    false
    #else
    changedOffMainThread.load(ordering: .relaxed)
      && changedOffMainThread.exchange(false, ordering: .relaxed)
    #endif
  }

  /// Registers `subscriber` (weakly) for changes.
  @MainActor package static func register(_ subscriber: some Subscriber) {
    subscribers[ObjectIdentifier(subscriber)] = WeakSubscriber(subscriber: subscriber)
  }

  /// A shared value changed, on any thread.
  package static func valueChanged() {
    if MainThreadCheck.isMainThread {
      MainActor.assumeIsolated {
        if sendDepth > 0 || isFlushing {
          hasPendingChange = true
        } else {
          flush()
        }
      }
      return
    }
    #if !canImport(Darwin)
    changedOffMainThread.store(true, ordering: .relaxed)
    #endif
    let schedule = taskScheduled.withLock { scheduled in
      defer { scheduled = true }
      return !scheduled
    }
    guard schedule else { return }
    Task { @MainActor in
      taskScheduled.withLock { $0 = false }
      flush()
    }
  }

  /// Tells every registered store; repeats while the stores' observers change shared values.
  @MainActor package static func flush() {
    hasPendingChange = false
    guard !subscribers.isEmpty else { return }
    isFlushing = true
    defer { isFlushing = false }
    var rounds = 0
    repeat {
      hasPendingChange = false
      // Walked as it is (a subscriber told may register another, which then waits for the next
      // round); released ones are dropped when met, not by copying the table each time.
      var released: [ObjectIdentifier] = []
      for (id, entry) in subscribers {
        if let subscriber = entry.subscriber {
          subscriber.recheckSharedValues()
        } else {
          released.append(id)
        }
      }
      for id in released { subscribers[id] = nil }
      rounds += 1
    } while hasPendingChange && rounds < 100
    hasPendingChange = false
  }

  /// How many stores are registered (some may have been released since).
  @MainActor static var subscriberCount: Int { subscribers.count }
}
