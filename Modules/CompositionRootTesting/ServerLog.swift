import Synchronization

/// What a fixture server answered, one line per request (`GET /notes → 200 (1.4 ms)`), as its `requestLog`
/// writes them: `FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))`. The one shape of a server's
/// log in the tests (``FixtureBackend`` keeps one, and so do the integration suites that count requests); for any
/// other list of strings a test records, CoreTesting's `Recorder` is the shape.
public final class ServerLog: Sendable {
  private let storage = Mutex<[String]>([])

  /// An empty log.
  public init() {}

  /// Adds one line (the server's `requestLog` callback).
  public func append(_ line: String) { storage.withLock { $0.append(line) } }

  /// Every line so far.
  public var lines: [String] { storage.withLock { $0 } }

  /// Forgets every line so far (a test that counts only what follows).
  public func removeAll() { storage.withLock { $0.removeAll() } }

  /// Each request so far as `METHOD /target` (the path and its query), in order.
  public var requests: [String] {
    lines.map { line in String(line.prefix { $0 != "→" }).trimmingCharacters(in: .whitespaces) }
  }

  /// The collection each request asked for (the first segment of its path), in order.
  public var collections: [String] {
    requests.compactMap { request in
      let words = request.split(separator: " ")
      guard words.count > 1, let path = words[1].split(separator: "?").first,
        let name = path.split(separator: "/").first
      else { return nil }
      return String(name)
    }
  }

  /// How many `METHOD /path` requests the server answered (the path exactly, no query), with `status` when given.
  public func count(_ method: String, _ path: String, status: Int? = nil) -> Int {
    lines.filter { line in
      line.hasPrefix("\(method) /\(path) → ") && (status.map { line.contains("→ \($0) ") } ?? true)
    }.count
  }
}
