/// A child state that is one case of its parent's enum state: taken out of the case, mutated,
/// and embedded back. Used by ``FieldOrCaseSlot`` for `ifCaseLet` and a `Scope` over a case.
@usableFromInline
final class EnumCaseAccess<Root, Value> {
  @usableFromInline let casePath: CasePath<Root, Value>
  @usableFromInline let selection: EnumCaseSelection?
  @usableFromInline let embed: (Value) -> Root
  @usableFromInline let visit: (Root, (Value) -> Void) -> Bool
  /// The instance of the case's payload: its `Identifiable` id, else `nil`.
  @usableFromInline let instance: (Value) -> AnyHashable?
  /// The case's name in test failures, such as `Destination.State.add`: read from the first
  /// value seen in the case.
  @usableFromInline var caseName: String?
  /// The instance of the payload ``modify(_:_:)`` is running its body on, read before the body
  /// runs (a nested run of the same access saves and restores it).
  @usableFromInline var runningInstance: AnyHashable?

  @inlinable
  init(_ casePath: CasePath<Root, Value>) {
    self.casePath = casePath
    (selection, embed, visit) = (casePath.selection, casePath.embedder, casePath.visitor)
    instance = instanceIdentity(of: Value.self)
  }

  /// Runs `body` on the payload when `root` is in the case, then embeds it back; `false` (and
  /// `root` untouched) when it is in another case.
  @inlinable @inline(__always)
  func modify(_ root: inout Root, _ body: (inout Value) -> Void) -> Bool {
    var caseValue: Value? = nil
    _ = visitCase(root, selection: selection, embed: embed, visitor: visit) { caseValue = $0 }
    guard var value = caseValue.take() else { return false }
    if caseName == nil { nameCase(of: root) }
    let outer = runningInstance
    runningInstance = instance(value)
    body(&value)
    runningInstance = outer
    root = embed(value)
    return true
  }

  /// Reads the case's name. Out of line: once per reducer.
  @usableFromInline
  func nameCase(of root: Root) {
    caseName = EffectID.caseName(of: root)
  }
}
