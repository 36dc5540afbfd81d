/// The one case of an enum that a composing level (a `Scope`, a `forEach`) recognises with a
/// single tag test: the only candidate of its selection, with its payload stored inline and no
/// other case that the constructor could build. Plain bits, so a hot path holds and reads it
/// without retaining anything.
///
/// Without it (``unavailable``), a level takes its general route through the full selection
/// or the case path's closures, out of line.
///
/// Invariants the reads rely on: a `DirectCase` other than ``unavailable`` is made only from a
/// selection computed for an enum `Root` (so `Root`'s value witnesses include the enum ones)
/// whose candidate at `tag` keeps a `Value` inline (so the projected bits are a `Value`).
/// ``matches(_:)`` and ``payload(of:)`` are only called on such a pair, after ``exists``. When
/// ``isWholeEnum``, the case is the enum's only one and stored inline: such an enum is laid
/// out as its payload (no tag bits, no extra size), so every value matches and its bits are
/// the payload's (tested by `DirectCaseTests`).
@usableFromInline
struct DirectCase: Sendable, Equatable {
  /// The case's tag; `UInt32.max`, which no case has, when there is no direct route.
  @usableFromInline let tag: UInt32
  /// Whether the case is the enum's only one (``EnumCaseSelection/isWholeEnum``): recognised
  /// and read with no value witness call.
  @usableFromInline let isWholeEnum: Bool

  /// No direct route: the level uses its general one.
  @usableFromInline static let unavailable = DirectCase(tag: .max, isWholeEnum: false)

  private init(tag: UInt32, isWholeEnum: Bool) {
    self.tag = tag
    self.isWholeEnum = isWholeEnum
  }

  /// The direct route of `selection`, if it has one, and if `allowed` (a level may need more
  /// than the case to take it, such as the child state's offset).
  @usableFromInline
  init(_ selection: EnumCaseSelection?, allowed: Bool = true) {
    guard allowed, let selection, !selection.verifiesWithEmbed,
      let only = selection.onlyCandidate, only.storage == .inline
    else {
      self = .unavailable
      return
    }
    tag = only.tag
    isWholeEnum = selection.isWholeEnum
  }

  /// Whether there is a direct route.
  @inlinable @inline(__always)
  var exists: Bool { tag != .max }

  /// Whether `root` is the case. Only when ``exists``.
  @inlinable @inline(__always)
  func matches<Root>(_ root: Root) -> Bool {
    if isWholeEnum { return true }
    let metadata = EnumMetadata(unchecked: Root.self)
    return withUnsafePointer(to: root) { metadata.tag(of: $0) } == tag
  }

  /// The payload of `root`, which ``matches(_:)`` the case.
  @inlinable @inline(__always)
  func payload<Root, Value>(of root: Root) -> Value {
    if isWholeEnum {
      return withUnsafePointer(to: root) { UnsafeRawPointer($0).load(as: Value.self) }
    }
    let metadata = EnumMetadata(unchecked: Root.self)
    // The storage as a constant: the copy's switch on it folds away.
    let candidate = EnumCaseSelection.Candidate(tag: tag, storage: .inline)
    return withUnsafePointer(to: root) {
      EnumCaseSelection.copyPayload(of: $0, candidate, metadata)
    }
  }
}
