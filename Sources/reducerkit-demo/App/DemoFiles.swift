import Foundation

/// Where the demo keeps what it saves between runs: the platform's folder for an application's
/// data, so quitting the demo and running it again shows the same todos.
///
/// On Linux, `$XDG_DATA_HOME/reducerkit-demo` (else `~/.local/share/reducerkit-demo`, as the
/// XDG base directory specification says); on Apple platforms, Application Support. CI and the
/// tests that run the demo set `XDG_DATA_HOME` to a folder of their own, never the user's.
enum DemoFiles {
  /// The folder, from the environment given.
  static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    #if canImport(Darwin)
    return URL.applicationSupportDirectory.appending(component: "reducerkit-demo")
    #else
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return URL(filePath: data).appending(component: "reducerkit-demo")
    }
    let home =
      environment["HOME"].map { URL(filePath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appending(components: ".local", "share", "reducerkit-demo")
    #endif
  }

  /// The Todos screen's list.
  static func todos(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    folder(environment: environment).appending(component: "todos.json")
  }
}
