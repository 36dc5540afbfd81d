import Testing

@testable import ReducerKit

@Suite struct FileWatchTableTests {
  @Test func anEventReachesTheWatchersOfThatFileOnly() {
    var table = FileWatchTable<Int32, String>()
    _ = table.add("a1", name: "a.json", watch: 1)
    _ = table.add("a2", name: "a.json", watch: 1)
    _ = table.add("b", name: "b.json", watch: 1)
    _ = table.add("other", name: "a.json", watch: 2)
    #expect(Set(table.callbacks(watch: 1, name: "a.json")) == ["a1", "a2"])
    #expect(table.callbacks(watch: 1, name: "c.json").isEmpty)
    #expect(Set(table.allCallbacks) == ["a1", "a2", "b", "other"])
  }

  @Test func theFolderWatchIsDroppedWithItsLastWatcher() {
    var table = FileWatchTable<Int32, String>()
    let first = table.add("a", name: "a.json", watch: 1)
    let second = table.add("b", name: "b.json", watch: 1)
    #expect(table.remove(first) == nil)
    #expect(table.callbacks(watch: 1, name: "a.json").isEmpty)
    #expect(table.remove(second) == 1)
    #expect(table.isEmpty)
    #expect(table.remove(second) == nil)
  }

  @Test func aFolderThatWentAwayForgetsItsWatchers() {
    var table = FileWatchTable<Int32, String>()
    let token = table.add("a", name: "a.json", watch: 1)
    _ = table.add("b", name: "b.json", watch: 2)
    #expect(table.folderWentAway(1) == [token])
    #expect(table.callbacks(watch: 1, name: "a.json").isEmpty)
    #expect(table.remove(token) == nil)
    #expect(table.folderWentAway(1).isEmpty)
    #expect(!table.isEmpty)
  }
}
