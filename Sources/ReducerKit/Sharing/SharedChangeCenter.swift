import Foundation

#if !canImport(Darwin)
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#endif

/// Tells the stores that a shared value changed, so that their observers of it are notified
/// whichever route changed it: a reduce of this store or another, an effect, a key's subscription
/// (the file on disk, `UserDefaults`).
///
/// A store is told of a root's changes once one of its observers read that root's value
/// (``register(_:for:)``, from what ``SharedReadRecorder`` saw during the read), and of every
/// change once it has a stream of states or an observer of its whole state (``register(_:)``:
/// which roots those read is not known). A change made on the main thread during a store's
/// `send` is handed on when the outermost `send` ends; one made on the main thread outside any
/// `send` at once; one made on another thread in a task on the main actor (one at a time,
/// however many changes come before it runs), or when a `send` on the main actor ends first.
/// (Where the main actor does not run on the main thread, as under Swift Testing on Linux, a
/// change made in a reduce is still handed on as its `send` ends; one made on the main actor
/// outside any `send`, in the task.)
package enum SharedChangeCenter {
  /// A store that re-checks its observers.
  @MainActor package protocol Subscriber: AnyObject {
    func recheckSharedValues()
  }

  private struct WeakSubscriber {
    weak var subscriber: (any Subscriber)?
  }

  /// A root's identity, as its `ObjectIdentifier`'s bits: a plain integer keeps ``SendState``
  /// made statically (with an optional `ObjectIdentifier` in it, every `send` paid a
  /// lazy-global check: 14 → 19 ns).
  typealias RootID = UInt

  @inline(__always)
  private static func rootID(_ root: AnyObject) -> RootID {
    UInt(bitPattern: ObjectIdentifier(root))
  }

  /// The stores told of one root's changes.
  private struct RootSubscribers {
    /// The root, to tell a released one (whose identity a new root may reuse) from a live one.
    weak var root: AnyObject?
    var subscribers: [ObjectIdentifier: WeakSubscriber] = [:]
  }

  /// What every `send` reads and writes, held where the runtime does not check each access
  /// for exclusivity: as static `var`s, each access was a `swift_beginAccess` (about 20 ns a
  /// send, half of `send.none`). Its accesses keep ``UncheckedFields``' invariants: all on the
  /// main actor, each a plain read or write that is over before any other code runs. It is not
  /// `Sendable` (it is not safe to use from two threads); the static that holds it is
  /// `nonisolated(unsafe)` because the one access not in a `@MainActor` function is
  /// ``valueChanged(_:)``'s during a `send` or a flush on the calling thread (which is then
  /// running the main actor: `MainActor.assertIsolated` checks it in debug builds, so in every
  /// test), where `assumeIsolated`'s check and the closure it takes cost a third of a change.
  private final class SendState: UncheckedFields<SendState.Fields> {

    struct Fields {
      var sendDepth = 0
      /// How many roots changed since the last flush: the first is ``firstChange``'s, the
      /// others the first `changedCount - 1` of ``Tables/changedRoots``.
      var changedCount = 0
      /// How many of those the flush under way has begun telling its stores of: a root changed
      /// again after that is noted again, even if it was the last one noted.
      var toldCount = 0
      var hasPendingChange = false
      var isFlushing = false
      /// Whether a store was ever registered: until one is, a flush has no one to tell and
      /// looks at no table.
      var hasSubscribers = false
    }
    init() { super.init(unchecked: Fields()) }
  }

  /// Only plain values in ``SendState``: so the compiler makes it statically, and a `send`
  /// reaches it with no lazy-global check (with the tables in it, that check was a third of
  /// `send.none`). The tables are here, reached when something changed; the same invariants.
  private final class Tables: UncheckedFields<Tables.Fields> {
    struct Fields {
      /// The roots changed since the last flush after the first: the first `changedCount - 1`
      /// (the buffer is kept, so that noting a change allocates nothing once warm).
      var changedRoots: [RootID] = []
      /// The stores told of every change.
      var subscribers: [ObjectIdentifier: WeakSubscriber] = [:]
      /// The stores told of each root's changes, by the root's identity.
      var subscribersByRoot: [RootID: RootSubscribers] = [:]
      /// How many roots `subscribersByRoot` held after its last sweep of released ones.
      var sweptRootCount = 16
    }
    init() { super.init(unchecked: Fields()) }
  }

  /// The first root changed since the last flush (most `send`s change one; 0 when none), where
  /// a change reaches no table. An object of its own: in ``SendState``, it kept the compiler
  /// from making that statically (and every `send` paid a lazy-global check, 14 → 19 ns). The
  /// same invariants as ``SendState``.
  private final class FirstChange: UncheckedFields<RootID> {
    init() { super.init(unchecked: 0) }
  }

  // See ``SendState``: reached on the main actor only.
  private nonisolated(unsafe) static let firstChange = FirstChange()
  private nonisolated(unsafe) static let sendState = SendState()
  private nonisolated(unsafe) static let tables = Tables()

  #if !canImport(Darwin)
  /// The thread running the outermost `send` or a flush now (`pthread_self`), or 0: where the
  /// main actor does not run on the main thread (an `async` main after its first suspension,
  /// Swift Testing), a change made on it is still known to be the main actor's. (Not in
  /// ``SendState``, which must hold plain values only.)
  private static let sendingThread = Atomic<UInt>(0)
  #endif

  /// A `send` begins on the main actor (nested sends count).
  @MainActor @inline(__always) package static func beginSend() {
    let state = sendState
    state.unchecked.sendDepth &+= 1
    #if !canImport(Darwin)
    // Only once there are shared values: an app without any pays a load, not `pthread_self`.
    if state.unchecked.sendDepth == 1, SharedRegistry.anyBoxCreated {
      sendingThread.store(UInt(pthread_self()), ordering: .relaxed)
    }
    #endif
  }

  /// A `send` ends: once the outermost one does, the shared values its reduces changed are
  /// handed on to the stores that observe them.
  @MainActor @inline(__always) package static func endSend() {
    let state = sendState
    state.unchecked.sendDepth &-= 1
    guard state.unchecked.sendDepth == 0 else { return }
    #if !canImport(Darwin)
    // A send made by a store told during a flush: the flush still runs on this thread.
    if !state.unchecked.isFlushing { sendingThread.store(0, ordering: .relaxed) }
    #endif
    if state.unchecked.hasPendingChange || takeChangeMadeOffMainThread() { flush() }
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
  @MainActor private static var subscribers: [ObjectIdentifier: WeakSubscriber] {
    get { tables.unchecked.subscribers }
    set { tables.unchecked.subscribers = newValue }
  }
  @MainActor private static var subscribersByRoot: [RootID: RootSubscribers] {
    get { tables.unchecked.subscribersByRoot }
    _modify { yield &tables.unchecked.subscribersByRoot }
  }
  /// The roots changed on other threads since the last flush, and whether a task on the main
  /// actor is scheduled to hand them on.
  private static let changedElsewhere = Locked(
    (roots: [RootID](), taskScheduled: false))

  #if !canImport(Darwin)
  /// A change was made off the main thread since the last flush: the next outermost `send`
  /// to end hands it on (the main actor may run elsewhere than the main thread here).
  private static let changedOffMainThread = Atomic<Bool>(false)
  /// ``changedElsewhere`` may hold roots: a flush takes its lock only then.
  private static let hasChangesElsewhere = Atomic<Bool>(false)
  #endif

  /// Whether ``changedElsewhere`` may hold roots (always, where there is no atomic flag to ask).
  @inline(__always)
  private static func mayHaveChangesElsewhere() -> Bool {
    #if canImport(Darwin)
    true
    #else
    hasChangesElsewhere.load(ordering: .acquiring)
      && hasChangesElsewhere.exchange(false, ordering: .acquiringAndReleasing)
    #endif
  }

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

  /// Registers `subscriber` (weakly) for every change.
  @MainActor package static func register(_ subscriber: some Subscriber) {
    sendState.unchecked.hasSubscribers = true
    subscribers[ObjectIdentifier(subscriber)] = WeakSubscriber(subscriber: subscriber)
  }

  /// Registers `subscriber` (weakly) for the changes of `root`.
  @MainActor package static func register(_ subscriber: some Subscriber, for root: AnyObject) {
    sendState.unchecked.hasSubscribers = true
    let id = rootID(root)
    let subscriberID = ObjectIdentifier(subscriber)
    if let entry = subscribersByRoot[id], entry.root === root {
      guard entry.subscribers[subscriberID]?.subscriber == nil else { return }
    } else {
      subscribersByRoot[id] = RootSubscribers(root: root)
      sweepReleasedRoots()
    }
    subscribersByRoot[id]!.subscribers[subscriberID] = WeakSubscriber(subscriber: subscriber)
  }

  /// Drops the entries of released roots once the table has doubled since the last sweep.
  @MainActor private static func sweepReleasedRoots() {
    guard subscribersByRoot.count > 2 * tables.unchecked.sweptRootCount else { return }
    subscribersByRoot = subscribersByRoot.filter { $0.value.root != nil }
    tables.unchecked.sweptRootCount = max(16, subscribersByRoot.count)
  }

  /// A shared value changed, on any thread.
  package static func valueChanged(_ root: AnyObject) {
    let id = rootID(root)
    let state = sendState  // one lazy-global check and one retain for the whole change
    #if canImport(Darwin)
    let isSending = false
    #else
    let isSending = sendingThread.load(ordering: .relaxed) == UInt(pthread_self())
    #endif
    if isSending || MainThreadCheck.isMainThread {
      #if DEBUG
      // Not in release builds: the check costs as much as the rest of a change.
      MainActor.assertIsolated("a shared value changed on the main thread off the main actor")
      #endif
      if state.unchecked.sendDepth > 0 || state.unchecked.isFlushing {
        noteChanged(id, in: state)
        state.unchecked.hasPendingChange = true
      } else {
        MainActor.assumeIsolated {
          noteChanged(id, in: state)
          flush()
        }
      }
      return
    }
    #if !canImport(Darwin)
    changedOffMainThread.store(true, ordering: .relaxed)
    #endif
    handOnInATask([id])
  }

  /// Hands the changes of `roots` on in a task on the main actor (one at a time, however many
  /// changes come before it runs).
  private static func handOnInATask(_ roots: [RootID]) {
    let schedule = changedElsewhere.withLock { changed in
      changed.roots.append(contentsOf: roots)
      #if !canImport(Darwin)
      // Inside the lock: set after it, a flush that ran in between (the scheduled task's) would
      // find the flag down and leave this root for a task that is not coming.
      hasChangesElsewhere.store(true, ordering: .releasing)
      #endif
      defer { changed.taskScheduled = true }
      return !changed.taskScheduled
    }
    guard schedule else { return }
    // Detached: a task inherits its creator's task-locals, and so would keep the dependencies of
    // the code that changed the value (a test's storage, and the roots it keeps) until the main
    // actor ran it, and tell the stores under that code's warning handler.
    Task.detached { @MainActor in
      changedElsewhere.withLock { $0.taskScheduled = false }
      flush()
    }
  }

  /// Notes that the root `id` changed, unless it was the last one noted and its stores have
  /// not been told of it yet. On the main actor (see ``SendState``).
  @inline(__always)
  private static func noteChanged(_ id: RootID, in state: SendState) {
    let count = state.unchecked.changedCount
    guard count == state.unchecked.toldCount || changedRoot(at: count - 1, in: state) != id
    else { return }
    state.unchecked.changedCount = count + 1
    guard count > 0 else {
      firstChange.unchecked = id
      return
    }
    let tables = tables
    if count - 1 < tables.unchecked.changedRoots.count {
      tables.unchecked.changedRoots[count - 1] = id
    } else {
      tables.unchecked.changedRoots.append(id)
    }
  }

  /// The root changed `index`th since the last flush. On the main actor (see ``SendState``).
  @inline(__always)
  private static func changedRoot(at index: Int, in state: SendState) -> RootID {
    guard index > 0 else { return firstChange.unchecked }
    return tables.unchecked.changedRoots[index - 1]
  }

  /// Tells the stores registered for the changed roots, and those registered for every change;
  /// repeats while the stores' observers change shared values. Called while a flush is under
  /// way (a store told sent an action), it leaves the changes to that flush's next round.
  ///
  /// Out of line: the end of every `send` calls it only when something changed, and inlined
  /// there its loops cost `send.none` a third more (13 → 19 ns).
  @inline(never)
  @MainActor package static func flush() {
    let state = sendState  // one lazy-global check and one retain for the whole flush
    guard !state.unchecked.isFlushing else {
      state.unchecked.hasPendingChange = true
      return
    }
    state.unchecked.hasPendingChange = false
    state.unchecked.isFlushing = true
    #if !canImport(Darwin)
    // The observers told may change shared values: on this thread, the main actor's.
    // Written on the main actor only: a load and a store, not an exchange (a locked
    // instruction).
    let previousThread = sendingThread.load(ordering: .relaxed)
    sendingThread.store(UInt(pthread_self()), ordering: .relaxed)
    #endif
    defer {
      state.unchecked.isFlushing = false
      state.unchecked.changedCount = 0
      state.unchecked.toldCount = 0
      #if !canImport(Darwin)
      sendingThread.store(previousThread, ordering: .relaxed)
      #endif
    }
    var rounds = 0
    repeat {
      state.unchecked.hasPendingChange = false
      if mayHaveChangesElsewhere() {
        let elsewhere = changedElsewhere.withLock { changed in
          defer { changed.roots.removeAll() }
          return changed.roots
        }
        for id in elsewhere { noteChanged(id, in: state) }
      }
      let start = state.unchecked.toldCount
      let end = state.unchecked.changedCount
      guard start < end else { break }
      // Before telling: a change a store makes while it is told is a new one.
      state.unchecked.toldCount = end
      if state.unchecked.hasSubscribers,
        !tables.unchecked.subscribers.isEmpty || !tables.unchecked.subscribersByRoot.isEmpty
      {
        tell(rootsChangedFrom: start, to: end)
      }
      rounds += 1
    } while state.unchecked.hasPendingChange && rounds < 100
    state.unchecked.hasPendingChange = false
    let untold = state.unchecked.toldCount..<state.unchecked.changedCount
    if !untold.isEmpty {
      // A hundred rounds of observers changing shared values as they are told (two stores
      // answering each other): the rest is handed on in a task, so that the main actor is not
      // held here and no change is dropped.
      handOnInATask(untold.map { changedRoot(at: $0, in: state) })
    }
  }

  /// Tells each store registered for one of the changed roots in `start..<end`, or for every
  /// change, once.
  @MainActor private static func tell(rootsChangedFrom start: Int, to end: Int) {
    // A store registered twice over (for two of the roots, or for one and for every change) is
    // told once; with one root and no store registered for every change, none can be.
    let mayTellTwice = end - start > 1 || !subscribers.isEmpty
    var told: Set<ObjectIdentifier> = []
    // Walked as they are (a store told may register another, which then waits for the next
    // round); released ones are dropped when met, not by copying the tables each time.
    var released: [ObjectIdentifier] = []
    for (id, entry) in subscribers {
      if let subscriber = entry.subscriber {
        told.insert(id)
        subscriber.recheckSharedValues()
      } else {
        released.append(id)
      }
    }
    for id in released { subscribers[id] = nil }
    for index in start..<end {
      let root = changedRoot(at: index, in: sendState)
      guard let entry = subscribersByRoot[root] else { continue }
      var releasedHere = false
      for (id, weakSubscriber) in entry.subscribers {
        if let subscriber = weakSubscriber.subscriber {
          if !mayTellTwice || told.insert(id).inserted { subscriber.recheckSharedValues() }
        } else {
          releasedHere = true
        }
      }
      if releasedHere {
        // The table as it is now (a store told may have registered since).
        if var current = subscribersByRoot[root] {
          current.subscribers = current.subscribers.filter { $0.value.subscriber != nil }
          subscribersByRoot[root] = current
        }
      }
    }
  }

  /// How many stores are registered for every change (some may have been released since).
  @MainActor static var subscriberCount: Int { subscribers.count }

  /// How many stores are registered for `root`'s changes (some may have been released since).
  @MainActor static func subscriberCount(for root: AnyObject) -> Int {
    guard let entry = subscribersByRoot[rootID(root)], entry.root === root else {
      return 0
    }
    return entry.subscribers.count
  }
}
