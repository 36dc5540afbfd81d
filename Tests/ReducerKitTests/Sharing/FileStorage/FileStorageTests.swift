import Foundation
import Testing

@testable import ReducerKit

@Suite struct FileStorageTests {
  @Test func theFileSystemWritesWholeFilesAndMakesTheirFolders() throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reducerkit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(component: "nested/value.json")
    let storage = FileStorage.fileSystem
    #expect(try storage.contents(of: url) == nil)
    try storage.write(Data("1".utf8), to: url)
    try storage.write(Data("22".utf8), to: url)
    #expect(try storage.contents(of: url) == Data("22".utf8))
    // Atomic: no temporary file is left beside it.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: url.deletingLastPathComponent().path)
    #expect(names == ["value.json"])
  }

  @Test func eachInMemoryFileSystemIsItsOwn() throws {
    let url = URL(filePath: "/nowhere/value.json")
    let first = FileStorage.inMemoryFileSystem
    let second = FileStorage.inMemoryFileSystem
    try first.write(Data("1".utf8), to: url)
    #expect(try first.contents(of: url) == Data("1".utf8))
    #expect(try second.contents(of: url) == nil)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aTestContextGetsAFreshInMemoryFileSystem() {
    let storages = withDependencies {
      $0.context = .test
    } operation: {
      DependencyValues.current.defaultFileStorage
    }
    #expect(storages.writesAtOnce)
    #expect(storages.identity !== FileStorage.fileSystem.identity)
  }
}
