import Foundation
import Networking
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs one workload with a fresh client and measures wall time, process CPU time and peak RSS.
struct NetworkBenchRunner {
  let kind: NetworkBenchClientKind
  let base: URL
  let requests: Int
  let concurrency: Int

  func run(_ workload: NetworkBenchWorkload) async throws -> NetworkBenchResult {
    var result = NetworkBenchResult(client: kind.rawValue, workload: workload.rawValue)
    // kumiki-bench links every client, NIO and Hummingbird; its idle footprint is reported apart.
    result["idle_rss_mb"] = Self.peakRSSMegabytes()
    let client = kind.make()
    switch workload {
    case .fanout5:
      try await fanOut(client, count: 5, ms: 200, into: &result)
    case .fanout100:
      try await fanOut(client, count: 100, ms: 100, into: &result)
    case .sequential:
      try await throughput(client, width: 1, into: &result)
    case .parallel:
      try await throughput(client, width: max(1, concurrency), into: &result)
    case .cancel:
      try await cancellation(client, into: &result)
    }
    try await client.shutdown()
    result["peak_rss_mb"] = Self.peakRSSMegabytes()
    return result
  }

  private func slow(_ ms: Int) -> URL {
    URL(string: base.absoluteString + "/slow?ms=\(ms)")!
  }

  /// `count` concurrent GETs of `/slow?ms=ms` on a client with no connections yet, then again.
  private func fanOut(
    _ client: any NetworkBenchHTTP, count: Int, ms: Int, into result: inout NetworkBenchResult
  )
    async throws
  {
    let url = slow(ms)
    for label in ["cold_ms", "warm_ms"] {
      let start = ContinuousClock.now
      _ = try await FanOut.allOf(Array(repeating: { try await client.get(url) }, count: count))
      result[label] = Self.milliseconds(ContinuousClock.now - start)
    }
  }

  /// `requests` GETs of `/items`, `width` at a time, after a warm-up; requests per second and CPU per request.
  private func throughput(
    _ client: any NetworkBenchHTTP, width: Int, into result: inout NetworkBenchResult
  )
    async throws
  {
    let url = URL(string: base.absoluteString + "/items")!
    try await Self.drive(client, url: url, total: min(requests, 200), width: width)
    let cpu = Self.cpuSeconds()
    let start = ContinuousClock.now
    let bytes = try await Self.drive(client, url: url, total: requests, width: width)
    let wall = ContinuousClock.now - start
    let cpuUsed = Self.cpuSeconds() - cpu
    let seconds = Self.milliseconds(wall) / 1_000
    result["requests"] = Double(requests)
    result["concurrency"] = Double(width)
    result["wall_ms"] = seconds * 1_000
    result["rps"] = Double(requests) / seconds
    result["cpu_us_per_req"] = cpuUsed * 1e6 / Double(max(1, requests))
    result["body_bytes"] = Double(bytes / max(1, requests))
  }

  /// `total` GETs by `width` workers pulling from a shared counter. Returns the bytes received.
  @discardableResult
  private static func drive(_ client: any NetworkBenchHTTP, url: URL, total: Int, width: Int) async throws -> Int {
    let next = NetworkBenchCounter()
    return try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<width {
        group.addTask {
          var bytes = 0
          while next.value.wrappingAdd(1, ordering: .relaxed).oldValue < total {
            bytes += try await client.get(url)
          }
          return bytes
        }
      }
      return try await group.reduce(0, +)
    }
  }

  /// 20 times: a 5-way fan-out of `/slow?ms=5000`, cancelled 100 ms after it starts. Time from `cancel()` to
  /// the group returning, and what it threw.
  private func cancellation(_ client: any NetworkBenchHTTP, into result: inout NetworkBenchResult) async throws {
    let url = slow(5_000)
    var times: [Double] = []
    var errors: [String: Int] = [:]
    for _ in 0..<20 {
      let task = Task { try await FanOut.allOf(Array(repeating: { try await client.get(url) }, count: 5)) }
      try await Task.sleep(for: .milliseconds(100))
      let start = ContinuousClock.now
      task.cancel()
      let outcome = await task.result
      times.append(Self.milliseconds(ContinuousClock.now - start))
      switch outcome {
      case .success: errors["none", default: 0] += 1
      case .failure(let error): errors[String(describing: type(of: error)), default: 0] += 1
      }
    }
    times.sort()
    result["cancel_median_ms"] = times[times.count / 2]
    result["cancel_max_ms"] = times.last ?? 0
    result.text["cancel_errors"] = errors.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(
      separator: " ")
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }

  /// User plus system CPU time of the whole process, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The process's peak resident set size, in MB.
  static func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1_024
  }
}

/// A shared request counter for the workers of ``NetworkBenchRunner``.
final class NetworkBenchCounter: Sendable {
  let value = Atomic(0)
}

/// The figures of one run, printed as one JSON line.
struct NetworkBenchResult {
  var numbers: [String: Double] = [:]
  var text: [String: String]

  init(client: String, workload: String) {
    text = ["client": client, "workload": workload]
  }

  subscript(key: String) -> Double? {
    get { numbers[key] }
    set { numbers[key] = newValue }
  }

  var jsonLine: String {
    var object: [String: Any] = text
    for (key, value) in numbers { object[key] = (value * 1_000).rounded() / 1_000 }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
