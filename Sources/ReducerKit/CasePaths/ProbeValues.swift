import Foundation

/// A type whose values ReducerKit can make on its own, so that a case path built from a case
/// constructor can learn which case the constructor builds by calling it, when the enum has no
/// reflection metadata to say so (see ``LearnedCase``).
///
/// Enums with a case without associated values need no conformance: such a case is made from
/// its tag alone. The conformances below cover ReducerKit's own action types, whose every case
/// may have a payload, and the identifier types their payloads start with.
protocol CaseProbing {
  /// A few values of the type. Values whose first word is a small integer come first: they are
  /// the ones that tell an inline payload from a reference to a box.
  static var probeValues: [Self] { get }
}

/// Values of `Value` that ReducerKit makes without reflection metadata, to call a case
/// constructor with: the cases of an enum without associated values, the values of a
/// ``CaseProbing`` type, or `()`. Empty when it can make none (a struct, such as a feature's
/// `State`, or an enum whose every case has associated values).
func caseProbes<Value>(of _: Value.Type) -> [Value] {
  var values = EnumMetadata.emptyCaseValues(of: Value.self)
  if let probing = Value.self as? any CaseProbing.Type {
    values += probing.probeValues.compactMap { $0 as? Value }
  }
  if Value.self == Void.self, let void = () as? Value {
    values.append(void)
  }
  return values
}

extension Int: CaseProbing {
  static var probeValues: [Int] { [1] }
}

extension String: CaseProbing {
  /// A small string: its UTF-8 bytes are stored in the value itself, starting at byte 0.
  static var probeValues: [String] { ["a"] }
}

extension UUID: CaseProbing {
  static var probeValues: [UUID] { [UUID(1)] }
}

extension StackElementID: CaseProbing {
  static var probeValues: [StackElementID] { [StackElementID(generation: 1)] }
}

extension PresentationAction: CaseProbing {
  /// `.dismiss` is found as an empty case; these add `.presented` around each probe of
  /// `Action`, whose bits differ from a reference where those of `.dismiss` might not.
  static var probeValues: [PresentationAction] {
    caseProbes(of: Action.self).prefix(4).map { .presented($0) }
  }
}

extension IdentifiedAction: CaseProbing {
  static var probeValues: [IdentifiedAction] {
    guard let id = caseProbes(of: ID.self).first else { return [] }
    return caseProbes(of: Action.self).prefix(4).map { .element(id: id, action: $0) }
  }
}

extension StackAction: CaseProbing {
  static var probeValues: [StackAction] {
    [.popFrom(id: StackElementID(generation: 1))]
  }
}

extension BindingAction: CaseProbing {
  static var probeValues: [BindingAction] { [.probe] }
}
