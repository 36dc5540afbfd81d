import Foundation
import Observation
import ReducerKit
import ReducerKitTesting
import Testing

#if canImport(SwiftUI)
import SwiftUI
#endif
#if canImport(UIKit)
import UIKit
#endif

// The Swift samples of Docs/UI.md, copied verbatim (`.ci/doc-samples` checks that each one is
// here) and compiled; the features and the command-line tool also run. The SwiftUI and UIKit
// samples compile only where those frameworks exist (Apple platforms), so Linux CI checks that
// they are here but not that they compile.

/// The suite is the samples' namespace, and its `print` records what they print.
@MainActor
@Suite struct UISamplesTests {
  /// What the samples printed.
  let printed = Log<String>()

  /// Records what a sample prints instead of writing it to standard output.
  func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
  }

  // MARK: - The features

  struct Settings: Reducer {
    struct State: Equatable {
      var name = ""
      var isOn = false
      var volume = 0.5
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case save
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.volume):
          // `BindingReducer` already stored the new value; keep it in range.
          state.volume = min(max(state.volume, 0), 1)
          return .none
        case .binding, .save:
          return .none
        }
      }
    }
  }

  struct Todo: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var title = ""
      var isDone = false
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
    }
  }

  struct Todos: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Todo.State> = []
      var isLoading = false
    }
    enum Action: Equatable {
      case onAppear
      case loaded([Todo.State])
      case rows(IdentifiedActionOf<Todo>)
    }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .onAppear:
          state.isLoading = true
          return .run { send in
            try await clock.sleep(for: .milliseconds(300))  // stands in for a network call
            await send(.loaded([Todo.State(id: 1, title: "Milk")]))
          }
        case .loaded(let todos):
          state.isLoading = false
          state.rows = IdentifiedArray(uniqueElements: todos)
          return .none
        case .rows:
          return .none
        }
      }
      .forEach(\.rows, action: Action.rows) { Todo() }
    }
  }

  @Test func settingsKeepsTheVolumeInRange() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.volume, 2))) { $0.volume = 1 }
    await store.send(.binding(.set(\.volume, -1))) { $0.volume = 0 }
    await store.send(.binding(.set(\.isOn, true))) { $0.isOn = true }
  }

  @Test func todosLoadAndRowsBind() async {
    let clock = TestClock()
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.loaded([Todo.State(id: 1, title: "Milk")])) {
      $0.isLoading = false
      $0.rows = [Todo.State(id: 1, title: "Milk")]
    }
    await store.send(.rows(.element(id: 1, action: .binding(.set(\.isDone, true))))) {
      $0.rows[id: 1]?.isDone = true
    }
  }

  // MARK: - Bindings for forms

  @Test func aBindingReadsAndSends() {
    let store = Store(initialState: Settings.State(name: "Ann")) { Settings() }

    let name = store.binding(\.name)  // StoreBinding<String>
    print(name.wrappedValue)  // reads store.state.name
    name.wrappedValue = "Blob"  // sends .binding(.set(\.name, "Blob"))

    #expect(printed.values == ["Ann"])
    #expect(store.name == "Blob")
  }

  @Test func aTestStoreAssertsABindingAction() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.name, "Blob"))) { $0.name = "Blob" }
  }

  struct VolumeLog: Reducer {
    struct State: Equatable {
      var volume = 0.5
      var name = ""
      var lastVolumes: [Double] = []
    }
    enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(let binding):
          if let volume = binding.value(for: \.volume) {
            state.lastVolumes.append(volume)
          }
          return .none
        }
      }
    }
  }

  @Test func valueForReadsTheNewValueOfThatFieldOnly() {
    let store = Store(initialState: VolumeLog.State()) { VolumeLog() }
    store.binding(\.volume).wrappedValue = 0.8
    store.binding(\.name).wrappedValue = "Blob"
    #expect(store.lastVolumes == [0.8])
    #expect(store.name == "Blob")
  }

  /// A feature with a `binding` action but no `BindingReducer()`.
  struct Forgetful: Reducer {
    struct State: Equatable { var nameNeverSet = "" }
    enum Action: BindableAction, Equatable { case binding(BindingAction<State>) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  @Test func aBindingNoBindingReducerAppliesIsReported() async {
    let recorder = WarningRecorder(matching: "nameNeverSet")
    let store = Store(initialState: Forgetful.State()) { Forgetful() }
    store.binding(\.nameNeverSet).wrappedValue = "Blob"
    #expect(store.nameNeverSet == "")
    #expect(await eventually { recorder.messages.count == 1 })
    #expect(
      recorder.messages.first?.hasPrefix("A binding action sent from a store for ") == true)
    #expect(recorder.messages.first?.contains("was not handled. Add BindingReducer()") == true)
  }

  // MARK: - Features without BindableAction

  struct Account: Reducer {
    struct State: Equatable {
      var name = ""
      var isSheetPresented = false
    }
    enum Action: Equatable { case nameChanged(String), setSheet(Bool) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .nameChanged(let name): state.name = String(name.prefix(20))
      case .setSheet(let isPresented): state.isSheetPresented = isPresented
      }
      return .none
    }
  }

  @Test func bindingsThatSendTheFeaturesOwnActions() {
    let store = Store(initialState: Account.State()) { Account() }

    let name = store.binding(\.name, send: Account.Action.nameChanged)
    let isSheetPresented = store.binding(get: \.isSheetPresented, send: Account.Action.setSheet)
    name.wrappedValue = "Blob"  // sends .nameChanged("Blob")
    isSheetPresented.wrappedValue = true  // sends .setSheet(true)

    #expect(store.state == Account.State(name: "Blob", isSheetPresented: true))
    name.wrappedValue = String(repeating: "x", count: 30)
    #expect(name.wrappedValue.count == 20)  // what the reducer made of it
  }

  // MARK: - Command-line tools and servers

  /// Standard input, line by line, read on a thread of its own so the main actor stays free to
  /// run the store and its effects.
  func standardInputLines() -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream<String>.makeStream()
    Thread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }.start()
    return lines
  }

  /// Sends an action for each line until `quit` or the end of the input, printing every state,
  /// and prints the last state before it returns.
  @MainActor
  func runSettingsTool(lines: AsyncStream<String>) async {
    let store = Store(initialState: Settings.State()) { Settings() }

    // Prints the current state, then every new one.
    let printer = Task { @MainActor in
      for await state in store.states {
        print("name: \(state.name), volume: \(state.volume)")
      }
    }

    for await line in lines {
      if line == "quit" { break }
      if let volume = Double(line) {
        store.binding(\.volume).wrappedValue = volume  // sends .binding(.set(\.volume, volume))
      } else {
        store.send(.binding(.set(\.name, line)))
      }
    }
    // Cancelling the printer ends its loop at once, maybe before it printed the last states:
    // print the last state here, so that it is always the last line.
    printer.cancel()
    await printer.value
    print("bye. name: \(store.name), volume: \(store.volume)")
  }

  @Test func theToolPrintsTheLastStateBeforeItExits() async {
    let (lines, continuation) = AsyncStream<String>.makeStream()
    for line in ["Blob", "0.8", "quit", "never read"] { continuation.yield(line) }
    continuation.finish()

    await runSettingsTool(lines: lines)

    #expect(printed.values.last == "bye. name: Blob, volume: 0.8")
    #expect(!printed.values.contains { $0.contains("never read") })
    // Whatever the printer saw before it was cancelled came first, in order, each state once.
    let seen = Array(printed.values.dropLast())
    let states = ["name: , volume: 0.5", "name: Blob, volume: 0.5", "name: Blob, volume: 0.8"]
    #expect(seen == states.filter { seen.contains($0) })
  }

  @Test func theToolStopsAtTheEndOfTheInput() async {
    let (lines, continuation) = AsyncStream<String>.makeStream()
    continuation.yield("2")
    continuation.finish()

    await runSettingsTool(lines: lines)

    #expect(printed.values.last == "bye. name: , volume: 1.0")
  }

  // MARK: - Alerts in a terminal

  /// The `Inventory` of Navigation.md's alert sample.
  typealias Inventory = NavigationSample2.Inventory

  /// The lines a terminal shows for an alert: its title, its message, its buttons numbered from 1.
  func lines<Action>(for alert: AlertState<Action>) -> [String] {
    var lines = [String(state: alert.title)]
    if let message = alert.message { lines.append(String(state: message)) }
    for (offset, button) in alert.buttons.enumerated() {
      let role =
        switch button.role {
        case .destructive: " (destructive)"
        case .cancel: " (cancel)"
        case nil: ""
        }
      lines.append("\(offset + 1). \(String(state: button.label))\(role)")
    }
    return lines
  }

  /// Sends what the button numbered `choice` does: its action, or `.dismiss` for a button without
  /// one (Cancel). Either way the alert is gone afterwards.
  @MainActor
  func choose(_ choice: Int, in store: Store<Inventory.State, Inventory.Action>) {
    guard case .alert(let alert)? = store.destination,
      alert.buttons.indices.contains(choice - 1)
    else { return }
    if let action = alert.buttons[choice - 1].action.action {
      store.send(.destination(.presented(.alert(action))))
    } else {
      store.send(.destination(.dismiss))
    }
  }

  /// The shown alert's lines, or none.
  func shownAlert(_ store: Store<Inventory.State, Inventory.Action>) -> [String] {
    guard case .alert(let alert)? = store.destination else { return [] }
    return lines(for: alert)
  }

  @Test func aTerminalReadsTheAlertAndSendsTheChosenButton() {
    let milk = NavigationSample2.Item(name: "Milk")
    let store = Store(initialState: Inventory.State(items: [milk])) { Inventory() }
    store.send(.deleteTapped(milk.id))
    #expect(
      shownAlert(store) == [
        "Delete Milk?", "This cannot be undone.", "1. Delete (destructive)", "2. Cancel (cancel)",
      ])
    choose(3, in: store)  // no such button: nothing happens
    #expect(shownAlert(store).count == 4)
    choose(1, in: store)
    #expect(store.items.isEmpty)
    #expect(store.destination == nil)
  }

  @Test func aButtonWithoutAnActionDismisses() {
    let milk = NavigationSample2.Item(name: "Milk")
    let store = Store(initialState: Inventory.State(items: [milk])) { Inventory() }
    store.send(.deleteTapped(milk.id))
    choose(2, in: store)
    #expect(store.destination == nil)
    #expect(store.items == [milk])
  }
}

// MARK: - SwiftUI (Apple platforms only)

#if canImport(SwiftUI)
extension UISamplesTests {
  // SwiftUI (Apple platforms)
  struct SettingsView: View {
    let store: Store<Settings.State, Settings.Action>

    var body: some View {
      Form {
        TextField("Name", text: store.binding(\.name).swiftUI)
        Toggle("Notifications", isOn: Binding(store.binding(\.isOn)))
        Slider(value: store.binding(\.volume).swiftUI, in: 0...1)
        Text("Hello, \(store.name)")  // store.state.name, through dynamic member lookup
        Button("Save") { store.send(.save) }
      }
    }
  }

  // SwiftUI (Apple platforms)
  struct TodosView: View {
    let store: Store<Todos.State, Todos.Action>

    var body: some View {
      let rowStores = store.scope(state: \.rows, action: Todos.Action.rows)
      List {
        ForEach(rowStores, id: \.state.id) { rowStore in
          TodoRow(store: rowStore)
        }
      }
      .overlay {
        if store.isLoading { ProgressView() }
      }
      .task { await store.send(.onAppear).finish() }
    }
  }

  struct TodoRow: View {
    let store: Store<Todo.State, Todo.Action>

    var body: some View {
      HStack {
        Toggle("Done", isOn: store.binding(\.isDone).swiftUI)
          .labelsHidden()
        TextField("Title", text: store.binding(\.title).swiftUI)
      }
    }
  }

  // The article's app, without `@main` (a test target cannot have an entry point of its own).
  struct TodosApp: App {
    @State private var store = Store(initialState: Todos.State()) { Todos() }

    var body: some Scene {
      WindowGroup { TodosView(store: store) }
    }
  }
}
#endif

// MARK: - UIKit (iOS only)

#if canImport(UIKit)
extension UISamplesTests {
  // UIKit (iOS)
  final class SettingsViewController: UIViewController {
    let store: Store<Settings.State, Settings.Action>
    private let nameField = UITextField()
    private let greeting = UILabel()

    init(store: Store<Settings.State, Settings.Action>) {
      self.store = store
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
      super.viewDidLoad()
      nameField.addAction(
        UIAction { [weak self] _ in
          guard let self else { return }
          store.binding(\.name).wrappedValue = nameField.text ?? ""
        },
        for: .editingChanged)
      observe()
    }

    private func observe() {
      withObservationTracking {
        // Everything read here is tracked.
        greeting.text = "Hello, \(store.name)"
        if nameField.text != store.name { nameField.text = store.name }
      } onChange: { [weak self] in
        Task { @MainActor in self?.observe() }
      }
    }
  }

  // UIKit (iOS)
  final class TodosViewController: UITableViewController {
    let store: Store<Todos.State, Todos.Action>
    private var rows: IdentifiedArrayOf<Todo.State> = []
    private var updates: Task<Void, Never>?

    init(store: Store<Todos.State, Todos.Action>) {
      self.store = store
      super.init(style: .plain)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewWillAppear(_ animated: Bool) {
      super.viewWillAppear(animated)
      updates = Task { [weak self, store] in
        for await state in store.states {
          guard let self else { return }
          if rows != state.rows {
            rows = state.rows
            tableView.reloadData()
          }
        }
      }
      store.send(.onAppear)
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      updates?.cancel()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      rows.count
    }

    override func tableView(
      _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
      let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
      cell.textLabel?.text = rows[indexPath.row].title
      cell.accessoryType = rows[indexPath.row].isDone ? .checkmark : .none
      return cell
    }
  }
}
#endif
