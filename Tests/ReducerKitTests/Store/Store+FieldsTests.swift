import Foundation
import Observation
import Testing

@testable import ReducerKit

@MainActor
@Suite struct StoreFieldsTests {

  /// Fields of different sizes and alignments, one of a type that is not `Equatable`, one of no
  /// bytes, one optional and one computed: read through a store, each is the field's value.
  struct MixedFields: Reducer {
    struct Plain { var value = 1 }
    struct Nothing: Equatable {}
    struct State {
      var flag = false
      var small: Int8 = 1
      var ratio = 0.5
      var name = "one"
      var list = [1, 2]
      var plain = Plain()
      var nothing = Nothing()
      var maybe: Int?
      var twice: Int { Int(small) * 2 }
    }
    enum Action { case next }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.flag.toggle()
      state.small += 1
      state.ratio *= 2
      state.name += "!"
      state.list.append(state.list.count + 1)
      state.plain.value += 10
      state.maybe = (state.maybe ?? 0) + 3
      return .none
    }
  }

  struct MixedParent: Reducer {
    struct State { var tag: Int8 = 7; var child = MixedFields.State() }
    enum Action { case child(MixedFields.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { MixedFields() }
    }
  }

  /// Every field of `store`, read through its dynamic members, against the same fields of its
  /// state read directly.
  func expectFieldsRead(
    from store: Store<MixedFields.State, MixedFields.Action>, _ label: String
  ) {
    let state = store.withState { $0 }
    #expect(store.flag == state.flag, "\(label)")
    #expect(store.small == state.small, "\(label)")
    #expect(store.ratio == state.ratio, "\(label)")
    #expect(store.name == state.name, "\(label)")
    #expect(store.list == state.list, "\(label)")
    #expect(store.plain.value == state.plain.value, "\(label)")
    #expect(store.nothing == state.nothing, "\(label)")
    #expect(store.maybe == state.maybe, "\(label)")
    #expect(store.twice == state.twice, "\(label)")
  }

  @Test func fieldsOfEverySizeAndKindReadTheirOwnValues() {
    let root = Store(initialState: MixedFields.State()) { MixedFields() }
    let parent = Store(initialState: MixedParent.State()) { MixedParent() }
    let child = parent.scope(state: \.child, action: MixedParent.Action.child)
    for round in 0..<3 {
      // Read inside observation tracking too: the read that registers the field.
      withObservationTracking {
        expectFieldsRead(from: root, "root, round \(round)")
        expectFieldsRead(from: child, "scoped, round \(round)")
      } onChange: {
      }
      root.send(.next)
      child.send(.next)
    }
    #expect(root.small == 4 && root.name == "one!!!" && root.plain.value == 31)
    #expect(child.maybe == 9 && child.list == [1, 2, 3, 4, 5] && child.ratio == 4)
  }

  @Test func aFieldOfAStateOfNoBytesReadsItsValue() {
    struct Empty { var nothing = MixedFields.Nothing() }
    let store = Store(initialState: Empty()) {
      Reduce<Empty, Void> { _, _ in .none }
    }
    #expect(store.nothing == MixedFields.Nothing())
  }
}
