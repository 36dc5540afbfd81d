/// State that is dismissed as soon as one of its actions has been handled: alerts and
/// confirmation dialogs.
///
/// A presentation `ifLet` sets such a state to `nil` (held directly or as the payload of the
/// destination enum's current case) in the same reduce that handled one of its button actions,
/// unless the parent presented a different value in that reduce, which it tells apart by
/// ``ephemeralIdentity``: every newly built value has a new one, and `==` ignores it.
package protocol EphemeralState {
  /// The identity of this presented value: the same in its copies, different in every value
  /// built anew, ignored by `==`.
  var ephemeralIdentity: EphemeralIdentity { get }
}

/// The identity of one ephemeral value (an alert, a dialog): unique in the process.
package struct EphemeralIdentity: Hashable, Sendable {
  private static let counter = Locked<UInt64>(0)

  private let rawValue: UInt64

  /// A new identity, different from every other one made in this process.
  package init() {
    rawValue = Self.counter.withLock { value in
      value &+= 1
      return value
    }
  }
}
