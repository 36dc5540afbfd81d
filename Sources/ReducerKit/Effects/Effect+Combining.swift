// Merging and concatenating effects: the two ways to combine several into one.

extension Effect {
  /// Runs several effects at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.loaded) })
  /// ```
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs several effects at the same time.
  public static func merge(_ effects: some Swift.Sequence<Self>) -> Self {
    // An array (what `map` returns, the common case) is walked by index: through the generic
    // `Sequence` witnesses, each element cost a call and an allocation.
    merged(effects as? [Self] ?? Array(effects))
  }

  /// One merge of `effects`, built as the boxes of its parts (the store walks them without type
  /// metadata), dropping `.none`s and flattening nested merges into it.
  private static func merged(_ effects: [Self]) -> Self {
    var parts: [EffectBox] = []
    parts.reserveCapacity(effects.count)
    for index in effects.indices {
      guard let box = effects[index].box else { continue }
      if box.kind == .merge {
        parts.append(contentsOf: unsafeDowncast(box, to: MergeEffectBox.self).parts)
      } else {
        parts.append(box)
      }
    }
    switch parts.count {
    case 0: return .none
    case 1: return Self(box: parts[0])
    default: return Self(box: MergeEffectBox(parts: parts))
    }
  }

  /// One concatenation of `effects` in a single array (combining them one by one would copy the
  /// array for each effect), dropping `.none`s and flattening nested concatenations into it.
  /// Only a nested concatenation has its operation read (the box says which kind it is).
  private static func concatenated(_ effects: [Self]) -> Self {
    var parts: [Self] = []
    parts.reserveCapacity(effects.count)
    for index in effects.indices {
      let effect = effects[index]
      guard let box = effect.box else { continue }
      if box.kind == .concatenate, case .concatenate(let nested) = effect.operation {
        parts.append(contentsOf: nested)
      } else {
        parts.append(effect)
      }
    }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(operation: .concatenate(parts))
    }
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// ```swift
  /// return effect.merge(with: .send(.didStart))
  /// ```
  public func merge(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.merge(let lhs), .merge(let rhs)): return Self(operation: .merge(lhs + rhs))
    case (.merge(let lhs), _): return Self(operation: .merge(lhs + [other]))
    case (_, .merge(let rhs)): return Self(operation: .merge([self] + rhs))
    default: return Self(operation: .merge([self, other]))
    }
  }

  /// Runs effects one after the other: each starts when the one before it has finished.
  ///
  /// ```swift
  /// return .concatenate(.send(.willLoad), .run { send in await send(.loaded) }, .send(.didLoad))
  /// ```
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs effects one after the other: each starts when the one before it has finished.
  public static func concatenate(_ effects: some Swift.Sequence<Self>) -> Self {
    concatenated(effects as? [Self] ?? Array(effects))
  }

  /// Runs `other` when this effect has finished.
  ///
  /// ```swift
  /// return effect.concatenate(with: .send(.didFinish))
  /// ```
  public func concatenate(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    switch (operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.concatenate(let lhs), .concatenate(let rhs)):
      return Self(operation: .concatenate(lhs + rhs))
    case (.concatenate(let lhs), _): return Self(operation: .concatenate(lhs + [other]))
    case (_, .concatenate(let rhs)): return Self(operation: .concatenate([self] + rhs))
    default: return Self(operation: .concatenate([self, other]))
    }
  }
}
