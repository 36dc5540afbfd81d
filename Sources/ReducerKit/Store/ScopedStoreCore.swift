/// The core of a scoped store: reads its state through its parent and sends through it.
@MainActor
package final class ScopedStoreCore<ParentState, ParentAction, State, Action>:
  StoreCore<State, Action>
{
  let parent: Store<ParentState, ParentAction>
  let toState: (ParentState) -> State
  let fromAction: (Action) -> ParentAction

  init(
    parent: Store<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
    super.init(registry: parent.core.registry)
  }

  override package var state: State { toState(parent.core.state) }

  override package func access(from store: Store<State, Action>) {
    parent.core.access(from: parent)
  }

  override package func send(_ action: Action, group: EffectGroup?) -> StoreTask {
    parent.core.send(fromAction(action), group: group)
  }

  override package func subscribe(_ onState: @escaping @MainActor (State) -> Void) -> UInt64 {
    let toState = toState
    return parent.core.subscribe { onState(toState($0)) }
  }

  override package func unsubscribe(_ id: UInt64) {
    parent.core.unsubscribe(id)
  }
}
