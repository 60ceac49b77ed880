import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real `kumiki-api` a chaos run writes to: a child process on a data file, with fault control and the write
/// journal (`--allow-faults --write-journal`, test-only), killed with SIGKILL and started again on the same port and
/// file (the clients keep their `--api URL`).
final class ChaosServer: @unchecked Sendable {
  // @unchecked: used by the run's one task (start, kill, faults); the rounds' writers only read `url`.
  let dataFile: String
  let journal: String
  private let folder: String
  private var child: ChaosChild?
  private var port = 0
  private var starts = 0
  /// The API's base URL once it was started.
  private(set) var url = URL(string: "http://127.0.0.1:0")!
  private let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 10
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }()

  init(folder: String) {
    self.folder = folder
    dataFile = folder + "/api.json"
    journal = folder + "/journal.jsonl"
  }

  /// Whether it is serving (started, not killed).
  var isRunning: Bool { child.map { !$0.hasExited } ?? false }

  /// Starts it and returns once it says where it listens: the first time on a free port below the kernel's ephemeral
  /// range (the kernel gives none there to anyone — a server on port 0, a connection's local end —, so no other
  /// program on the machine takes it while the server is down), then on the same one, bound again at once (kumiki-api
  /// binds with SO_REUSEADDR).
  func start() async throws {
    guard port == 0 else { return try await launch(on: port) }
    var lastError: (any Error)?
    for _ in 0..<20 {
      do {
        return try await launch(on: Self.portBelowEphemeralRange())
      } catch {
        lastError = error  // that port is someone's: another one
      }
    }
    throw lastError ?? ChaosError("kumiki-api did not start")
  }

  /// A port below the kernel's ephemeral range (`/proc/sys/net/ipv4/ip_local_port_range`), at random; `0` (the
  /// kernel's choice) when the range cannot be read.
  static func portBelowEphemeralRange() -> Int {
    let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
    guard let low = range.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) }), low > 2048 else { return 0 }
    return Int.random(in: max(1024, low - 8192)..<low)
  }

  private func launch(on port: Int) async throws {
    starts += 1
    let errors = folder + "/api-\(starts).err"
    let child = try ChaosChild(
      BuiltBinary.path("kumiki-api"),
      [
        "--port", String(port), "--db", dataFile, "--create-db", "--allow-faults", "--write-journal", journal,
        "--exit-on-eof",
      ], output: nil, errors: errors, holdsInput: true)
    do {
      let line = try await Self.firstLine(of: child)
      guard let range = line.range(of: "listening on "), let bound = URL(string: String(line[range.upperBound...]))
      else { throw ChaosError("kumiki-api said \(line.debugDescription), not where it listens") }
      self.child = child
      url = bound
      self.port = bound.port ?? port
    } catch {
      child.kill()
      _ = await child.exit(within: .seconds(5))
      let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      throw ChaosError("kumiki-api did not start on port \(port) (\(error)): \(said)")
    }
  }

  /// SIGKILL, then waits until it is gone.
  func kill() async {
    guard let child else { return }
    child.kill()
    _ = await child.exit(within: .seconds(10))
    try? child.standardOutput?.close()
    self.child = nil
  }

  /// Replaces the global fault plan with `faults` (`kumiki-api`'s spellings), or clears it when empty.
  func setFaults(_ faults: [String]) async throws {
    if faults.isEmpty {
      _ = try await request("DELETE", "/__faults")
    } else {
      let body = try JSONSerialization.data(withJSONObject: faults)
      _ = try await request("PUT", "/__faults/*", body: body)
    }
  }

  /// `GET path`: the status, `ETag` and body.
  func read(_ path: String) async throws -> (status: Int, etag: String?, body: Data) {
    let (data, response) = try await request("GET", path)
    return (response.statusCode, response.value(forHTTPHeaderField: "ETag"), data)
  }

  private func request(_ method: String, _ path: String, body: Data? = nil) async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: url.absoluteString + path)!)
    request.httpMethod = method
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) || method == "GET" else {
      throw ChaosError("kumiki-api answered \(method) \(path) with \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    }
    return (data, http)
  }

  /// The first line the child writes on standard output, read on a thread of its own (a blocking read); an error
  /// when it ends first (the child stopped: its standard error says why).
  private static func firstLine(of child: ChaosChild) async throws -> String {
    guard let output = child.standardOutput else { throw ChaosError("no standard output to read") }
    return try await withCheckedThrowingContinuation { continuation in
      Thread {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
          let chunk = output.availableData
          if chunk.isEmpty { break }
          bytes.append(chunk)
        }
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
          continuation.resume(throwing: ChaosError("kumiki-api stopped before it listened"))
          return
        }
        continuation.resume(returning: String(decoding: bytes[..<end], as: UTF8.self))
      }.start()
    }
  }
}
