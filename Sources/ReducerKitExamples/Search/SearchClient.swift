import Foundation
import ReducerKit

/// Searches a catalogue and loads one entry's details: the dependency of ``Search`` and of
/// ``SearchResultDetail``.
///
/// The live client searches ``SearchClient/catalogue`` (planets, dwarf planets and moons of the
/// solar system) with ``SearchClient/matches(for:in:)`` after a short random delay on the
/// `continuousClock` dependency, like a network request would take (no network is used). The
/// test value is unimplemented: a test says what the client returns.
///
/// ```swift
/// let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {
///   $0.continuousClock = clock
///   $0.searchClient = SearchClient { query in
///     SearchClient.matches(for: query)
///   } details: { id in
///     try await server.details(id)
///   }
/// }
/// ```
public struct SearchClient: Sendable {
  /// Returns the results matching a query, or throws when the search failed.
  ///
  /// ```swift
  /// let results = try await searchClient.search("moon")
  /// ```
  public var search: @Sendable (String) async throws -> [SearchResult]

  /// Returns the details of the result with this id, or throws when they could not be loaded.
  ///
  /// ```swift
  /// let details = try await searchClient.details("europa")
  /// ```
  public var details: @Sendable (SearchResult.ID) async throws -> SearchResult.Details

  /// Creates a client that searches with `search` and loads details with `details`.
  ///
  /// ```swift
  /// SearchClient { query in try await api.search(query) } details: { id in try await api.entry(id) }
  /// ```
  public init(
    search: @escaping @Sendable (String) async throws -> [SearchResult],
    details: @escaping @Sendable (SearchResult.ID) async throws -> SearchResult.Details
  ) {
    self.search = search
    self.details = details
  }

  /// The error the live client throws for an id that is not in its catalogue.
  ///
  /// ```swift
  /// do { _ = try await searchClient.details("vulcan") } catch let error as SearchClient.NotFound {
  ///   print(error)  // "no entry with id vulcan"
  /// }
  /// ```
  public struct NotFound: Error, Equatable, CustomStringConvertible {
    /// The id that was looked up.
    public var id: SearchResult.ID

    /// Creates the error for `id`.
    ///
    /// ```swift
    /// SearchClient.NotFound(id: "vulcan")
    /// ```
    public init(id: SearchResult.ID) {
      self.id = id
    }

    /// A one-line description, shown by the detail screen.
    ///
    /// ```swift
    /// SearchClient.NotFound(id: "vulcan").description  // "no entry with id vulcan"
    /// ```
    public var description: String { "no entry with id \(id)" }
  }

  /// The results of `query` in `catalogue`: every entry whose name contains the query, ignoring
  /// case and surrounding spaces, in catalogue order. A blank query matches nothing.
  ///
  /// The live client's matching, as a pure function so it can be tested without any delay.
  ///
  /// ```swift
  /// SearchClient.matches(for: "AN").map(\.name)  // ["Uranus", "Ganymede", "Titan"]
  /// ```
  ///
  /// - Parameters:
  ///   - query: What the user typed.
  ///   - catalogue: The entries to search; ``catalogue`` by default.
  /// - Returns: The matching entries' results.
  public static func matches(
    for query: String, in catalogue: [SearchResult.Details] = catalogue
  ) -> [SearchResult] {
    let needle = query.trimmingCharacters(in: .whitespaces).lowercased()
    guard !needle.isEmpty else { return [] }
    return catalogue.map(\.result).filter { $0.name.lowercased().contains(needle) }
  }

  /// The entries the live client searches: planets, dwarf planets and moons of the solar system.
  ///
  /// ```swift
  /// SearchClient.catalogue.count  // 20
  /// ```
  public static let catalogue: [SearchResult.Details] = [
    entry("Mercury", "Smallest planet", "the Sun", 4_879, "A year there lasts 88 Earth days."),
    entry("Venus", "Hottest planet", "the Sun", 12_104, "It spins backwards, very slowly."),
    entry("Earth", "Our home planet", "the Sun", 12_742, "The only known world with life."),
    entry("Mars", "The red planet", "the Sun", 6_779, "Home of Olympus Mons, a huge volcano."),
    entry("Jupiter", "Largest planet", "the Sun", 139_820, "Its Great Red Spot is a storm."),
    entry("Saturn", "Ringed gas giant", "the Sun", 116_460, "It would float in a big enough bath."),
    entry("Uranus", "Tilted ice giant", "the Sun", 50_724, "It rolls around the Sun on its side."),
    entry("Neptune", "Windiest planet", "the Sun", 49_244, "Found by maths before telescopes."),
    entry("Moon", "Earth's only moon", "Earth", 3_474, "It always shows Earth the same face."),
    entry("Phobos", "Inner moon of Mars", "Mars", 22, "It will break up in 50 million years."),
    entry("Deimos", "Outer moon of Mars", "Mars", 12, "Smallest known moon of a planet."),
    entry("Io", "Volcanic moon of Jupiter", "Jupiter", 3_643, "The most volcanic body known."),
    entry("Europa", "Icy moon of Jupiter", "Jupiter", 3_122, "An ocean lies under its ice."),
    entry("Ganymede", "Largest moon", "Jupiter", 5_268, "Bigger than the planet Mercury."),
    entry("Callisto", "Cratered moon of Jupiter", "Jupiter", 4_821, "Its surface is very old."),
    entry("Titan", "Hazy moon of Saturn", "Saturn", 5_150, "Has lakes of liquid methane."),
    entry("Enceladus", "Geyser moon of Saturn", "Saturn", 504, "It sprays water into space."),
    entry("Triton", "Backward moon of Neptune", "Neptune", 2_707, "It orbits against the spin."),
    entry("Pluto", "Dwarf planet", "the Sun", 2_377, "Has a heart-shaped nitrogen glacier."),
    entry("Ceres", "Dwarf planet", "the Sun", 939, "The largest body in the asteroid belt."),
  ]

  private static func entry(
    _ name: String, _ blurb: String, _ orbits: String, _ diameter: Int, _ fact: String
  ) -> SearchResult.Details {
    SearchResult.Details(
      result: SearchResult(id: name.lowercased(), name: name, blurb: blurb),
      orbits: orbits, diameterInKilometers: diameter, fact: fact)
  }
}

extension SearchClient: DependencyKey {
  /// Searches and looks up ``catalogue`` after 50 to 300 ms on the `continuousClock` dependency.
  ///
  /// ```swift
  /// let store = Store(initialState: Search.State()) { Search() }  // uses the live value
  /// ```
  public static let liveValue = SearchClient { query in
    try await liveDelay()
    return matches(for: query)
  } details: { id in
    try await liveDelay()
    guard let details = catalogue.first(where: { $0.id == id }) else { throw NotFound(id: id) }
    return details
  }

  /// Unimplemented: reports a test failure and throws when either endpoint is called.
  ///
  /// ```swift
  /// TestStore(initialState: Search.State()) { Search() } withDependencies: {
  ///   $0.searchClient.search = { query in SearchClient.matches(for: query) }
  /// }
  /// ```
  public static let testValue = SearchClient(
    search: unimplemented("SearchClient.search"), details: unimplemented("SearchClient.details"))

  /// The live client's stand-in for network latency; stops (throws) when the task is cancelled.
  private static func liveDelay() async throws {
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(Int.random(in: 50...300)))
  }
}

extension DependencyValues {
  /// The client ``Search`` searches with and ``SearchResultDetail`` loads details from.
  ///
  /// ```swift
  /// @Dependency(\.searchClient) var searchClient
  /// ```
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
