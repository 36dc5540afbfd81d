// A readable, deterministic dump of any value, written with `Mirror`.
//
// This is debugging code: `_printChanges()` and the TestStore's failure messages call it, never
// the action hot path, so reflection is fine here.

/// Renders any value as a readable, deterministic, multi-line description: the state tree that
/// `_printChanges()` and TestStore failures show, for your own logging.
///
/// The dump reads like Swift source, so that a line diff of two dumps (see ``diff(_:_:)``) points
/// at exactly the fields that changed. ReducerKit uses it to print state changes in
/// `_printChanges()` and to show the state difference in TestStore failures. Unlike the standard
/// library's `dump(_:)`, it has no `▿` markers or child counts, drops module names, and orders
/// dictionary and set contents, so the same value always dumps to the same text.
///
/// The format, shape by shape:
/// - **Structs and classes**: `TypeName(`, then one stored property per line, indented two spaces,
///   as `name: value,`, then `)`. A type without stored properties is `TypeName()`. Inherited
///   class properties come first. A class instance met again on the current path (a reference
///   cycle) is `TypeName(↩︎)`.
/// - **Type names** drop the module and keep at most the last two components of a nested name:
///   `Counter.State`, not `MyApp.Features.Counter.State`; generic arguments are named the same way
///   (`Box<Counter.State>`). A type declared inside a function is named as if nested in the
///   function's type (`Tests.Local`).
/// - **Enums**: `.caseName`, or `.caseName(payload)` with the payload labels
///   (`.row(id: 1, name: "A")`). The outermost value is qualified with its type name
///   (`Counter.Action.increment`).
/// - **Payloads and tuples** stay on one line (`(a: 1, b: 2)`) when every element fits on one line
///   and the whole line fits in 80 columns; otherwise they take one element per line, like structs.
/// - **Strings** (and `Substring`, `Character`, `Unicode.Scalar`, `StaticString`) are quoted,
///   with `\"`, `\\`, `\n`, `\r`, `\t`, `\0` and `\u{…}` escapes, so a dump line never breaks.
/// - **Optionals** are `nil` or the wrapped value's dump, with no `Optional(…)` around it.
/// - **Arrays and every other `Collection`** (such as `IdentifiedArray`): `[`, one element per line
///   as `[index]: value,` (index from 0), then `]`; empty is `[]`.
/// - **Dictionaries**: `[`, one `key: value,` per line, `]`; empty is `[:]`. **Sets**: `Set([`, one
///   element per line, `])`. Keys and elements are sorted (by type name, then `<` when the values
///   are `Comparable`, then by their dump), so the output never depends on hashing order.
/// - **Leaves**: a value with no stored properties uses its `description` (or `debugDescription`):
///   `42`, `true`, `1.5`. Standard library and Foundation values that have a description use it
///   (`0..<3`, `1.0 seconds`, a `Date`, a `UUID`). Metatypes are `TypeName.self`.
///
/// ```swift
/// struct Row { var id: Int; var title: String }
/// enum Filter { case all, tagged(String) }
/// struct State { var rows = [Row(id: 1, title: "Milk")]; var filter = Filter.tagged("home") }
///
/// print(debugDump(State()))
/// // State(
/// //   rows: [
/// //     [0]: Row(
/// //       id: 1,
/// //       title: "Milk",
/// //     ),
/// //   ],
/// //   filter: .tagged("home"),
/// // )
/// ```
///
/// It reflects over the whole value with `Mirror`: use it for logging and debugging, not on a hot
/// path.
///
/// - Parameter value: Any value.
/// - Returns: The dump, lines separated by `"\n"`, with no trailing newline.
public func debugDump(_ value: Any) -> String {
  var dumper = ValueDumper()
  return dumper.lines(for: value, indent: 0, column: 0, isTopLevel: true)
    .joined(separator: "\n")
}

/// A value that dumps as another value: a ``TextState`` as its string, a button's action as
/// `.send(action)`, so that the dumps in TestStore failures read like the code that built them.
package protocol CustomDumpRepresentable {
  /// The value to dump in place of this one.
  var customDumpValue: Any { get }
}

/// A property wrapper whose storage a dump shows under the property's name (`destination:`,
/// not the compiler's `_destination:`), as the code that reads it spells it.
package protocol PropertyWrapperStorage {}

/// A collection that reflects as a dictionary but dumps empty as `[]`, as it is written in code:
/// a ``StackState`` (its ids are keys), whose empty literal is `[]`, not `[:]`.
package protocol DumpsEmptyAsList {}

/// Builds the lines of a dump. Each value renders to one or more lines whose indentation is
/// relative to the value's own first line; containers indent their elements by two spaces.
struct ValueDumper {
  /// The width that an inline payload or tuple must fit in, counting its indentation.
  static let maxLineWidth = 80

  /// Modules whose types print with their `description` instead of their stored properties:
  /// their storage (`Duration._low`, `Date._time`) means nothing to a reader.
  static let describedModules: Set<Substring> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials",
    "FoundationInternationalization",
  ]

  /// The class instances on the path from the root to the value being dumped.
  var ancestors: Set<ObjectIdentifier> = []

  /// The lines of `value`.
  ///
  /// - Parameters:
  ///   - indent: The column at which the value's continuation lines start.
  ///   - column: The column at which the value's first line starts (after a label).
  ///   - isTopLevel: Whether this is the dumped value itself, which qualifies an enum case with
  ///     its type name.
  mutating func lines(for value: Any, indent: Int, column: Int, isTopLevel: Bool) -> [String] {
    if let custom = value as? any CustomDumpRepresentable {
      return lines(for: custom.customDumpValue, indent: indent, column: column, isTopLevel: false)
    }
    if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
      return lines(for: hashable.base, indent: indent, column: column, isTopLevel: isTopLevel)
    }
    if let text = Self.quotedText(value) {
      return [text]
    }
    if let type = value as? Any.Type {
      return [Self.typeName(type) + ".self"]
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return ["nil"] }
      return lines(for: wrapped, indent: indent, column: column, isTopLevel: isTopLevel)
    case .enum:
      return enumLines(value, mirror, indent: indent, column: column, isTopLevel: isTopLevel)
    case .tuple:
      let items = mirror.children.map { child in
        item(label: Self.tupleLabel(child.label), value: child.value, indent: indent)
      }
      return Self.inlineOrBlock(open: "(", items: items, close: ")", column: column)
    case .collection:
      return listLines(mirror.children.map(\.value), indent: indent)
    case .dictionary:
      if mirror.children.isEmpty, value is any DumpsEmptyAsList { return ["[]"] }
      return dictionaryLines(mirror, indent: indent)
    case .set:
      let elements = sorted(mirror.children.map(\.value), indent: indent)
      return Self.block(open: "Set([", items: elements.map(\.lines), close: "])")
    default:
      return objectLines(value, mirror, indent: indent)
    }
  }

  // MARK: - Shapes

  private mutating func enumLines(
    _ value: Any, _ mirror: Mirror, indent: Int, column: Int, isTopLevel: Bool
  ) -> [String] {
    let qualifier = isTopLevel ? Self.typeName(type(of: value)) : ""
    guard let payload = mirror.children.first else {
      return [qualifier + "." + Self.caseName(of: value)]
    }
    let head = qualifier + "." + (payload.label ?? Self.caseName(of: value)) + "("
    // A case with several values (or one labeled value) has a tuple payload that carries the
    // labels; a case with one unlabeled value has the value itself.
    let payloadMirror = Mirror(reflecting: payload.value)
    let items: [[String]]
    if payloadMirror.displayStyle == .tuple {
      items = payloadMirror.children.map { child in
        item(label: Self.tupleLabel(child.label), value: child.value, indent: indent)
      }
    } else {
      items = [item(label: nil, value: payload.value, indent: indent)]
    }
    return Self.inlineOrBlock(open: head, items: items, close: ")", column: column)
  }

  private mutating func listLines(_ elements: [Any], indent: Int) -> [String] {
    let items = elements.enumerated().map { index, element in
      item(label: "[\(index)]", value: element, indent: indent)
    }
    return Self.block(open: "[", items: items, close: "]")
  }

  private mutating func dictionaryLines(_ mirror: Mirror, indent: Int) -> [String] {
    guard !mirror.children.isEmpty else { return ["[:]"] }
    var entries: [(key: Any, value: Any)] = []
    for child in mirror.children {
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2 else { continue }
      entries.append((pair[0], pair[1]))
    }
    let keys = sorted(entries.map(\.key), indent: indent)
    let items = keys.map { key -> [String] in
      let keyLines = key.lines
      let lastKeyLine = keyLines[keyLines.count - 1] + ": "
      let valueLines = lines(
        for: entries[key.index].value, indent: indent + 2,
        column: indent + 2 + lastKeyLine.count, isTopLevel: false)
      return keyLines.dropLast() + [lastKeyLine + valueLines[0]] + valueLines.dropFirst()
    }
    return Self.block(open: "[", items: items, close: "]")
  }

  private mutating func objectLines(_ value: Any, _ mirror: Mirror, indent: Int) -> [String] {
    let valueType = type(of: value)
    if Self.isDescribedByModule(valueType), let described = value as? CustomStringConvertible {
      return Self.split(described.description)
    }
    if let collection = value as? any Collection {
      return listLines(Self.elements(of: collection), indent: indent)
    }
    let name = Self.typeName(valueType)
    let instance = mirror.displayStyle == .class ? ObjectIdentifier(value as AnyObject) : nil
    if let instance {
      guard ancestors.insert(instance).inserted else { return [name + "(↩︎)"] }
    }
    defer {
      if let instance { ancestors.remove(instance) }
    }
    let properties = Self.storedProperties(of: mirror)
    guard !properties.isEmpty else {
      if let described = value as? CustomStringConvertible {
        return Self.split(described.description)
      }
      if let described = value as? CustomDebugStringConvertible {
        return Self.split(described.debugDescription)
      }
      if mirror.displayStyle == .struct || mirror.displayStyle == .class {
        return [name + "()"]
      }
      return Self.split(String(describing: value))
    }
    let items = properties.map { property in
      item(label: Self.propertyName(property), value: property.value, indent: indent)
    }
    return Self.block(open: name + "(", items: items, close: ")")
  }

  // MARK: - Building blocks

  /// The lines of one element of a container, with its label (if any) before its first line.
  private mutating func item(label: String?, value: Any, indent: Int) -> [String] {
    let prefix = label.map { $0 + ": " } ?? ""
    let valueLines = lines(
      for: value, indent: indent + 2, column: indent + 2 + prefix.count, isTopLevel: false)
    return [prefix + valueLines[0]] + valueLines.dropFirst()
  }

  /// Dumps `values` (set elements, dictionary keys) and sorts them into a deterministic order.
  private mutating func sorted(
    _ values: [Any], indent: Int
  ) -> [(index: Int, lines: [String])] {
    var entries: [SortEntry] = []
    for (index, value) in values.enumerated() {
      let elementLines = lines(
        for: value, indent: indent + 2, column: indent + 2, isTopLevel: false)
      let sortValue = Self.unwrappingAnyHashable(value)
      entries.append(SortEntry(index: index, value: sortValue, lines: elementLines))
    }
    entries.sort(by: SortEntry.precedes)
    return entries.map { ($0.index, $0.lines) }
  }

  /// One element, with the keys it sorts by.
  private struct SortEntry {
    var index: Int
    var value: Any
    var lines: [String]
    var typeName: String
    var text: String

    init(index: Int, value: Any, lines: [String]) {
      self.index = index
      self.value = value
      self.lines = lines
      self.typeName = String(reflecting: type(of: value))
      self.text = lines.joined(separator: "\n")
    }

    /// A strict weak order: type name, then `<` for `Comparable` values, then the dump.
    static func precedes(_ lhs: SortEntry, _ rhs: SortEntry) -> Bool {
      if lhs.typeName != rhs.typeName { return lhs.typeName < rhs.typeName }
      if let comparable = lhs.value as? any Comparable,
        let isLess = ValueDumper.isLess(comparable, rhs.value),
        let isGreater = ValueDumper.isLess(comparable, rhs.value, reversed: true),
        isLess || isGreater
      {
        return isLess
      }
      return lhs.text < rhs.text
    }
  }

  /// `lhs < rhs` (or `rhs < lhs` when `reversed`), or `nil` when `rhs` has another type.
  private static func isLess<T: Comparable>(_ lhs: T, _ rhs: Any, reversed: Bool = false) -> Bool? {
    guard let rhs = rhs as? T else { return nil }
    return reversed ? rhs < lhs : lhs < rhs
  }

  /// `open`, then each item indented by two spaces with a comma after its last line, then
  /// `close`; or `open + close` when there are no items.
  private static func block(open: String, items: [[String]], close: String) -> [String] {
    guard !items.isEmpty else { return [open + close] }
    var result = [open]
    for item in items {
      for (offset, line) in item.enumerated() {
        result.append("  " + line + (offset == item.count - 1 ? "," : ""))
      }
    }
    result.append(close)
    return result
  }

  /// One line, `open` + items separated by `, ` + `close`, when every item is one line and the
  /// result fits in ``maxLineWidth`` (leaving room for a trailing comma); otherwise a block.
  private static func inlineOrBlock(
    open: String, items: [[String]], close: String, column: Int
  ) -> [String] {
    if items.allSatisfy({ $0.count == 1 }) {
      let line = open + items.map { $0[0] }.joined(separator: ", ") + close
      if column + line.count < maxLineWidth { return [line] }
    }
    return block(open: open, items: items, close: close)
  }

  // MARK: - Leaves and names

  private static func quotedText(_ value: Any) -> String? {
    switch value {
    case let string as String: quoted(string)
    case let string as Substring: quoted(String(string))
    case let character as Character: quoted(String(character))
    case let scalar as Unicode.Scalar: quoted(String(scalar))
    case let string as StaticString: quoted(string.description)
    default: nil
    }
  }

  /// `text` as a Swift string literal on one line.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      case _ where isInvisible(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Control characters and line or paragraph separators, which would break or hide in a line.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// A description as dump lines (a multi-line description must not break the line structure).
  private static func split(_ text: String) -> [String] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }

  private static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  /// The name of an enum value's case, from the enum's field records (where `print` reads it
  /// too), so that an enum with a custom `description` still dumps its case.
  private static func caseName(of value: Any) -> String {
    func name<T>(of value: T) -> String? {
      guard let metadata = EnumMetadata(T.self) else { return nil }
      let tag = withUnsafePointer(to: value) { metadata.tag(of: $0) }
      return metadata.caseName(tag: tag).flatMap { $0.isEmpty ? nil : $0 }
    }
    return _openExistential(value, do: name) ?? unnamedCaseName(of: value)
  }

  /// The name of a case the runtime cannot name, because the enum was compiled without
  /// reflection metadata (or without its names): `<case tag 2>`, by the tag the case has at
  /// run time, so that two cases still dump (and diff) differently.
  static func unnamedCaseName(of value: Any) -> String {
    func tag<T>(of value: T) -> UInt32? {
      EnumMetadata(T.self).map { metadata in
        withUnsafePointer(to: value) { metadata.tag(of: $0) }
      }
    }
    guard let tag = _openExistential(value, do: tag) else { return String(describing: value) }
    return "<case tag \(tag)>"
  }

  private static func elements<C: Collection>(of collection: C) -> [Any] {
    collection.map { $0 }
  }

  private static func unwrappingAnyHashable(_ value: Any) -> Any {
    guard type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable else {
      return value
    }
    return hashable.base
  }

  /// The stored properties of a struct or class, inherited ones first. An actor's hidden
  /// `$defaultActor` storage is left out.
  /// A stored property's label as code reads it: a property wrapper's storage (`_destination`)
  /// under the property's own name.
  private static func propertyName(_ property: Mirror.Child) -> String? {
    guard let label = property.label, label.hasPrefix("_"),
      property.value is any PropertyWrapperStorage
    else { return property.label }
    return String(label.dropFirst())
  }

  private static func storedProperties(of mirror: Mirror) -> [Mirror.Child] {
    let inherited = mirror.superclassMirror.map(storedProperties(of:)) ?? []
    return inherited + mirror.children.filter { $0.label != "$defaultActor" }
  }

  private static func isDescribedByModule(_ type: Any.Type) -> Bool {
    let name = String(reflecting: type)
    let module = name.prefix { $0 != "." && $0 != "<" }
    return module.count < name.count && describedModules.contains(module)
  }

  /// The readable name of a type: `String(reflecting:)` without module names and anonymous
  /// contexts, keeping the last two components of each nested name.
  ///
  /// `MyApp.Features.Counter.State` is `Counter.State`, `Swift.Array<MyApp.Row>` is `Array<Row>`.
  static func typeName(_ type: Any.Type) -> String {
    let full = removingAnonymousContexts(String(reflecting: type))
    var result = ""
    var token = ""
    for character in full {
      if character.isLetter || character.isNumber || character == "_" || character == "."
        || character == "$"
      {
        token.append(character)
      } else {
        result += shortened(token)
        token = ""
        result.append(character)
      }
    }
    return result + shortened(token)
  }

  /// One qualified name from a type name, shortened: `MyApp.A.B.C` is `B.C`, `MyApp.T.Type` is
  /// `T.Type`. A token that starts with `.` continues a generic type (`<Int>.Nested`) and is kept.
  private static func shortened(_ token: String) -> String {
    guard !token.isEmpty, !token.hasPrefix(".") else { return token }
    var components = token.split(separator: ".", omittingEmptySubsequences: false)
    var suffix = ""
    while components.count > 1, let last = components.last, last == "Type" || last == "Protocol" {
      suffix = "." + last + suffix
      components.removeLast()
    }
    if components.count > 1 { components.removeFirst() }  // The module.
    return components.suffix(2).joined(separator: ".") + suffix
  }

  /// Removes `(unknown context at $…).` (local and private types) and `(extension in M):`.
  private static func removingAnonymousContexts(_ name: String) -> String {
    var result = ""
    var rest = Substring(name)
    while let first = rest.first {
      let isContext = rest.hasPrefix("(unknown context at ") || rest.hasPrefix("(extension in ")
      if isContext, let close = rest.firstIndex(of: ")") {
        rest = rest[rest.index(after: close)...]
        if rest.first == "." || rest.first == ":" { rest.removeFirst() }
      } else {
        result.append(first)
        rest.removeFirst()
      }
    }
    return result
  }
}
