// The `handwritten.*` twins: the same features as the scope and row cases, written the way a
// person writes them without a library: plain structs and enums, and one `switch`-based function
// per feature that mutates its part of the state in place. No ReducerKit here.
//
// `HandwrittenLevel1` wraps the leaf counter, `HandwrittenLevel2` wraps level 1, and so on: level N
// is the twin of N nested `Nest`s around `BenchCounter` (the same state, the same three action
// cases a level, the same leaf mutation). Only the root functions the cases call are
// `@inline(never)`: one real call per action, as from a view or a store, while the levels inside
// are left to the optimizer, as it would treat hand-written code.

/// The leaf counter's state.
struct HandwrittenCounter {
  var count = 0
}

/// The leaf counter's actions.
enum HandwrittenCounterAction {
  case increment
  case decrement
}

/// The leaf counter's reducer.
func reduceHandwrittenCounter(
  into state: inout HandwrittenCounter, action: HandwrittenCounterAction
) {
  switch action {
  case .increment: state.count += 1
  case .decrement: state.count -= 1
  }
}

/// Nesting level 1: the state around the counter.
struct HandwrittenLevel1 {
  var child = HandwrittenCounter()
  var other = 0
}

/// Nesting level 1's actions.
enum HandwrittenLevel1Action {
  case child(HandwrittenCounterAction)
  case other(Int)
  case reset
}

/// Nesting level 1's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel1(into state: inout HandwrittenLevel1, action: HandwrittenLevel1Action) {
  switch action {
  case .child(let action): reduceHandwrittenCounter(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 2: the state around level 1.
struct HandwrittenLevel2 {
  var child = HandwrittenLevel1()
  var other = 0
}

/// Nesting level 2's actions.
enum HandwrittenLevel2Action {
  case child(HandwrittenLevel1Action)
  case other(Int)
  case reset
}

/// Nesting level 2's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel2(into state: inout HandwrittenLevel2, action: HandwrittenLevel2Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel1(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 3: the state around level 2.
struct HandwrittenLevel3 {
  var child = HandwrittenLevel2()
  var other = 0
}

/// Nesting level 3's actions.
enum HandwrittenLevel3Action {
  case child(HandwrittenLevel2Action)
  case other(Int)
  case reset
}

/// Nesting level 3's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel3(into state: inout HandwrittenLevel3, action: HandwrittenLevel3Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel2(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 4: the state around level 3.
struct HandwrittenLevel4 {
  var child = HandwrittenLevel3()
  var other = 0
}

/// Nesting level 4's actions.
enum HandwrittenLevel4Action {
  case child(HandwrittenLevel3Action)
  case other(Int)
  case reset
}

/// Nesting level 4's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel4(into state: inout HandwrittenLevel4, action: HandwrittenLevel4Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel3(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 5: the state around level 4.
struct HandwrittenLevel5 {
  var child = HandwrittenLevel4()
  var other = 0
}

/// Nesting level 5's actions.
enum HandwrittenLevel5Action {
  case child(HandwrittenLevel4Action)
  case other(Int)
  case reset
}

/// Nesting level 5's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel5(into state: inout HandwrittenLevel5, action: HandwrittenLevel5Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel4(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 6: the state around level 5.
struct HandwrittenLevel6 {
  var child = HandwrittenLevel5()
  var other = 0
}

/// Nesting level 6's actions.
enum HandwrittenLevel6Action {
  case child(HandwrittenLevel5Action)
  case other(Int)
  case reset
}

/// Nesting level 6's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel6(into state: inout HandwrittenLevel6, action: HandwrittenLevel6Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel5(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 7: the state around level 6.
struct HandwrittenLevel7 {
  var child = HandwrittenLevel6()
  var other = 0
}

/// Nesting level 7's actions.
enum HandwrittenLevel7Action {
  case child(HandwrittenLevel6Action)
  case other(Int)
  case reset
}

/// Nesting level 7's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel7(into state: inout HandwrittenLevel7, action: HandwrittenLevel7Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel6(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 8: the state around level 7.
struct HandwrittenLevel8 {
  var child = HandwrittenLevel7()
  var other = 0
}

/// Nesting level 8's actions.
enum HandwrittenLevel8Action {
  case child(HandwrittenLevel7Action)
  case other(Int)
  case reset
}

/// Nesting level 8's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel8(into state: inout HandwrittenLevel8, action: HandwrittenLevel8Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel7(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 9: the state around level 8.
struct HandwrittenLevel9 {
  var child = HandwrittenLevel8()
  var other = 0
}

/// Nesting level 9's actions.
enum HandwrittenLevel9Action {
  case child(HandwrittenLevel8Action)
  case other(Int)
  case reset
}

/// Nesting level 9's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel9(into state: inout HandwrittenLevel9, action: HandwrittenLevel9Action) {
  switch action {
  case .child(let action): reduceHandwrittenLevel8(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// Nesting level 10: the state around level 9.
struct HandwrittenLevel10 {
  var child = HandwrittenLevel9()
  var other = 0
}

/// Nesting level 10's actions.
enum HandwrittenLevel10Action {
  case child(HandwrittenLevel9Action)
  case other(Int)
  case reset
}

/// Nesting level 10's reducer: hands child actions to the child's reducer, ignores the rest.
func reduceHandwrittenLevel10(
  into state: inout HandwrittenLevel10, action: HandwrittenLevel10Action
) {
  switch action {
  case .child(let action): reduceHandwrittenLevel9(into: &state.child, action: action)
  case .other, .reset: break
  }
}

/// The root of `handwritten.scope.depth1`: one call per action.
@inline(never)
func sendHandwrittenDepth1(_ state: inout HandwrittenLevel1, _ action: HandwrittenLevel1Action) {
  reduceHandwrittenLevel1(into: &state, action: action)
}

/// The root of `handwritten.scope.depth5`: one call per action.
@inline(never)
func sendHandwrittenDepth5(_ state: inout HandwrittenLevel5, _ action: HandwrittenLevel5Action) {
  reduceHandwrittenLevel5(into: &state, action: action)
}

/// The root of `handwritten.scope.depth10`: one call per action.
@inline(never)
func sendHandwrittenDepth10(_ state: inout HandwrittenLevel10, _ action: HandwrittenLevel10Action) {
  reduceHandwrittenLevel10(into: &state, action: action)
}

/// One level of the way up of `handwritten.embedded.depth10`: embeds an action with `embed` and
/// hands it to `parent`, both function values. This is what code given `Action.child` as a
/// function (a library's `scope(state:action:)`, without macros) has to do for a store scoped
/// one level down. Not inlined: a store tree is built at run time, one scope at a time (in
/// different views), so the optimizer never sees the ten case functions together.
@inline(never)
func handwrittenEmbedding<Child, Parent>(
  _ embed: @escaping (Child) -> Parent, then parent: @escaping (Parent) -> Void
) -> (Child) -> Void {
  { parent(embed($0)) }
}

/// The state of `handwritten.embedded.depth10`, in an object, as a store keeps it: its way up
/// ends in `sendHandwrittenDepth10` on this state. (Unchecked for exclusivity: the case sends
/// one action at a time, and the check is a runtime call a store does not make either.)
final class HandwrittenRoot10 {
  @exclusivity(unchecked) var state = HandwrittenLevel10()
}

/// The way up of `handwritten.embedded.depth10`: ten levels of ``handwrittenEmbedding(_:then:)``
/// from the leaf counter's actions to `root`. Built here, not in the bench's main-actor code:
/// a closure made there (the case functions too) is isolated to the main actor, and calling it
/// through a plain function type checks the isolation at run time, on every call.
func handwrittenWayUp(to root: HandwrittenRoot10) -> (HandwrittenCounterAction) -> Void {
  let toRoot: (HandwrittenLevel10Action) -> Void = { sendHandwrittenDepth10(&root.state, $0) }
  let up9 = handwrittenEmbedding(HandwrittenLevel10Action.child, then: toRoot)
  let up8 = handwrittenEmbedding(HandwrittenLevel9Action.child, then: up9)
  let up7 = handwrittenEmbedding(HandwrittenLevel8Action.child, then: up8)
  let up6 = handwrittenEmbedding(HandwrittenLevel7Action.child, then: up7)
  let up5 = handwrittenEmbedding(HandwrittenLevel6Action.child, then: up6)
  let up4 = handwrittenEmbedding(HandwrittenLevel5Action.child, then: up5)
  let up3 = handwrittenEmbedding(HandwrittenLevel4Action.child, then: up4)
  let up2 = handwrittenEmbedding(HandwrittenLevel3Action.child, then: up3)
  let up1 = handwrittenEmbedding(HandwrittenLevel2Action.child, then: up2)
  return handwrittenEmbedding(HandwrittenLevel1Action.child, then: up1)
}

/// A list of counters as a person writes it by hand: an array of rows and a dictionary from a
/// row's id to its index.
struct HandwrittenList {
  struct Row {
    let id: Int
    var count = 0
  }

  var rows: [Row]
  var indexByID: [Int: Int]

  init(count: Int) {
    let rows = (0..<count).map { Row(id: $0) }
    self.rows = rows
    indexByID = Dictionary(uniqueKeysWithValues: rows.indices.map { (rows[$0].id, $0) })
  }
}

/// The hand-written list's actions.
enum HandwrittenListAction {
  case row(id: Int, action: HandwrittenCounterAction)
}

/// The hand-written list's reducer: finds the row by id and mutates it in place.
@inline(never)
func sendHandwrittenList(_ state: inout HandwrittenList, _ action: HandwrittenListAction) {
  switch action {
  case .row(let id, let action):
    guard let index = state.indexByID[id] else { return }
    switch action {
    case .increment: state.rows[index].count += 1
    case .decrement: state.rows[index].count -= 1
    }
  }
}
