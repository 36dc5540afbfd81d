/// Who is watching which file, by the platform's watch of its folder: the bookkeeping of
/// ``FileWatcher``, a plain value tested without files or threads.
///
/// A folder is watched once however many files in it are watched; its watch is dropped when
/// the last of them stops.
struct FileWatchTable<Watch: Hashable, Callback> {
  private var folders: [Watch: [String: [UInt64: Callback]]] = [:]
  private var watchOfToken: [UInt64: (watch: Watch, name: String)] = [:]
  private var nextToken: UInt64 = 0

  /// Adds a watcher of `name` in the folder watched by `watch`; its token.
  mutating func add(_ callback: Callback, name: String, watch: Watch) -> UInt64 {
    nextToken += 1
    folders[watch, default: [:]][name, default: [:]][nextToken] = callback
    watchOfToken[nextToken] = (watch, name)
    return nextToken
  }

  /// Removes a watcher; the folder's watch when nobody watches that folder any more.
  mutating func remove(_ token: UInt64) -> Watch? {
    guard let (watch, name) = watchOfToken.removeValue(forKey: token) else { return nil }
    folders[watch]?[name]?[token] = nil
    if folders[watch]?[name]?.isEmpty == true { folders[watch]?[name] = nil }
    guard folders[watch]?.isEmpty == true else { return nil }
    folders[watch] = nil
    return watch
  }

  /// The watchers to tell about an event for `name` in the folder of `watch`.
  func callbacks(watch: Watch, name: String) -> [Callback] {
    folders[watch]?[name].map { Array($0.values) } ?? []
  }

  /// Every watcher (when the platform dropped events and cannot say which files changed).
  var allCallbacks: [Callback] {
    folders.values.flatMap { $0.values.flatMap(\.values) }
  }

  /// Forgets a folder the platform stopped watching (it was deleted); its watchers' tokens.
  mutating func folderWentAway(_ watch: Watch) -> [UInt64] {
    guard let files = folders.removeValue(forKey: watch) else { return [] }
    let tokens = files.values.flatMap(\.keys)
    for token in tokens { watchOfToken[token] = nil }
    return tokens
  }

  /// Whether anyone watches anything.
  var isEmpty: Bool { watchOfToken.isEmpty }
}
