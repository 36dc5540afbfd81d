@testable import ReducerKit

/// Whether a composing operator's reducer (a `Scope`, or what `forEach`, `ifLet` and the others
/// return as `some Reducer`) reaches its child on the direct route (see `ChildLevel`); `nil` for
/// another reducer. Read through `Mirror`: the operators return opaque types.
func takesDirectRoute<R: Reducer>(_ reducer: R) -> Bool? {
  let mirror = Mirror(reflecting: reducer)
  let direct =
    mirror.descendant("level", "direct") ?? mirror.descendant("composed", "level", "direct")
  return (direct as? DirectCase)?.exists
}
