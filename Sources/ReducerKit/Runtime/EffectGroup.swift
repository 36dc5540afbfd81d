/// The effects started by one `Store.send`, and by the actions they send back: what a
/// ``StoreTask`` waits for and cancels.
///
/// A handle on the group's record in the ``CancellationTable`` (its ``GroupID``), which holds
/// every counter; the handle itself never changes. When the last reference to it goes, its
/// registry forgets the record (at once, or when the group's last pending work ends).
@usableFromInline
package final class EffectGroup: Sendable {
  /// The group's record in its registry's table.
  package let id: GroupID
  /// The registry that made it; `nil` for a group made outside a registry (a test's).
  private let registry: EffectRegistry?

  /// A handle on the record `id` of `registry`'s table; made by ``EffectRegistry/makeGroup()``.
  package init(id: GroupID, registry: EffectRegistry?) {
    self.id = id
    self.registry = registry
  }

  deinit {
    registry?.forgetGroup(id)
  }
}
