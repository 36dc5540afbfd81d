/// The actions waiting to be reduced by a root store, first in first out: those sent while an
/// action is being reduced (re-entrantly, by ``Effect/send(_:)``, by a child store).
///
/// A plain value: the store's reduce loop takes actions from it in order.
package struct ActionQueue<Action> {
  /// One waiting action.
  package struct Entry {
    package let action: Action
    /// The group of the `send` it counts in (retained while it waits).
    package let group: EffectGroup?
    /// For an action sent to a child store whose state can go away: whether the child is still
    /// there, checked when the action's turn comes (it warns when not).
    package let isPresent: (@MainActor () -> Bool)?
  }

  private var entries: [Entry] = []
  private var head = 0
  /// How many actions wait: a plain `Int`, so the send path need not touch the generic array
  /// (and its type metadata) when nothing waits.
  package private(set) var count = 0

  package init() {}

  /// Whether no action waits.
  package var isEmpty: Bool {
    @inline(__always) get { count == 0 }
  }

  /// Adds an action at the end.
  package mutating func append(
    _ action: Action, group: EffectGroup?, isPresent: (@MainActor () -> Bool)? = nil
  ) {
    entries.append(Entry(action: action, group: group, isPresent: isPresent))
    count += 1
  }

  /// Takes the first waiting action; `nil` when none waits (the storage is reset then, keeping
  /// its capacity unless it grew large).
  package mutating func next() -> Entry? {
    guard head < entries.count else {
      if !entries.isEmpty {
        entries.removeAll(keepingCapacity: entries.count < 1024)
        head = 0
      }
      return nil
    }
    let entry = entries[head]
    head += 1
    count -= 1
    return entry
  }
}
