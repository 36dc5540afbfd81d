#if canImport(Glibc)
import Foundation
import Glibc
import Testing

@testable import ReducerKit

@Suite struct InotifyTests {
  @Test func anEventRecordHasTheSixteenByteHeaderTheParserReads() {
    #expect(MemoryLayout<inotify_event>.size == Inotify.headerSize)
    #expect(MemoryLayout<inotify_event>.offset(of: \.len) == 12)
    #expect(MemoryLayout<inotify_event>.offset(of: \.mask) == 4)
  }

  @Test func recordsAreReadInOrderWithTheirNamesWithoutPadding() {
    let bytes =
      Inotify.record(watch: 3, mask: 8, name: "count.json")
      + Inotify.record(watch: 4, mask: 128, name: "abcd")
      + Inotify.record(watch: 5, mask: 32768, name: "")
    #expect(
      Inotify.events(in: bytes) == [
        .init(watch: 3, mask: 8, name: "count.json"),
        .init(watch: 4, mask: 128, name: "abcd"),
        .init(watch: 5, mask: 32768, name: ""),
      ])
  }

  @Test func aRecordRunningPastTheBufferEndsTheParseInsteadOfReadingBeyondIt() {
    let whole = Inotify.record(watch: 1, mask: 8, name: "a.json")
    let cut = whole + Array(Inotify.record(watch: 2, mask: 8, name: "b.json").dropLast(3))
    #expect(Inotify.events(in: cut) == [.init(watch: 1, mask: 8, name: "a.json")])
    #expect(Inotify.events(in: Array(whole.prefix(10))).isEmpty)
  }

  @Test func theKernelReportsAFileClosedAfterWritingInAWatchedFolder() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-inotify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let instance = try #require(Inotify.Instance())
    let watch = try #require(instance.addWatch(folder: folder.path))
    try Data("1".utf8).write(to: folder.appending(component: "value.json"))
    let events = instance.readEvents()
    #expect(events.contains { $0.watch == watch && $0.name == "value.json" })
    instance.removeWatch(watch)
    #expect(instance.addWatch(folder: folder.appending(component: "missing").path) == nil)
  }
}
#endif
