import Foundation
import Observation
import Testing

@testable import ReducerKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An app's life in fast-forward (issue 39, item 4): 100,000 steps of rows that come and go
/// while others have effects sleeping on the live clock, a sheet presented and dismissed with
/// its scoped store observed, a stack pushed and popped, a throttle id per row, a debounced
/// search, and a list view observing its row stores. Resident memory after a warm-up must stay
/// flat.
@MainActor
@Suite struct SoakTests {
  /// A row: on appear, a timer that sleeps an hour at a time on the live clock (the effects of
  /// the rows that stay keep running while others come and go).
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var ticks = 0
    }
    enum Action: Equatable { case onAppear, tick }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(3_600))
            await send(.tick)
          }
        }
        .cancellable(id: "timer")
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  /// A presented or pushed screen with an effect of its own.
  struct Screen: Reducer {
    struct State: Equatable { var value = 0 }
    enum Action: Equatable { case onAppear, bump, close }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { _ in try await clock.sleep(for: .seconds(3_600)) }
      case .bump:
        state.value += 1
        return .none
      case .close:
        return .run { _ in await dismiss() }
      }
    }
  }

  struct App: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
      @PresentationState var sheet: Screen.State?
      var path = StackState<Screen.State>()
      var query = ""
      var nextID = 0
    }
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Row>)
      case sheet(PresentationAction<Screen.Action>)
      case path(StackActionOf<Screen>)
      case addTwoRemoveOne, present, dismissSheet, push, pop, typed(String), searched
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTwoRemoveOne:
          var effects: [Effect<Action>] = []
          if !state.rows.isEmpty { _ = state.rows.removeFirst() }
          for _ in 0..<2 {
            state.nextID += 1
            let id = state.nextID
            state.rows.append(Row.State(id: id))
            effects.append(.send(.rows(.element(id: id, action: .onAppear))))
            // A throttle id per row: forgotten once its interval is over.
            effects.append(
              .run { _ in }.throttle(
                id: "refresh-\(id)", for: .milliseconds(1), clock: clock, latest: false))
          }
          if state.rows.count >= 50 { state.rows.remove(atOffsets: 0..<25) }
          return .merge(effects)
        case .present:
          state.sheet = Screen.State()
          return .send(.sheet(.presented(.onAppear)))
        case .dismissSheet:
          state.sheet = nil
          return .none
        case .push:
          state.path.append(Screen.State())
          return .send(.path(.element(id: state.path.ids.last!, action: .onAppear)))
        case .pop:
          state.path.removeLast()
          return .none
        case .typed(let query):
          state.query = query
          return .send(.searched).debounce(id: "search", for: .seconds(3_600), clock: clock)
        case .rows, .sheet, .path, .searched:
          return .none
        }
      }
      .forEach(\.rows, action: Action.rows) { Row() }
      .ifLet(\.$sheet, action: Action.sheet) { Screen() }
      .forEach(\.path, action: Action.path) { Screen() }
    }
  }

  /// One step of the app's life: what a user does in a second or two.
  func step(_ index: Int, _ store: Store<App.State, App.Action>) {
    store.send(.addTwoRemoveOne)
    // A list view, rendered now and then: every row store observed.
    if index % 16 == 0 {
      for row in store.scope(state: \.rows, action: App.Action.rows) {
        withObservationTracking {
          _ = row.ticks
        } onChange: {
        }
      }
    }
    switch index % 4 {
    case 0:
      store.send(.present)
      if let sheet = store.scope(state: \.$sheet, action: App.Action.sheet) {
        withObservationTracking {
          _ = sheet.value
        } onChange: {
        }
        sheet.send(.bump)
      }
      store.send(.dismissSheet)
    case 1:
      store.send(.present)
      store.send(.sheet(.dismiss))
    case 2:
      store.send(.push)
      store.send(.pop)
    default:
      store.send(.typed("q\(index % 7)"))
    }
  }

  /// The soak, in a process of its own: this test bundle run again with only
  /// ``soakInThisProcess()`` enabled. Resident memory is the process's, and the other tests,
  /// which run in parallel here, would move it by megabytes.
  @Test(
    .enabled(
      if: SoakTests.measuresResidentMemory,
      "runs in an optimized build without sanitizers: swift test -c release --filter SoakTests"),
    .timeLimit(.minutes(5)))
  nonisolated func residentMemoryStaysFlatOverAnAppsLife() async throws {
    let (status, text) = try await runTestInChildProcess(
      filter: "soakInThisProcess", enabling: Self.childVariable)
    let report = text.split(separator: "\n").filter { $0.contains("soak:") }
    #expect(status == 0, "\(text.suffix(3_000))")
    #expect(report.contains { $0.contains("soak: resident memory") }, "\(text.suffix(3_000))")
    // Shown in the test log: the memory at the warm-up and at the end.
    for line in report { print(line) }
  }

  /// The environment variable that enables ``soakInThisProcess()``.
  nonisolated static let childVariable = "REDUCERKIT_SOAK_CHILD"

  @Test(.enabled(if: ProcessInfo.processInfo.environment[SoakTests.childVariable] != nil))
  func soakInThisProcess() async throws {
    let store = Store(initialState: App.State()) { App() }
    let steps = 100_000
    let warmUp = 30_000
    var atWarmUp = 0
    var samples: [Int] = []
    for index in 0..<steps {
      step(index, store)
      // Let the effects' tasks start (and reach their sleeps), as an app's run loop does.
      if index % 64 == 0 { await Task.yield() }
      if index == warmUp { atWarmUp = try #require(Self.residentMemory()) }
      if index > warmUp, index % 10_000 == 0 { samples.append(try #require(Self.residentMemory())) }
    }
    for _ in 0..<100 { await Task.yield() }
    let atEnd = try #require(Self.residentMemory())
    let growth = atEnd - atWarmUp
    let megabyte = 1 << 20
    let trace = samples.map { "\($0 / 1024)" }.joined(separator: ", ")
    print(
      """
      soak: resident memory \(atWarmUp / 1024) KB after \(warmUp) steps, \(atEnd / 1024) KB \
      after \(steps) (+\(growth / 1024) KB; every 10,000 steps: \(trace) KB)
      """)
    // Before the fixes: 1.4 KB a step, 98 MB over these 70,000.
    #expect(growth < 4 * megabyte)
    #expect(store.rows.count < 50)
  }

  /// This process's resident memory in bytes, or `nil` where it cannot be read.
  nonisolated static func residentMemory() -> Int? {
    #if os(Linux)
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #elseif canImport(Darwin)
    var info = mach_task_basic_info()
    var count = mach_msg_type_number_t(
      MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
    let result = withUnsafeMutablePointer(to: &info) {
      $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
        task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
      }
    }
    return result == KERN_SUCCESS ? Int(info.resident_size) : nil
    #else
    return nil
    #endif
  }

  /// Whether this build measures it: an optimized one (`swift test -c release`, a CI stage), in
  /// which 100,000 steps take half a minute rather than minutes; and not
  /// under the address or thread sanitizer, whose allocators keep freed memory (ASan's
  /// quarantine alone is 256 MB), and which CI runs with these variables set.
  nonisolated static var measuresResidentMemory: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !_isDebugAssertConfiguration() && environment["ASAN_OPTIONS"] == nil
      && environment["TSAN_OPTIONS"] == nil && residentMemory() != nil
  }
}
