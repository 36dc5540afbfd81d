/// Reads which instance a child state is: its `Identifiable` id, or `nil` for a child that is not
/// `Identifiable`. A child whose instance changes is a new child: the effects of the old one are
/// cancelled.
///
/// The conformance is looked up once, here, for the type; the reader it returns casts each value
/// to its own type (a cast the runtime answers without a conformance lookup), so `ifLet`,
/// `ifCaseLet` and a `Scope` over a case need one overload each, identifiable or not.
@usableFromInline
func instanceIdentity<Value>(of _: Value.Type) -> (Value) -> AnyHashable? {
  guard let identifiable = Value.self as? any Identifiable.Type else { return { _ in nil } }
  return identifiable.identityReader(as: Value.self)
}

extension Identifiable {
  /// The reader of ``instanceIdentity(of:)`` for values of `Self` seen as `Value` (the same type).
  fileprivate static func identityReader<Value>(as _: Value.Type) -> (Value) -> AnyHashable? {
    { value in (value as? Self).map { AnyHashable($0.id) } }
  }
}
