import FixtureData

/// What the fixture API does in a scenario. The options are `kumiki-api`'s (``serverArguments(replacementsFile:)``),
/// so a scenario runs against the real server.
public struct ScenarioAPI: Sendable, Hashable {
  /// Milliseconds added before every answer (`kumiki-api --delay`), 0...``maximumLatency``.
  public var latency: Int
  /// Resources that fail (`kumiki-api --fault NAME:status=CODE`), by resource name.
  public var statuses: [ScenarioStatus]
  /// Lists served empty (`kumiki-api --empty`), or `nil`.
  public var empty: ListSelection?
  /// Resources served in place of the sample data's (`kumiki-api --replace FILE`), or `nil`.
  public var data: JSONObject?
  /// Whether nothing listens at the API's address during the run (after the cache was warmed, if it is).
  public var down: Bool

  /// The longest latency a scenario may ask for: kumiki-api's own bound on a delay (10 minutes).
  public static let maximumLatency = 600_000

  /// Creates an API condition; the defaults are the sample data, answered at once.
  public init(
    latency: Int = 0, statuses: [ScenarioStatus] = [], empty: ListSelection? = nil, data: JSONObject? = nil,
    down: Bool = false
  ) {
    self.latency = latency
    self.statuses = statuses
    self.empty = empty
    self.data = data
    self.down = down
  }

  /// Whether the API answers with anything but the (possibly replaced or emptied) data, at once: the faults.
  public var hasFaults: Bool { latency > 0 || !statuses.isEmpty }

  /// The data options of `kumiki-api` (what the cache is warmed from): `--replace FILE` (the caller writes ``data``
  /// to `replacementsFile`) and `--empty`.
  public func dataArguments(replacementsFile: String) -> [String] {
    var arguments: [String] = []
    if data != nil { arguments += ["--replace", replacementsFile] }
    switch empty {
    case .all: arguments += ["--empty", "*"]
    case .named(let names): arguments += names.flatMap { ["--empty", $0] }
    case nil: break
    }
    return arguments
  }

  /// Every option of `kumiki-api` this condition needs: the data options, then `--delay` and the `--fault` rules.
  public func serverArguments(replacementsFile: String) -> [String] {
    var arguments = dataArguments(replacementsFile: replacementsFile)
    if latency > 0 { arguments += ["--delay", String(latency)] }
    arguments += statuses.flatMap { ["--fault", $0.faultRule] }
    return arguments
  }
}
