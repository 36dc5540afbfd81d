import Foundation
import Observation
import ReducerKitTesting
import Testing

@testable import ReducerKit

@Suite struct AppStorageKeyTests {
  enum Theme: String, Sendable { case light, dark }
  enum Level: Int, Sendable { case beginner, expert }

  func freshDefaults() -> UserDefaults {
    UserDefaults(suiteName: "reducerkit.tests.\(UUID().uuidString)")!
  }

  @Test func valuesAreStoredInTheGivenDefaults() {
    let defaults = freshDefaults()
    @Shared(.appStorage("haptics", store: defaults)) var haptics = true
    #expect(haptics)
    #expect(defaults.object(forKey: "haptics") == nil)
    $haptics.withLock { $0 = false }
    #expect(defaults.object(forKey: "haptics") as? Bool == false)
    @Shared(.appStorage("volume", store: defaults)) var volume = 0.5
    $volume.withLock { $0 = 0.75 }
    #expect(defaults.double(forKey: "volume") == 0.75)
  }

  @Test func aStoredValueIsLoaded() {
    let defaults = freshDefaults()
    defaults.set(42, forKey: "count")
    defaults.set("dark", forKey: "theme")
    defaults.set(1, forKey: "level")
    @Shared(.appStorage("count", store: defaults)) var count = 0
    @Shared(.appStorage("theme", store: defaults)) var theme = Theme.light
    @Shared(.appStorage("level", store: defaults)) var level = Level.beginner
    #expect(count == 42)
    #expect(theme == .dark)
    #expect(level == .expert)
  }

  @Test func aWebURLKeepsItsSchemeHostAndQuery() {
    let defaults = freshDefaults()
    let url = URL(string: "https://example.com/a?b=c")!
    do {
      @Shared(.appStorage("home", store: defaults)) var home = URL(string: "https://a.example")!
      $home.withLock { $0 = url }
    }
    @Shared(.appStorage("home", store: defaults)) var home = URL(string: "https://a.example")!
    #expect(home == url)
  }

  @Test func settingNilRemovesTheKey() {
    let defaults = freshDefaults()
    @Shared(.appStorage("name", store: defaults)) var name: String? = "Blob"
    $name.withLock { $0 = "Blob Jr." }
    #expect(defaults.string(forKey: "name") == "Blob Jr.")
    $name.withLock { $0 = nil }
    #expect(defaults.object(forKey: "name") == nil)
    @Shared(.appStorage("theme", store: defaults)) var theme: Theme? = nil
    $theme.withLock { $0 = .dark }
    #expect(defaults.string(forKey: "theme") == "dark")
    $theme.withLock { $0 = nil }
    #expect(defaults.object(forKey: "theme") == nil)
  }

  @Test func oneReferencePerKeyAndStore() {
    let defaults = freshDefaults()
    @Shared(.appStorage("count", store: defaults)) var first = 0
    @Shared(.appStorage("count", store: defaults)) var second = 5
    $first.withLock { $0 = 3 }
    #expect(second == 3)
    @Shared(.appStorage("count", store: freshDefaults())) var elsewhere = 9
    #expect(elsewhere == 9)
  }

  @Test @MainActor func eachTestStoreGetsAFreshSuite() async {
    struct Settings: Reducer {
      struct State: Equatable {
        @Shared(.appStorage("reducerkit.haptics")) var haptics = true
      }
      enum Action { case toggle }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.$haptics.withLock { $0.toggle() }
        return .none
      }
    }
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.toggle) { $0.$haptics.withLock { $0 = false } }
    let other = TestStore(initialState: Settings.State()) { Settings() }
    #expect(other.state.haptics)
    #expect(UserDefaults.standard.object(forKey: "reducerkit.haptics") == nil)
  }

  @Test func aChangeMadeToTheDefaultsDirectlyIsLoadedAtTheNextPoll() {
    let defaults = freshDefaults()
    @Shared(.appStorage("count", store: defaults)) var count = 0
    @Shared(.appStorage("theme", store: defaults)) var theme = Theme.light
    defaults.set(5, forKey: "count")
    defaults.set("dark", forKey: "theme")
    AppStoragePolling.checkNow()
    #expect(count == 5)
    #expect(theme == .dark)
    defaults.removeObject(forKey: "count")
    AppStoragePolling.checkNow()
    #expect(count == 0)
  }

  @Test func theKeysOwnWritesAreNotLoadedAgain() {
    let defaults = freshDefaults()
    @Shared(.appStorage("url", store: defaults)) var url = URL(string: "https://example.com")!
    @Shared(.appStorage("name", store: defaults)) var name: String? = "a"
    $url.withLock { $0 = URL(string: "https://example.com/a?b=c")! }
    $name.withLock { $0 = nil }
    let versions = ($url.snapshotRoot.version, $name.snapshotRoot.version)
    AppStoragePolling.checkNow()
    #expect($url.snapshotRoot.version == versions.0)
    #expect($name.snapshotRoot.version == versions.1)
  }

  @Test @MainActor func thePollSeesAChangeWithinASecondWithoutBeingAsked() async {
    let defaults = freshDefaults()
    @Shared(.appStorage("volume", store: defaults)) var volume = 0.5
    defaults.set(0.25, forKey: "volume")
    #expect(await poll(upTo: .seconds(10)) { volume == 0.25 })
  }

  @Test @MainActor func aStoreObserverIsToldOfAChangeMadeToTheDefaultsDirectly() async {
    struct Settings: Reducer {
      struct State {
        @Shared var haptics: Bool
      }
      enum Action { case refresh }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    let defaults = freshDefaults()
    let store = Store(
      initialState: Settings.State(
        haptics: Shared(wrappedValue: true, .appStorage("haptics", store: defaults)))
    ) { Settings() }
    let fired = Locked(false)
    withObservationTracking {
      _ = store.haptics
    } onChange: {
      fired.withLock { $0 = true }
    }
    defaults.set(false, forKey: "haptics")
    AppStoragePolling.checkNow()
    #expect(await poll { fired.withLock { $0 } })
    #expect(store.haptics == false)
  }
}
