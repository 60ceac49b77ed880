import ArgumentParser
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import QueryCache
import Synchronization

/// `kumiki-bench cache`: what the response cache costs and saves, each against a baseline in the same run.
///
/// - read: one entry read from the SQLite cache file (a use: the LRU time is written too), against reading the same
///   bytes from a file of their own, for N entries of the sample API's size;
/// - dedup: 100 identical GETs at once through the query layer (network first, so only sharing spares transfers)
///   against 100 through the bare libcurl client, on the in-process fixture server serving the benchmark's own
///   collections (``BenchCollections``); transfers as the server saw them.
struct CacheBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cache",
    abstract: "Response cache: read cost per entry vs a plain file, and dedup fan-in (100 identical GETs)."
  )

  @Option(help: "Entries in the cache when timing reads.")
  var entries = 500

  @Option(help: "Timed reads of every entry.")
  var rounds = 5

  @Option(help: "Identical GETs sent at once.")
  var fanIn = 100

  mutating func run() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await reads(folder)
    try await dedup(folder)
  }

  private func reads(_ folder: URL) async throws {
    let cache = try ResponseCacheDatabase.open(at: .file(path: folder.appendingPathComponent("cache.sqlite").path))
    defer { cache.close() }
    let body = Data(repeating: UInt8(ascii: "x"), count: 3_100)  // a typical list endpoint's answer is 2–4 KB
    let list = BenchCollections.items
    let keys = (0..<entries).map { "GET embedded \(list)?page=\($0)" }
    for (index, key) in keys.enumerated() {
      try await cache.client.store(
        CachedResponse(
          key: key, url: "http://127.0.0.1/\(list)?page=\(index)", status: 200,
          headers: [.init(name: "Content-Type", value: "application/json")], body: body, fetchedAt: Date(),
          tags: [list]))
      try body.write(to: folder.appendingPathComponent("entry-\(index)"))
    }
    let clock = ContinuousClock()
    var cacheTime = Duration.zero
    var fileTime = Duration.zero
    var bytes = 0
    for round in 0..<rounds {
      // Interleaved: the cache first in even rounds, the files first in odd ones.
      let order = round.isMultiple(of: 2) ? [true, false] : [false, true]
      for timesCache in order {
        if timesCache {
          cacheTime += try await clock.measure {
            for key in keys { bytes += try await cache.client.entry(key)?.body.count ?? 0 }
          }
        } else {
          fileTime += try clock.measure {
            for index in 0..<entries {
              bytes += try Data(contentsOf: folder.appendingPathComponent("entry-\(index)")).count
            }
          }
        }
      }
    }
    let reads = Double(entries * rounds)
    let cacheMicros = cacheTime.microseconds / reads
    let fileMicros = fileTime.microseconds / reads
    print("| read | per entry, µs | ratio to a file read |")
    print("|---|---|---|")
    print(String(format: "| plain file (open, read, close), 3.1 KB | %.1f | 1.00 |", fileMicros))
    print(
      String(
        format: "| response cache entry (SQLite; a use recorded at most once a minute), 3.1 KB | %.1f | %.2f |",
        cacheMicros,
        cacheMicros / fileMicros))
    print("(\(entries) entries, \(rounds) interleaved rounds, \(bytes / Int(reads) / 2) bytes each)")
  }

  private func dedup(_ folder: URL) async throws {
    let requests = Mutex(0)
    let server = try await FixtureServer.start(
      .init(port: 0, database: BenchCollections.database, requestLog: { _ in requests.withLock { $0 += 1 } }))
    let http = HTTPClient.curl()
    let url = server.baseURL.appending(path: BenchCollections.items)
    let clock = ContinuousClock()
    let fanIn = fanIn
    // Warm up the connection pool and the server.
    _ = try await http.data(.get(url))
    requests.withLock { $0 = 0 }

    let bare = try await clock.measure {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<fanIn { group.addTask { try await http.data(.get(url)).body.count } }
        for try await _ in group {}
      }
    }
    let bareTransfers = requests.withLock { $0 }
    requests.withLock { $0 = 0 }

    let storage = try ResponseCacheDatabase.open(at: .file(path: folder.appendingPathComponent("dedup.sqlite").path))
    defer { storage.close() }
    let query = QueryCache(
      http: http, storage: storage.client, configuration: QueryCacheConfiguration(baseURL: server.baseURL))
    let shared = try await clock.measure {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<fanIn {
          group.addTask {
            try await QueryTrace(policy: .networkFirst).run { try await query.client.data(.get(url)).body.count }
          }
        }
        for try await _ in group {}
      }
    }
    let sharedTransfers = requests.withLock { $0 }
    let (plainBytes, conditionalBytes) = try await revalidation(server: server, http: http, folder: folder)
    await server.shutdown()
    print("")
    print("| \(fanIn) identical GETs at once | transfers at the server | wall ms | ratio |")
    print("|---|---|---|---|")
    print(String(format: "| bare libcurl client | %d | %.1f | 1.00 |", bareTransfers, bare.milliseconds))
    print(
      String(
        format: "| through the query layer (network first) | %d | %.1f | %.2f |", sharedTransfers, shared.milliseconds,
        shared.milliseconds / bare.milliseconds))
    print("")
    print("| refreshing a screen's five endpoints, unchanged | body bytes received | ratio |")
    print("|---|---|---|")
    print("| without validators (200 with the body) | \(plainBytes) | 1.00 |")
    print(
      String(
        format: "| with If-None-Match (304, no body) | %d | %.2f |", conditionalBytes,
        Double(conditionalBytes) / Double(max(1, plainBytes))))
  }

  /// Body bytes received when a screen's five endpoints are read again over the network: plainly, and through the
  /// query layer, whose refresh sends the cached entries' ETags.
  private func revalidation(server: FixtureServer, http: HTTPClient, folder: URL) async throws -> (Int, Int) {
    let received = Mutex(0)
    let counting = HTTPClient { request in
      let response = try await http.send(request)
      received.withLock { $0 += response.body.count }
      return response
    }
    let endpoints = BenchCollections.screen.map(\.name)
    let urls = endpoints.map { server.baseURL.appending(path: $0) }
    for url in urls { _ = try await counting.data(.get(url)) }
    let plain = received.withLock { $0 }
    let storage = try ResponseCacheDatabase.open(at: .file(path: folder.appendingPathComponent("etag.sqlite").path))
    defer { storage.close() }
    let query = QueryCache(
      http: counting, storage: storage.client, configuration: QueryCacheConfiguration(baseURL: server.baseURL))
    for url in urls { _ = try await query.client.data(.get(url)) }  // fills the cache
    received.withLock { $0 = 0 }
    for url in urls {
      _ = try await QueryTrace(policy: .networkFirst).run { try await query.client.data(.get(url)) }
    }
    return (plain, received.withLock { $0 })
  }
}

extension Duration {
  fileprivate var microseconds: Double { Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12 }
  fileprivate var milliseconds: Double { microseconds / 1000 }
}
