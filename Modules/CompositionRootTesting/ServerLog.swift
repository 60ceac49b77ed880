import Synchronization

/// What a fixture server answered, one line per request (`GET /recent_news → 200 (1.4 ms)`), as its `requestLog`
/// writes them: `FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))`.
public final class ServerLog: Sendable {
  private let storage = Mutex<[String]>([])

  /// An empty log.
  public init() {}

  /// Adds one line (the server's `requestLog` callback).
  public func append(_ line: String) { storage.withLock { $0.append(line) } }

  /// Every line so far.
  public var lines: [String] { storage.withLock { $0 } }

  /// Each request so far as `METHOD /target` (the path and its query), in order.
  public var requests: [String] {
    lines.map { line in String(line.prefix { $0 != "→" }).trimmingCharacters(in: .whitespaces) }
  }

  /// How many `METHOD /path` requests the server answered (the path exactly, no query).
  public func count(_ method: String, _ path: String) -> Int {
    lines.filter { $0.hasPrefix("\(method) /\(path) → ") }.count
  }
}
