import ArgumentParser
import FixtureServer
import Foundation
import Networking
import NetworkingCurl
import Persistence
import PersistenceSQLite
import QueryCache

/// `kumiki-bench outbox`: what keeping writes for later costs, each against a baseline in the same run.
///
/// - store: keeping one write (one immediate SQLite transaction in WAL mode, `synchronous = NORMAL`: durable against
///   the process dying, not flushed to the disk at each commit) in the database's outbox, per write, median and 95th
///   percentile; target ≤ 2 ms;
/// - drain: 100 PATCHes kept while the API was down, then sent in order by the outbox, against the same 100 sent
///   directly through the query layer (each a request and a cache invalidation), on the fixture server, interleaved
///   rounds; target: the outbox's rate ≥ 0.8 × the direct rate.
struct OutboxBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outbox",
    abstract: "Outbox: the cost of keeping a write, and sending 100 kept writes vs sending them directly."
  )

  @Option(help: "Writes kept when timing the store.")
  var stores = 300

  @Option(help: "Writes per drain.")
  var writes = 100

  @Option(help: "Interleaved rounds of each drain.")
  var rounds = 5

  mutating func run() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await store(folder)
    try await drain(folder)
  }

  static func write(api: String, index: Int) -> OutboxWrite {
    OutboxWrite(
      api: api, method: .patch, path: "\(BenchCollections.items)/\(index % 5 + 1)",
      headers: [.init(name: "Content-Type", value: "application/json")],
      body: Data(#"{"title":"edit \#(index)"}"#.utf8), createdAt: Date(), lastError: "cannot connect")
  }

  private func store(_ folder: URL) async throws {
    let database = try KumikiDatabase.open(path: folder.appendingPathComponent("store.sqlite").path)
    defer { try? database.close() }
    let outbox = database.outbox(limits: OutboxLimits(maxEntries: stores + 1))
    let featureState = database.featureState
    let clock = ContinuousClock()
    // Side by side, interleaved: the outbox's transaction, and a synced one (`synchronous = FULL`, the database's
    // other writes) of the same body in the same file — what keeping a write cost before.
    var times: [Double] = []
    var synced: [Double] = []
    for index in 0..<stores {
      let write = Self.write(api: "embedded", index: index)
      times.append(try await clock.measure { _ = try await outbox.add(write) }.milliseconds)
      let body = write.body ?? Data()
      synced.append(try await clock.measure { try await featureState.save("bench.outbox", 1, body) }.milliseconds)
    }
    times.sort()
    synced.sort()
    let median = times[times.count / 2]
    print("| keeping one write | median ms | 95th percentile ms | target |")
    print("|---|---|---|---|")
    print(
      String(
        format: "| the outbox (one transaction, WAL, synchronous = NORMAL) | %.3f | %.3f | ≤ 2: %@ |", median,
        times[times.count * 95 / 100], median <= 2 ? "met" : "NOT met"))
    print(
      String(
        format: "| baseline: a synced transaction (synchronous = FULL), same body, same file | %.3f | %.3f | — |",
        synced[synced.count / 2], synced[synced.count * 95 / 100]))
    print("(\(stores) writes of \(Self.write(api: "embedded", index: 0).body?.count ?? 0)-byte bodies, in one file)")
  }

  private func drain(_ folder: URL) async throws {
    let server = try await FixtureServer.start(.init(port: 0, database: BenchCollections.database))
    let http = HTTPClient.curl()
    let configuration = QueryCacheConfiguration(baseURL: server.baseURL, namespace: "bench")
    // Warm the connection and the server.
    _ = try await http.data(.get(server.baseURL.appending(path: BenchCollections.items)))
    let clock = ContinuousClock()
    var direct = Duration.zero
    var queued = Duration.zero
    for round in 0..<rounds {
      let cacheFile = folder.appendingPathComponent("cache-\(round).sqlite").path
      let cache = try ResponseCacheDatabase.open(at: .file(path: cacheFile))
      defer { cache.close() }
      let database = try KumikiDatabase.open(path: folder.appendingPathComponent("drain-\(round).sqlite").path)
      defer { try? database.close() }
      let outbox = database.outbox
      // Interleaved: direct first in even rounds, the outbox first in odd ones.
      for timesDirect in round.isMultiple(of: 2) ? [true, false] : [false, true] {
        if timesDirect {
          let layer = QueryCache(http: http, storage: cache.client, configuration: configuration)
          let requests = (0..<writes).map { index in
            let write = Self.write(api: "bench", index: index)
            return HTTPRequest(
              method: .patch, url: server.baseURL.appending(path: write.path),
              headers: ["Content-Type": "application/json"], body: write.body)
          }
          direct += try await clock.measure {
            for request in requests { _ = try await layer.client.data(request) }
          }
        } else {
          for index in 0..<writes { _ = try await outbox.add(Self.write(api: "bench", index: index)) }
          let layer = QueryCache(http: http, storage: cache.client, configuration: configuration, outbox: outbox)
          let sender = try layer.outbox.unwrap()
          let report = try await clock.measure { () async -> Void in
            let report = await sender.send()
            precondition(report.sent.count == writes && report.pending == 0, "drain: \(report)")
          }
          queued += report
        }
      }
    }
    await server.shutdown()
    let directRate = Double(writes * rounds) / direct.seconds
    let queuedRate = Double(writes * rounds) / queued.seconds
    let ratio = queuedRate / directRate
    print("")
    print("| \(writes) PATCHes in order | writes/s | ratio to direct | target |")
    print("|---|---|---|---|")
    print(String(format: "| sent directly through the query layer | %.0f | 1.00 | — |", directRate))
    print(
      String(
        format: "| sent by the outbox (kept while the API was down) | %.0f | %.2f | ≥ 0.80: %@ |", queuedRate, ratio,
        ratio >= 0.8 ? "met" : "NOT met"))
    print("(\(rounds) interleaved rounds on the fixture server over libcurl; each round's files fresh)")
  }
}

extension Optional {
  fileprivate func unwrap() throws -> Wrapped {
    guard let self else { throw CocoaError(.featureUnsupported) }
    return self
  }
}

extension Duration {
  fileprivate var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
  fileprivate var seconds: Double { milliseconds / 1000 }
}
