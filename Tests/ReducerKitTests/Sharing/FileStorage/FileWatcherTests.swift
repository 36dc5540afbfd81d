import Foundation
import Testing

@testable import ReducerKit

@Suite struct FileWatcherTests {
  @Test @MainActor func writesRenamesAndDeletionsOfTheFileAreReportedUntilCancelled() async throws {
    #if canImport(Glibc) || canImport(Darwin)
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-watch-\(UUID().uuidString)/not-made-yet")
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    let url = folder.appending(component: "value.json")
    let watched = Locked(0)
    let marker = Locked(0)
    let subscription = FileWatcher.watch(url) { watched.withLock { $0 += 1 } }
    let markerSubscription = FileWatcher.watch(url) { marker.withLock { $0 += 1 } }
    // The folder was made so that a file not written yet can be watched.
    #expect(FileManager.default.fileExists(atPath: folder.path))

    try Data("1".utf8).write(to: url)  // written in place
    #expect(await poll(upTo: .seconds(10)) { watched.withLock { $0 } >= 1 })
    try Data("2".utf8).write(to: url, options: .atomic)  // a rename
    let afterRename = watched.withLock { $0 }
    try FileManager.default.removeItem(at: url)
    #expect(await poll(upTo: .seconds(10)) { watched.withLock { $0 } > afterRename })

    try Data("x".utf8).write(to: folder.appending(component: "other.json"))
    subscription.cancel()
    let seen = watched.withLock { $0 }
    let markerSeen = marker.withLock { $0 }
    try Data("3".utf8).write(to: url)
    #expect(await poll(upTo: .seconds(10)) { marker.withLock { $0 } > markerSeen })
    #expect(watched.withLock { $0 } == seen)
    markerSubscription.cancel()
    #endif
  }
}
