import Foundation
import Testing

@testable import reducerkit_demo

@Suite("where the demo keeps its files")
struct DemoFilesTests {
  #if !canImport(Darwin)
  @Test("XDG_DATA_HOME when it is an absolute path, else ~/.local/share")
  func linuxDataFolder() {
    #expect(
      DemoFiles.todos(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]).path
        == "/data/reducerkit-demo/todos.json")
    #expect(
      DemoFiles.folder(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]).path
        == "/home/a/.local/share/reducerkit-demo")
    #expect(
      DemoFiles.folder(environment: ["HOME": "/home/a"]).path
        == "/home/a/.local/share/reducerkit-demo")
  }
  #endif
}
