import Foundation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct OptionalStoreCoreTests {
  typealias Parent = ScopedStoreCoreTests.Parent

  // MARK: Sends to child stores from inside a reducer are queued (issue 12, item 2)

  /// A parent with an optional child and rows, whose reducer sends to child stores it is given.
  struct Host: Reducer {
    struct Row: Identifiable {
      let id: Int
      var counter = Counter.State()
    }
    struct State {
      var child: Counter.State? = Counter.State()
      var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    }
    enum Action {
      case child(Counter.Action)
      case rows(IdentifiedAction<Int, Counter.Action>)
      case run(dismissing: Bool)
    }
    let children: Children
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        guard case .run(let dismissing) = action else { return .none }
        MainActor.assumeIsolated { children.send?() }
        if dismissing {
          state.child = nil
          state.rows.remove(id: 1)
        }
        return .none
      }
      .ifLet(\.child, action: Action.child) { Counter() }
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, Counter.Action> { row, action in
          Counter().reduce(into: &row.counter, action: action)
        }
      }
    }
  }

  /// What the host's reducer sends to. Unchecked `Sendable`: used on the main actor only.
  final class Children: @unchecked Sendable {
    var send: (@MainActor () -> Void)?
  }

  func makeHost() -> (Store<Host.State, Host.Action>, Children) {
    let children = Children()
    return (Store(initialState: Host.State()) { Host(children: children) }, children)
  }

  @Test func anOptionalChildStoreSentToFromAReducerIsQueued() {
    let (store, children) = makeHost()
    let child = store.scope(state: \.child, action: Host.Action.child)!
    var countDuringSend: [Int] = []
    children.send = {
      child.send(.increment)
      countDuringSend.append(child.count)
    }
    store.send(.run(dismissing: false))
    // Reduced after the action that sent it, before `send` returned.
    #expect(countDuringSend == [0])
    #expect(store.state.child?.count == 1)
    #expect(child.count == 1)
  }

  @Test func aRowStoreSentToFromAReducerIsQueued() {
    let (store, children) = makeHost()
    let rows = store.scope(state: \.rows, action: Host.Action.rows)
    children.send = {
      rows[0].send(.increment)
      rows[1].send(.set(5))
    }
    store.send(.run(dismissing: false))
    #expect(store.state.rows.map(\.counter.count) == [1, 5])
    #expect(rows.map(\.counter.count) == [1, 5])
  }

  @Test func aQueuedChildActionWhoseStateWentAwayIsIgnoredWithAWarning() {
    let recorder = WarningRecorder(matching: "7301")
    let (store, children) = makeHost()
    let child = store.scope(state: \.child, action: Host.Action.child)!
    let rows = store.scope(state: \.rows, action: Host.Action.rows)
    children.send = {
      // Present when sent; removed by the same action before these are reduced.
      child.send(.set(7301))
      rows[0].send(.set(7301))
      rows[1].send(.set(7301))
    }
    store.send(.run(dismissing: true))
    #expect(store.state.child == nil)
    #expect(store.state.rows.map(\.counter.count) == [7301])
    #expect(recorder.messages.count == 2)
    #expect(recorder.messages.allSatisfy { $0.contains("no longer present") })
  }

  // MARK: Rows inside state that can go away

  /// A sheet (optional state) holding rows.
  struct Sheet: Reducer {
    struct Row: Identifiable {
      let id: Int
      var counter = Counter.State()
    }
    struct State {
      var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    }
    enum Action {
      case rows(IdentifiedAction<Int, Counter.Action>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.rows, action: Action.rows) {
          Reduce<Row, Counter.Action> { row, action in
            Counter().reduce(into: &row.counter, action: action)
          }
        }
    }
  }

  struct SheetHost: Reducer {
    struct State {
      var sheet: Sheet.State? = Sheet.State()
    }
    enum Action {
      case sheet(Sheet.Action)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.sheet, action: Action.sheet) { Sheet() }
    }
  }

  @Test func aRowSendUnderAnOptionalParentLeavesTheRowsUnshared() throws {
    // The optional parent store only forwards a row's send: if it refreshed its own last state
    // (a copy of the sheet, rows included), every later row mutation would copy all the rows,
    // which an element version that is not one more than the last one shows.
    let store = Store(initialState: SheetHost.State()) { SheetHost() }
    let sheet = try #require(store.scope(state: \.sheet, action: SheetHost.Action.sheet))
    let rows = sheet.scope(state: \.rows, action: Sheet.Action.rows)
    func elementVersion() -> UInt64 { store.withState { $0.sheet!.rows._elementVersion } }
    rows[0].send(.increment)
    let first = elementVersion()
    rows[1].send(.increment)
    rows[0].send(.increment)
    #expect(elementVersion() == first &+ 2)
    #expect(store.withState { $0.sheet!.rows.map(\.counter.count) } == [2, 1])
    #expect(rows.map(\.counter.count) == [2, 1])
  }

  // MARK: A row store's reads of its row, with the root as its parent or not

  /// Rows that can be removed.
  struct RowList: Reducer {
    struct State {
      var rows: IdentifiedArrayOf<Sheet.Row> = [Sheet.Row(id: 1), Sheet.Row(id: 2)]
    }
    enum Action {
      case rows(IdentifiedAction<Int, Counter.Action>)
      case remove(id: Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .remove(let id) = action { state.rows.remove(id: id) }
        return .none
      }
      .forEach(\.rows, action: Action.rows) {
        Reduce<Sheet.Row, Counter.Action> { row, action in
          Counter().reduce(into: &row.counter, action: action)
        }
      }
    }
  }

  /// A `RowList` under a plain scope: its row stores' parent is not the root.
  struct ListHost: Reducer {
    struct State { var list = RowList.State() }
    enum Action { case list(RowList.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.list, action: Action.list) { RowList() }
    }
  }

  @Test(arguments: [false, true])
  func aRowStoreChecksItsRowAndKeepsItsLastStateWhateverItsParent(underAScope: Bool) {
    // A row store of the root reads its row through its `RowAccess` (one call each, compiled
    // for the row's type); under a scope, through its finder. The same behaviour either way: the
    // last state is the row after the store's last send even when nothing read it since, and
    // a send once the row is gone is ignored with a warning.
    let recorder = WarningRecorder(matching: "no longer present")
    let host = Store(initialState: ListHost.State()) { ListHost() }
    let list =
      underAScope
      ? host.scope(state: \.list, action: ListHost.Action.list)
      : Store(initialState: RowList.State()) { RowList() }
    let rows = list.scope(state: \.rows, action: RowList.Action.rows)
    let core =
      rows[1].core as? OptionalStoreCore<RowList.State, RowList.Action, Sheet.Row, Counter.Action>
    #expect(core?.readsRowDirectly == !underAScope)
    rows[1].send(.set(5))
    list.send(.remove(id: 2))
    #expect(list.withState { $0.rows.map(\.counter.count) } == [0])
    #expect(rows[1].counter.count == 5)
    rows[1].send(.increment)
    #expect(rows[1].counter.count == 5)
    #expect(recorder.messages.count == 1)
    rows[0].send(.increment)
    #expect(rows[0].counter.count == 1)
    #expect(list.withState { $0.rows.map(\.counter.count) } == [1])
  }

  // MARK: A row's last state, replaced while its row is borrowed

  /// A row whose state holds a reference that runs code when it is released. Generic, so that
  /// its layout is not fixed where it is compiled: its value witnesses then replace it field by
  /// field (as for a row state with a field of a type from a library built for evolution, such
  /// as Foundation's `UUID` on Apple platforms), and a replaced field's `deinit` runs before
  /// the next field is copied.
  struct TokenRow<Extra>: Identifiable {
    let id: Int
    var token: OptionalStoreCoreTests.Token
    var title: String
    var extra: Extra
  }

  struct TokenRows: Reducer {
    typealias Row = TokenRow<Int>
    struct State { var rows: IdentifiedArrayOf<Row> }
    enum Action {
      case rows(IdentifiedAction<Int, RowAction>)
      /// Sent by a released token's `deinit`.
      case tokenReleased(replacement: Token)
      case remove(id: Int)
    }
    enum RowAction { case replaceToken(Token) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tokenReleased(let replacement):
          state.rows[id: 1]?.token = replacement
          state.rows[id: 1]?.title = "changed by a deinit"
        case .remove(let id):
          state.rows.remove(id: id)
        case .rows:
          break
        }
        return .none
      }
      .forEach(\.rows, action: Action.rows) {
        Reduce<Row, RowAction> { row, action in
          guard case .replaceToken(let token) = action else { return .none }
          row.token = token
          return .none
        }
      }
    }
  }

  /// Calls `onRelease` on the main actor when it is released there. Unchecked `Sendable`: made,
  /// used and released on the main actor only.
  final class Token: @unchecked Sendable {
    let name: String
    var onRelease: (@MainActor () -> Void)?
    init(_ name: String) { self.name = name }
    deinit {
      guard let onRelease else { return }
      MainActor.assumeIsolated { onRelease() }
    }
  }

  @Test func aRowsLastStateIsNeverTornByADeinitThatSendsAnAction() throws {
    // The row store copies its row into its last state after each send, with the row borrowed
    // where it is stored. Replacing the last state releases the token it held; that token's
    // `deinit` sends an action that changes the row, in place. The last state must be the row
    // as it was (the new token and the old title), never half of each (the new token with the
    // title the `deinit` set). Copied over the old last state in place, the row is half of
    // each in an optimized build (`swift test -c release`), which replaces field by field; a
    // debug build copies the whole row before it destroys the old one.
    var first: Token? = Token("first")
    let second = Token("second")
    let store = Store(
      initialState: TokenRows.State(
        rows: [TokenRows.Row(id: 1, token: first!, title: "title", extra: 0)])
    ) { TokenRows() }
    let row = store.scope(state: \.rows, action: TokenRows.Action.rows)[0]
    #expect(row.withState(\.token) === first)  // The last state now holds the first token.
    first?.onRelease = { _ = store.send(.tokenReleased(replacement: Token("third"))) }
    first = nil
    // The row's reducer replaces the first token; refreshing the last state releases it.
    row.send(.replaceToken(second))
    #expect(store.withState { $0.rows[id: 1]?.title } == "changed by a deinit")
    #expect(store.withState { $0.rows[id: 1]?.token.name } == "third")
    store.send(.remove(id: 1))
    // Gone: the row store reads its last state.
    let last = row.withState { $0 }
    #expect(last.token === second)
    #expect(last.title == "title")
  }
}
