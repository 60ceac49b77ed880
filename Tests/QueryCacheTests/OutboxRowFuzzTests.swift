import CoreTesting
import Foundation
import GRDB
import Networking
import Persistence
import PersistenceSQLite
import QueryCache
import Testing

/// Random and hostile `outbox` rows — wrong types, NULLs, huge values, unknown states and methods, CR LF in the
/// method, path and headers, non-UTF-8 blobs — written into a real SQLite file beside good ones, then listed, sent
/// (to a recording client answering at random, reasons included) and discarded. Invariants: nothing traps; every
/// round ends (bounded); every request sent has a method of the kit's set, an address under the API's and header
/// lines that are tokens and values without line breaks (no framing header); every row can be discarded.
///
/// Bounded: it stops after ``budget`` or ``iterations`` databases, but not before ``minimumIterations`` and a good and a
/// broken row were both seen (a loaded machine reaches few databases in the budget; the run is still bounded by
/// ``iterations``). The seed is printed; `KUMIKI_FUZZ_SEED=<n>` runs
/// the same rows again (a failure names its seed and iteration).
@Suite struct OutboxRowFuzzTests {
  static let budget: Duration = .seconds(10)
  static let iterations = 150
  static let minimumIterations = 30

  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SEED"], let seed = UInt64(text) { return seed }
    return UInt64.random(in: 0...UInt64.max)
  }()

  static let methods: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]
  static let framing: Set<String> = ["host", "content-length", "transfer-encoding", "connection", "expect", "te"]

  @Test func hostileRowsNeverTrapSpinOrReachARequestUnchecked() async throws {
    print("OutboxRowFuzzTests: seed \(Self.seed) (KUMIKI_FUZZ_SEED=\(Self.seed) runs these rows again)")
    var random = SplitMix64(seed: Self.seed)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Self.budget)
    var count = 0
    var unreadable = 0
    var sent = 0
    while count < Self.iterations
      && (clock.now < deadline || count < Self.minimumIterations || sent == 0 || unreadable == 0)
    {
      count += 1
      let world = try OutboxRowTests.World()
      var rows: [[DatabaseValue]] = []
      for _ in 0..<Int.random(in: 1...6, using: &random) { rows.append(Self.row(using: &random)) }
      let raw = try DatabaseQueue(path: world.path)
      for row in rows {
        // A NULL in a NOT NULL column is refused by SQLite itself: that row is simply not there.
        try? await raw.write { db in
          try db.execute(
            sql: "INSERT INTO outbox (\(OutboxRowTests.World.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: StatementArguments(row))
        }
      }
      try raw.close()
      world.server.answers = (0..<8).map { _ in Self.answer(using: &random) }
      if Int.random(in: 0..<5, using: &random) == 0 { world.server.failure = .timedOut(OutboxRowTests.baseURL) }

      let where_ = "seed \(Self.seed), iteration \(count), rows \(rows)"
      let listed = try await world.database.outbox.entries()
      _ = try await world.database.outbox.overview()
      unreadable += listed.count { $0.state == .unreadable }
      for entry in listed where entry.state == .unreadable {
        #expect(entry.lastError?.isEmpty == false, "\(where_)")
        #expect(entry.line.hasPrefix("unreadable entry #\(entry.id): "), "\(where_)")
      }
      let outbox = world.outbox
      await outbox.start()
      guard let report = await OutboxRowTests.within(.seconds(10), { await outbox.send() }) else {
        Issue.record("a sending round never ended: \(where_)")
        break
      }
      sent += report.sent.count
      for request in world.server.received {
        let problems = Self.problems(request)
        if !problems.isEmpty { Issue.record("\(problems.joined(separator: "; ")): \(request) — \(where_)") }
      }
      for entry in try await world.database.outbox.entries() {
        #expect(try await world.database.outbox.remove(entry.id) != nil, "\(where_)")
      }
      #expect(try await world.database.outbox.entries().isEmpty, "\(where_)")
    }
    print("OutboxRowFuzzTests: \(count) databases (seed \(Self.seed)): \(unreadable) unreadable rows, \(sent) sent")
    #expect(sent > 0 && unreadable > 0, "the rows were all good or all broken: the fuzzer tests nothing")
  }

  /// What is wrong with a request that reached the client; empty when nothing.
  static func problems(_ request: HTTPRequest) -> [String] {
    var problems: [String] = []
    if !methods.contains(request.method.rawValue) {
      problems.append("method \(request.method.rawValue.debugDescription)")
    }
    let address = request.url.absoluteString
    if !address.hasPrefix(OutboxRowTests.baseURL.absoluteString) || request.url.host != "ledger.test" {
      problems.append("address \(address.debugDescription) is not under the API's")
    }
    if address.utf8.contains(where: { $0 < 0x21 || $0 == 0x7F }) {
      problems.append("address \(address.debugDescription) holds a space or a control character")
    }
    for field in request.headers {
      let token =
        !field.name.isEmpty && field.name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
      if !token { problems.append("header name \(field.name.debugDescription)") }
      if field.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
        problems.append("header value \(field.value.debugDescription)")
      }
      if framing.contains(field.name.lowercased()) { problems.append("framing header \(field.name)") }
    }
    return problems
  }

  // MARK: - Rows

  /// One row's values (api, method, path, headers, body, createdAt, attempts, state, lastError, expected): a good
  /// row two times in five, else one with one to three hostile columns.
  static func row(using random: inout SplitMix64) -> [DatabaseValue] {
    var row: [DatabaseValue] = [
      "ledger".databaseValue, pick(["POST", "PUT", "PATCH", "DELETE"], &random).databaseValue,
      pick(["dishes/1", "dishes?q=%20", "dishes/2/notes"], &random).databaseValue,
      #"[["Content-Type","application/json"]]"#.databaseValue, Data("{}".utf8).databaseValue, 1.5.databaseValue,
      0.databaseValue,
      pick(["pending", "pending", "pending", "sending", "outcome-unknown", "refused"], &random)
        .databaseValue,
      DatabaseValue.null, DatabaseValue.null,
    ]
    guard Int.random(in: 0..<5, using: &random) >= 2 else { return row }
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      row[Int.random(in: 0..<row.count, using: &random)] = hostile(using: &random)
    }
    return row
  }

  static let texts = [
    "", "GET", "post", "CONNECT", "PATCH\r\nX-Injected: 1", "PATCH /x HTTP/1.1\r\nHost: evil\r\n\r\n",
    "held-for-review",
    "unreadable", "sending", "outcome-unknown", "refused", "pending", "dishes/1\r\nHost: evil", "dishes/1 HTTP/1.0",
    "//evil.test/x", "http://evil.test/", "../../../etc/passwd", "\u{202E}gnp.exe", "a\0b",
    "\u{1B}[2J\u{1B}]52;c;x\u{7}",
    #"[["X-A","1\r\nX-Injected: 2"]]"#, #"[["Host","evil.test"]]"#, #"[["Transfer-Encoding","chunked"]]"#,
    #"[["Content-Length","5"]]"#, #"[["X A","1"]]"#, #"[["X-A:B","1"]]"#, #"[["a"]]"#, "[[1,2]]", "[", "{}",
    #"[["dishes","{\"a\":1}"]]"#, #"[["dishes","not json"]]"#, "1e999", "NaN", "9999999999999999999999",
    #"[["dishes","[\"remove\",\"1\"]"]]"#, #"[["dishes","[\"move\",\"1\",-1]"]]"#,
    #"[["dishes","[\"insert\",\"middle\",{}]"]]"#, #"[["dishes","[\"remove\",true]"]]"#,
  ]

  static func hostile(using random: inout SplitMix64) -> DatabaseValue {
    switch Int.random(in: 0..<7, using: &random) {
    case 0: return .null
    case 1: return pick([0, -1, 1, Int64.max, Int64.min, 1 << 40], &random).databaseValue
    case 2: return pick([0.5, -1e300, 1e300, 1e11, -0.0, Double.greatestFiniteMagnitude], &random).databaseValue
    case 3:
      let bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      return Data(bytes + [0xFF, 0xFE]).databaseValue
    case 4: return Data(pick(texts, &random).utf8).databaseValue
    case 5:
      let unit = pick(["a", "[", "\r\n", "é"], &random)
      return String(repeating: unit, count: Int.random(in: 1_000...40_000, using: &random)).databaseValue
    default: return pick(texts, &random).databaseValue
    }
  }

  /// A status and body the recording client answers with.
  static func answer(using random: inout SplitMix64) -> (Int, String) {
    let status = pick([200, 201, 204, 404, 408, 410, 422, 429, 500, 503, 507], &random)
    let body = pick(
      [
        "{}", #"{"error":"No space left on device"}"#, #"{"message":"name is too long\u001b[2J"}"#, "plain reason",
        String(repeating: "x", count: 5_000), #"{"error":42}"#, "[", "",
      ], &random)
    return (status, body)
  }

  static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &random)]
  }
}
