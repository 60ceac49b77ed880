import ArgumentParser
import Foundation

/// `kumiki-bench net`: HTTP client benchmarks on loopback. `serve` runs the server in its own process;
/// `client` runs one workload with one client and prints one JSON line. `Benchmarks/bench-net` interleaves
/// them with `wrk` and reports ratios (see Benchmarks/Networking.md).
struct NetworkBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "net",
    abstract: "HTTP client benchmarks: libcurl multi vs URLSession vs AsyncHTTPClient on a loopback server.",
    subcommands: [NetworkBenchServe.self, NetworkBenchClient.self]
  )
}

/// `kumiki-bench net serve`: the benchmark server (`/items`, ~1.9 KB of JSON; `/slow?ms=N`).
struct NetworkBenchServe: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve /items (~1.9 KB JSON) and /slow?ms=N on 127.0.0.1 until killed."
  )

  @Option(help: "Port to listen on (0: any free port).")
  var port = 0

  @Option(help: "Write the bound port to this file once listening.")
  var portFile: String?

  mutating func run() async throws {
    try await NetworkBenchServer.run(port: port, portFile: portFile)
  }
}

/// `kumiki-bench net client`: one workload with one client; prints a JSON line of figures.
struct NetworkBenchClient: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "client",
    abstract: "Run one workload with one HTTP client against a `net serve` server; print a JSON line."
  )

  @Option(help: "curl | urlsession | ahc | ahc128")
  var client: NetworkBenchClientKind = .curl

  @Option(help: "fanout5 | fanout100 | sequential | parallel | cancel")
  var workload: NetworkBenchWorkload = .sequential

  @Option(help: "Server base URL, for example http://127.0.0.1:8080")
  var url: String

  @Option(help: "Requests for the sequential and parallel workloads.")
  var requests = 10_000

  @Option(help: "Concurrent requests for the parallel workload.")
  var concurrency = 16

  mutating func run() async throws {
    guard let base = URL(string: url) else { throw ValidationError("not a URL: \(url)") }
    let result = try await NetworkBenchRunner(
      kind: client, base: base, requests: requests, concurrency: concurrency
    ).run(workload)
    print(result.jsonLine)
  }
}

/// The clients compared.
enum NetworkBenchClientKind: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// Kumiki's client: libcurl multi on one driver thread.
  case curl
  /// FoundationNetworking's URLSession (6 connections per host by default).
  case urlsession
  /// AsyncHTTPClient with default limits (8 connections per host).
  case ahc
  /// AsyncHTTPClient with a per-host limit of 128.
  case ahc128
}

/// The workloads.
enum NetworkBenchWorkload: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// 5 × `/slow?ms=200` at once on a fresh client (cold), then again (warm).
  case fanout5
  /// 100 × `/slow?ms=100` at once, cold then warm.
  case fanout100
  /// `--requests` sequential GETs of `/items` on one keep-alive connection.
  case sequential
  /// `--requests` GETs of `/items`, `--concurrency` at a time.
  case parallel
  /// A 5-way fan-out of `/slow?ms=5000`, cancelled once in flight: time from `cancel()` to the group returning.
  case cancel
}
