/// One entry of a search's result list: a name and a few words about it.
///
/// ```swift
/// let io = SearchResult(id: "io", name: "Io", blurb: "Volcanic moon of Jupiter")
/// ```
public struct SearchResult: Equatable, Hashable, Identifiable, Sendable {
  /// The result's identity, which ``SearchClient/details`` looks the full entry up by.
  public var id: String
  /// What the result is called.
  public var name: String
  /// A few words about it, shown under its name in the list.
  public var blurb: String

  /// Creates a result.
  ///
  /// ```swift
  /// SearchResult(id: "titan", name: "Titan", blurb: "Hazy moon of Saturn")
  /// ```
  public init(id: String, name: String, blurb: String) {
    self.id = id
    self.name = name
    self.blurb = blurb
  }

  /// Everything known about a result: what the detail screen loads and shows.
  ///
  /// ```swift
  /// let details = try await searchClient.details(result.id)
  /// print(details.orbits)  // "Jupiter"
  /// ```
  public struct Details: Equatable, Hashable, Identifiable, Sendable {
    /// The result these details belong to.
    public var result: SearchResult
    /// What it goes around: "the Sun" or a planet.
    public var orbits: String
    /// Its mean diameter, in kilometres.
    public var diameterInKilometers: Int
    /// One thing worth knowing about it.
    public var fact: String

    /// Creates the details of `result`.
    ///
    /// ```swift
    /// SearchResult.Details(
    ///   result: io, orbits: "Jupiter", diameterInKilometers: 3_643,
    ///   fact: "The most volcanically active body known.")
    /// ```
    public init(result: SearchResult, orbits: String, diameterInKilometers: Int, fact: String) {
      self.result = result
      self.orbits = orbits
      self.diameterInKilometers = diameterInKilometers
      self.fact = fact
    }

    /// The identity of the result these details belong to.
    ///
    /// ```swift
    /// details.id == result.id  // true
    /// ```
    public var id: SearchResult.ID { result.id }
  }
}
