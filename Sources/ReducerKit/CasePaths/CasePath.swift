/// A path from an enum to the associated value of one of its cases: it can build the enum from
/// the value (`embed`) and get the value back out when the enum is in that case (`extract`).
///
/// Build one from the case constructor itself; no macro or protocol conformance is needed:
///
/// ```swift
/// enum Action {
///   case child(Child.Action)
///   case row(id: Int, name: String)
///   case dismiss
/// }
///
/// let child = CasePath(Action.child)
/// child.extract(from: .child(.tap))  // .tap
/// child.extract(from: .dismiss)      // nil
/// child.embed(.tap)                  // Action.child(.tap)
///
/// // A constructor's function type drops labels; name the value type to keep them.
/// let row = CasePath<Action, (id: Int, name: String)>(Action.row)
/// row.extract(from: .row(id: 1, name: "Blob"))?.name  // "Blob"
/// ```
///
/// A case path built from a constructor reads the enum's runtime metadata once per
/// `(Root, Value)` pair, then extracts by comparing case tags, without `Mirror`. It is correct
/// for cases that share a payload type, `indirect` cases, generic enums, tuple, class and
/// existential payloads. A payload that is a function or the metatype of a concrete type
/// (or a tuple or optional holding one), declared with that type rather than a generic
/// parameter, cannot be read this way: a runtime warning says so, and
/// ``init(embed:extract:)`` is the way to build such a path.
///
/// In a build without reflection metadata (`SWIFT_REFLECTION_METADATA_LEVEL = none`), a path
/// built from a constructor learns its case by calling the constructor once, with a value it
/// makes itself: this works when `Value` is an enum with a case without associated values (most
/// action enums, `PresentationAction`), `Void`, or one of ReducerKit's action types. For any
/// other `Value`, such as a struct, building the path stops the program with a message naming
/// the build setting and the ``init(embed:extract:)`` spelling, which needs no metadata.
public struct CasePath<Root, Value> {
  // Two closures and nothing else whose layout depends on `Root` or `Value`: unspecialized
  // generic code can then reach them at fixed offsets, without a runtime metadata lookup.
  @usableFromInline let embedValue: (Value) -> Root
  @usableFromInline let extractValue: (Root) -> Value?
  /// Calls its closure with the payload when the root is this case: the extraction the
  /// composing reducers use. It never builds a `Value?`, whose tag checks cost a value-witness
  /// call per nesting level for nested generic enums in unspecialized code.
  @usableFromInline let visitValue: (Root, (Value) -> Void) -> Bool
  /// How to read the case, for a path made from a case constructor (`nil` for one made from
  /// closures): composing reducers call it directly, specialized, instead of through
  /// `visitValue`.
  @usableFromInline let selection: EnumCaseSelection?

  /// Creates a case path from an enum case constructor.
  ///
  /// ```swift
  /// enum Action { case child(Child.Action), other }
  ///
  /// let path = CasePath(Action.child)
  /// path.extract(from: .child(.tap))  // .tap
  /// ```
  ///
  /// `embed` must be a case constructor of `Root` (or a closure that only calls one). If
  /// `Root` is not an enum, or none of its cases has a payload of type `Value`, a runtime
  /// warning is reported (once per pair of types) and ``extract(from:)`` always returns `nil`.
  /// If `Root` was compiled without reflection metadata and the case cannot be learned without
  /// it (see ``CasePath``), this initializer stops the program with a message that says what
  /// to change.
  ///
  /// - Parameter embed: The case constructor, such as `Action.child`.
  @inlinable
  public init(_ embed: @escaping (Value) -> Root) {
    let (selection, isNew) = EnumCaseSelection.cached(root: Root.self, value: Value.self)
    embedValue = embed
    if selection.problem == nil {
      extractValue = { selection.extract(from: $0, embed: embed) }
      visitValue = { root, body in selection.visit(root, embed: embed, body) }
      self.selection = selection
    } else if selection.lacksFieldRecords {
      // Built without reflection metadata: the case is learned from the constructor, or the
      // program stops here with a message saying what to change.
      let learned = Self.learnedCase(embed)
      extractValue = { learned.extract(from: $0) }
      visitValue = { root, body in learned.visit(root, body) }
      self.selection = nil
    } else {
      if isNew, let problem = selection.problem {
        runtimeWarn(problem)
      }
      extractValue = { _ in nil }
      visitValue = { _, _ in false }
      self.selection = nil
    }
  }

  /// The case `embed` builds, learned by calling it, for a `Root` without reflection metadata.
  /// When it cannot be learned, stops the program with ``noReflectionMessage(_:)``: a case
  /// path that never extracts would drop every action for its case without a word in a
  /// release build.
  @usableFromInline
  static func learnedCase(_ embed: (Value) -> Root) -> LearnedCase {
    switch LearnedCase.learn(embed, probes: caseProbes(of: Value.self)) {
    case .success(let learned):
      return learned
    case .failure(let failure):
      fatalError(noReflectionMessage(failure))
    }
  }

  /// Why a case path built from a constructor of an enum without reflection metadata cannot
  /// work, which build setting to change, and the spelling that works without the metadata.
  static func noReflectionMessage(_ failure: LearnedCase.Failure) -> String {
    let root = qualifiedName(of: Root.self)
    let value = qualifiedName(of: Value.self)
    let reason =
      switch failure {
      case .noProbeValue:
        "a case path learns which case a constructor builds by calling it with a value of its "
          + "own making, and it cannot make a \(value): it makes enums that have a case "
          + "without associated values, and ReducerKit's action types, not structs (such as a "
          + "child feature's State) or enums whose every case has associated values"
      case .unstableTag:
        "the constructor built different cases for different values"
      case .emptyCase:
        "the constructor built a case with no room for a \(value)"
      case .outOfLine:
        "the case keeps its value out of line: it is indirect, or its associated value is "
          + "declared as an existential or an error rather than as \(value)"
      case .existential:
        "the case's associated value is declared as an existential (such as Any) or as "
          + "AnyHashable rather than as \(value)"
      case .inconclusive:
        "no \(value) it can make tells the case's value apart from a reference to a box"
      }
    return """
      CasePath<\(root), \(value)> was built from a case constructor, but \(root) has no \
      reflection metadata (Xcode's SWIFT_REFLECTION_METADATA_LEVEL = none, or the compiler flag \
      -disable-reflection-metadata), and \(reason). Stopping here rather than dropping every \
      action for this case. Set SWIFT_REFLECTION_METADATA_LEVEL to all or without-names (or \
      remove -disable-reflection-metadata), or spell this case path out, which needs no \
      metadata, and pass it where the constructor was:
          CasePath(embed: \(root).someCase, extract: {
            if case let .someCase(value) = $0 { value } else { nil }
          })
      """
  }

  /// Creates a case path from its three closures, for composing paths without going through
  /// `Value?` in ``visitor``.
  @usableFromInline
  init(
    embed: @escaping (Value) -> Root,
    extract: @escaping (Root) -> Value?,
    visit: @escaping (Root, (Value) -> Void) -> Bool
  ) {
    embedValue = embed
    extractValue = extract
    visitValue = visit
    selection = nil
  }

  /// Creates a case path from an embed and an extract closure, for anything a case
  /// constructor cannot express.
  ///
  /// ```swift
  /// let even = CasePath<Int, Int>(
  ///   embed: { $0 * 2 },
  ///   extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil }
  /// )
  /// even.extract(from: 6)  // 3
  /// ```
  ///
  /// - Parameters:
  ///   - embed: Builds a root from a value.
  ///   - extract: Returns the value in a root, or `nil` when there is none.
  @inlinable
  public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
    embedValue = embed
    extractValue = extract
    selection = nil
    visitValue = { root, body in
      guard let value = extract(root) else { return false }
      body(value)
      return true
    }
  }

  /// Returns the associated value of `root` when it is in this path's case, or `nil`.
  ///
  /// ```swift
  /// let path = CasePath(Action.child)
  /// if let childAction = path.extract(from: action) {
  ///   // action was .child(childAction)
  /// }
  /// ```
  ///
  /// - Parameter root: The enum value to look into.
  /// - Returns: The payload of `root`, or `nil` when `root` is in another case.
  @inlinable
  public func extract(from root: Root) -> Value? {
    extractValue(root)
  }

  /// Calls its closure with the payload when the root is this case, and returns whether it did:
  /// extraction without building a `Value?`. A closure, so hot paths (`Scope`, `forEach`) keep it
  /// rather than the case path (calling a method of the generic struct from unspecialized code
  /// costs a metadata lookup).
  @inlinable
  package var visitor: (Root, (Value) -> Void) -> Bool { visitValue }

  /// ``embed(_:)`` as a closure, for the same reason as ``visitor``.
  @inlinable
  package var embedder: (Value) -> Root { embedValue }

  /// Builds a root in this path's case from `value`.
  ///
  /// ```swift
  /// let path = CasePath(Action.child)
  /// let action = path.embed(.tap)  // Action.child(.tap)
  /// ```
  ///
  /// - Parameter value: The associated value.
  /// - Returns: The root holding `value`.
  @inlinable
  public func embed(_ value: Value) -> Root {
    embedValue(value)
  }

  /// Returns a path that goes through this case and then through a case of its payload: the
  /// composition of two case paths.
  ///
  /// ```swift
  /// enum Action { case response(Result<Int, any Error>) }
  ///
  /// let success = CasePath(Action.response).appending(CasePath(Result.success))
  /// success.extract(from: .response(.success(42)))  // 42
  /// success.embed(42)                               // Action.response(.success(42))
  /// ```
  ///
  /// Extracting reads this path's payload first and looks into it only when the root is in
  /// this case, so it costs what the two extractions cost.
  ///
  /// - Parameter other: A case path from this path's `Value` to a case of it.
  /// - Returns: A case path from `Root` to the payload of `other`.
  public func appending<AppendedValue>(
    _ other: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    let embedOuter = embedValue
    let extractOuter = extractValue
    let visitOuter = visitValue
    let embedInner = other.embedValue
    let extractInner = other.extractValue
    let visitInner = other.visitValue
    return CasePath<Root, AppendedValue>(
      embed: { embedOuter(embedInner($0)) },
      extract: { root in extractOuter(root).flatMap(extractInner) },
      visit: { root, body in
        var found = false
        _ = visitOuter(root) { value in found = visitInner(value, body) }
        return found
      })
  }

  /// Returns a path that goes through this case and then through the case of its payload that
  /// `embed` constructs.
  ///
  /// ```swift
  /// enum Action { case response(Result<Int, any Error>) }
  ///
  /// let success = CasePath(Action.response).appending(Result.success)
  /// success.extract(from: .response(.success(42)))  // 42
  /// ```
  ///
  /// - Parameter embed: A case constructor of this path's `Value`, such as `Result.success`.
  /// - Returns: A case path from `Root` to that case's payload.
  public func appending<AppendedValue>(
    _ embed: @escaping (AppendedValue) -> Value
  ) -> CasePath<Root, AppendedValue> {
    appending(CasePath<Value, AppendedValue>(embed))
  }

  /// Changes the payload of `root` in place when `root` is in this path's case: the way to
  /// assert on one field of an enum case in a test.
  ///
  /// ```swift
  /// await store.send(.nameChanged("Blob")) {
  ///   CasePath(Destination.State.edit).modify(&$0.destination) {
  ///     $0.name = "Blob"
  ///   }
  /// }
  /// ```
  ///
  /// When `root` is in another case, `body` is not called, `root` is left as it is, and a
  /// runtime warning is reported (a test failure inside a `TestStore` assertion). It never
  /// throws on its own: it rethrows what `body` throws, and then `root` keeps the case it had,
  /// with the payload as `body` left it.
  ///
  /// - Parameters:
  ///   - root: The enum value to change.
  ///   - body: Changes the payload.
  ///   - fileID: Where to report a root in another case; the caller's by default.
  ///   - line: The line to report it at.
  public func modify(
    _ root: inout Root,
    _ body: (inout Value) throws -> Void,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) rethrows {
    guard var value = extractValue(root) else {
      runtimeWarn(
        """
        modify(_:_:) was called on a value that is not in the case path's case; nothing was \
        changed.

          Case path: \(Self.self)
          Value:     \(debugDump(root))
        """, fileID: fileID, line: line)
      return
    }
    defer { root = embedValue(value) }
    try body(&value)
  }
}

/// Calls `body` with the value when `root` is in the case; returns whether it was. For the
/// composing reducers' hot path, given a case path's parts (``CasePath/selection``,
/// ``CasePath/embedder``, ``CasePath/visitor``) rather than the path itself: a closure that
/// captured a `CasePath` would look up its generic metadata on every call in unspecialized code.
/// A path made from a case constructor is read directly, in code specialized for the caller's
/// types, not through the `visitor` closure.
@inlinable
func visitCase<Root, Value>(
  _ root: Root,
  selection: EnumCaseSelection?,
  embed: (Value) -> Root,
  visitor: @escaping (Root, (Value) -> Void) -> Bool,
  _ body: (Value) -> Void
) -> Bool {
  if let selection { return selection.visit(root, embed: embed, body) }
  return visitor(root, body)
}

/// The name of `type` with its module and enclosing types, as a user writes it: without the
/// `(unknown context at $…)` the runtime names a `private` scope with.
func qualifiedName(of type: Any.Type) -> String {
  var name = Substring(String(reflecting: type))
  var result = ""
  while let start = name.firstRange(of: "(unknown context at $") {
    result += name[..<start.lowerBound]
    name = name[start.upperBound...]
    guard let end = name.firstRange(of: ").") else { break }
    name = name[end.upperBound...]
  }
  return result + name
}
