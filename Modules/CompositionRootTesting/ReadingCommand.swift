import FixtureServer
import Foundation

/// A feature command that reads the API: run with no argument on a fresh database, it succeeds and sends only GET
/// requests, at least one. App-level suites take the command they exercise from the registry this way (whichever
/// features are registered) instead of naming a feature.
public struct ReadingCommand: Sendable {
  /// Its words: `kumiki WORDS…`.
  public let words: [String]
  /// The requests one run sent with an empty cache, as `GET /path?query`, in order.
  public let requests: [String]

  /// The collections (first path segments) it read, each once, sorted: what a fault is set on to make it fail.
  public var collections: [String] {
    Set(
      requests.compactMap { request in
        request.split(separator: " ").last?.split(separator: "?").first?.split(separator: "/").first.map(String.init)
      }
    ).sorted()
  }

  /// Every reading command of the built `kumiki`, in `kumiki features` order, found by running each feature command
  /// once with no argument against a fixture server of its own (a command that needs an argument exits 64 and is
  /// passed over; one that writes is passed over too). Found once per test process.
  public static func all() async throws -> [ReadingCommand] { try await discovered.value }

  private static let discovered = Task { try await discover() }

  private static func discover() async throws -> [ReadingCommand] {
    let log = ServerLog()
    let server = try await FixtureServer.start(.init(port: 0, requestLog: { log.append($0) }))
    defer { Task { await server.shutdown() } }
    let catalog = try await CommandCatalog.load(BuiltBinary.path("kumiki"))
    var found: [ReadingCommand] = []
    for command in catalog.commands {
      let folder = try TemporaryFolder()
      let before = log.requests.count
      let run = try await kumiki(command.words, api: server.baseURL, folder: folder)
      let sent = Array(log.requests.dropFirst(before))
      if run.status == 0, !sent.isEmpty, sent.allSatisfy({ $0.hasPrefix("GET ") }) {
        found.append(ReadingCommand(words: command.words, requests: sent))
      }
    }
    return found
  }

  /// The first reading command (see ``all()``); throws ``NoFeatureFits`` when no registered feature has one.
  public static func first() async throws -> ReadingCommand {
    guard let first = try await all().first else {
      throw NoFeatureFits("no feature command reads the API when run with no argument")
    }
    return first
  }
}

/// An app-level test found no registered feature of the shape it needs: it fails saying so, never passes empty.
public struct NoFeatureFits: Error, CustomStringConvertible {
  /// What was looked for.
  public let description: String

  /// The failure, saying what no feature offers.
  public init(_ description: String) { self.description = description }
}
