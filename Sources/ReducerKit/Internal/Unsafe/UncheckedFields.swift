/// Stored properties of a class that the runtime does not check for exclusive access: the
/// superclass of the classes whose hot state is read and written on every send (the root's
/// runtime, its observation hub and lists, a row store's locator), which holds that state.
///
/// A class's stored `var` is checked for exclusive access at run time on every access the
/// compiler cannot prove does not overlap another (a call into the runtime, several per action
/// on the send path). `@exclusivity(unchecked)` removes the check, and with it the diagnosis of
/// an overlap, so it is confined to this one declaration, which the owners inherit: their hot
/// state is ``unchecked`` (a struct of their fields when they have several), read and written
/// through forwarding accessors. A superclass rather than an object of its own: no allocation
/// and no pointer to follow (a row store's locator is one object per row store).
///
/// Invariants each owner keeps, and states where it declares its fields:
/// - Accesses never overlap: every access is on one thread (the main actor for the store's
///   classes; a row's locator is used only by its row store's reads, on the main actor), and
///   no access is held across a call that could reach the same object again (user code: a
///   reducer, an observer's `==`, a `deinit`), so an access is always over before another
///   begins. An owner that runs user code takes the value out first (as the observation hub
///   does with its changed observers).
/// - The fields are only reached through the owner's accessors (`fileprivate` or `private`
///   forwarding properties), which keep those rules.
///
/// Tested by `UncheckedFieldsTests`: the fields hold what is written, a mutation through the
/// accessors is in place (an array stays uniquely referenced, no copy), and a subclass's own
/// properties are independent of them.
@usableFromInline
package class UncheckedFields<Fields> {
  /// The owner's hot state.
  @exclusivity(unchecked)
  @usableFromInline
  final var unchecked: Fields

  /// Holds `fields`, the owner's initial hot state.
  @inlinable
  init(unchecked fields: Fields) {
    unchecked = fields
  }
}
