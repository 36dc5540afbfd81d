// The features of the `send.scope.*` cases: ten levels of concrete (non-generic) features, each
// scoping the one below with `Scope`, as an app nests a screen in a screen. `BenchLevel1` wraps the
// leaf counter, `BenchLevel2` wraps level 1, and so on: the twins of `HandwrittenLevel1` ...
// `HandwrittenLevel10` (Handwritten.swift), with the same state, the same three action cases a
// level and the same leaf mutation.
//
// They are written out rather than built from the generic `Nest`, because app features are
// concrete types: the compiler specializes ReducerKit's inlinable composition code for them. A
// generic feature runs the same code unspecialized; `send.scope.generic.depth10` measures that.

import ReducerKit

/// Nesting level 1: a feature around the leaf counter.
struct BenchLevel1: Reducer {
  struct State {
    var child = BenchCounter.State()
    var other = 0
  }

  enum Action {
    case child(BenchCounter.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchCounter() }
  }
}

/// Nesting level 2: a feature around level 1.
struct BenchLevel2: Reducer {
  struct State {
    var child = BenchLevel1.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel1.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel1() }
  }
}

/// Nesting level 3: a feature around level 2.
struct BenchLevel3: Reducer {
  struct State {
    var child = BenchLevel2.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel2.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel2() }
  }
}

/// Nesting level 4: a feature around level 3.
struct BenchLevel4: Reducer {
  struct State {
    var child = BenchLevel3.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel3.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel3() }
  }
}

/// Nesting level 5: a feature around level 4.
struct BenchLevel5: Reducer {
  struct State {
    var child = BenchLevel4.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel4.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel4() }
  }
}

/// Nesting level 6: a feature around level 5.
struct BenchLevel6: Reducer {
  struct State {
    var child = BenchLevel5.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel5.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel5() }
  }
}

/// Nesting level 7: a feature around level 6.
struct BenchLevel7: Reducer {
  struct State {
    var child = BenchLevel6.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel6.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel6() }
  }
}

/// Nesting level 8: a feature around level 7.
struct BenchLevel8: Reducer {
  struct State {
    var child = BenchLevel7.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel7.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel7() }
  }
}

/// Nesting level 9: a feature around level 8.
struct BenchLevel9: Reducer {
  struct State {
    var child = BenchLevel8.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel8.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel8() }
  }
}

/// Nesting level 10: a feature around level 9.
struct BenchLevel10: Reducer {
  struct State {
    var child = BenchLevel9.State()
    var other = 0
  }

  enum Action {
    case child(BenchLevel9.Action)
    case other(Int)
    case reset
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: Action.child) { BenchLevel9() }
  }
}
