// TEMPORARY stand-in until the real CasePath lands.
public struct CasePath<Root, Value> {
  let embedFn: (Value) -> Root
  let extractFn: (Root) -> Value?
  public init(_ embed: @escaping (Value) -> Root) {
    embedFn = embed
    extractFn = { root in
      guard let child = Mirror(reflecting: root).children.first, let v = child.value as? Value
      else { return nil }
      return "\(embed(v))" == "\(root)" ? v : nil
    }
  }
  public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
    embedFn = embed
    extractFn = extract
  }
  public func extract(from root: Root) -> Value? { extractFn(root) }
  public func embed(_ value: Value) -> Root { embedFn(value) }
}
