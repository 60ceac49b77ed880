import FixtureData
import FixtureServer
import Foundation
import Testing

extension HeavyTests {
  /// Random and adversarial requests at a server saving to a file: no crash, an answer to a plain request after
  /// each case, and every write it acknowledged still in the file after a restart. Bounded (about 20 seconds); the
  /// seed is printed, and `KUMIKI_FUZZ_SEED=<seed>` replays a run (`KUMIKI_FUZZ_SECONDS` changes its length).
  @Suite("Fuzz: adversarial bodies and queries at a server saving to a file")
  struct FixtureServerFuzzTests {
    private static let lists = ["recent_news", "pickup_photos", "achive_images", "fresh_list"]
    private static let singulars = ["profile_personal", "new_singular"]
    private static let fields = [
      "id", "title", "category", "photo_url", "published_at", "x", "shop.name", "tags.0", "nope", "",
    ]

    /// One request to send, described for a failure message.
    private struct Case: CustomStringConvertible {
      var method: String
      var target: String
      var body: [UInt8]?
      var pathID: String?
      var resource: String

      var description: String {
        let shown = body.map { String(decoding: $0.prefix(160), as: UTF8.self) + ($0.count > 160 ? "…" : "") }
        return "\(method) \(target)" + (shown.map { " body(\(body?.count ?? 0) bytes): \($0)" } ?? "")
      }

      var request: [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let body { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + (body ?? [])
      }
    }

    private static func seed() -> UInt64 {
      if let text = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SEED"], let seed = UInt64(text) { return seed }
      return UInt64.random(in: 0...UInt64.max)
    }

    private func makeCase(_ generator: inout FuzzGenerator, model: FuzzWriteModel) -> Case {
      let resource =
        generator.random.chance(0.75)
        ? generator.random.pick(Self.lists) : generator.random.pick(Self.singulars + ["db", "__faults", "nowhere"])
      switch generator.random.int(0...9) {
      case 0, 1, 2:
        return Case(method: "GET", target: "/\(resource)?" + generator.query(fields: Self.fields), resource: resource)
      case 3:
        let id =
          generator.random.chance(0.5) ? String(generator.random.int(-2...40)) : generator.queryValue(fields: ["id"])
        return Case(method: "GET", target: "/\(resource)/\(id)", resource: resource)
      default:
        let method = generator.random.pick(["POST", "POST", "PUT", "PATCH", "DELETE"])
        var id: String?
        if generator.random.chance(0.6), method != "POST" || generator.random.chance(0.1) {
          let known = model.liveIDs(of: resource) + ["1", "2", "3"]
          id = generator.random.chance(0.9) ? generator.random.pick(known) : generator.queryValue(fields: ["id"])
        }
        let target = "/\(resource)" + (id.map { "/\($0)" } ?? "")
        return Case(
          method: method, target: target, body: method == "DELETE" ? [] : generator.body(), pathID: id,
          resource: resource)
      }
    }

    @Test("no crash, a plain request answered after every case, every acknowledged write kept across restarts")
    func fuzz() async throws {
      let seed = Self.seed()
      print("FixtureServerFuzzTests: seed \(seed) (replay with KUMIKI_FUZZ_SEED=\(seed))")
      let seconds = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SECONDS"].flatMap(Int.init) ?? 20
      var generator = FuzzGenerator(seed: seed)
      try await withTemporaryDirectory { directory async throws in
        let url = try copyOfBundledDatabase(in: directory)
        // Add an empty list and its first items come from the fuzz alone.
        var start = try FixtureDatabase(contentsOf: url)
        start.root["fresh_list"] = .array([])
        try Data(JSONWriter().bytes(of: .object(start.root))).write(to: url)
        let configuration = FixtureServer.Configuration(
          databaseFile: url, headerTimeout: .seconds(5), idleTimeout: .seconds(10), patternTimeLimit: .milliseconds(50))
        var model = FuzzWriteModel()
        var statuses: [Int: Int] = [:]
        var server = try await FixtureServer.start(configuration)
        let deadline = ContinuousClock.now + .seconds(seconds)
        var number = 0
        var failed = false
        while ContinuousClock.now < deadline, number < 2_000, !failed {
          number += 1
          let fuzzCase = makeCase(&generator, model: model)
          let context = "seed \(seed), case \(number): \(fuzzCase)"
          let exchange: RawExchange
          do {
            exchange = try await RawHTTPConnection.transmit(fuzzCase.request, port: server.port)
          } catch {
            // The server may answer an oversized body and close before taking all of it.
            exchange = RawExchange(received: [], failure: -1)
          }
          let status = exchange.status ?? 0
          statuses[status, default: 0] += 1
          if status >= 500 || (status == 0 && (fuzzCase.body?.count ?? 0) <= 10 << 20) {
            Issue.record(
              "unexpected answer \(status) \(String(decoding: exchange.body.prefix(300), as: UTF8.self)) to \(context)")
            failed = true
          }
          if (200..<300).contains(status), fuzzCase.method != "GET" {
            do {
              let reply = try JSONParser.parse(exchange.body)
              let isList = if case .array? = server.database[fuzzCase.resource] { true } else { false }
              model.record(
                method: fuzzCase.method, resource: fuzzCase.resource, isList: isList, pathID: fuzzCase.pathID,
                reply: reply)
            } catch {
              Issue.record("a \(status) answer that is not JSON (\(error)) to \(context)")
              failed = true
            }
          }
          let plain = try await RawHTTPConnection.get("/profile_personal", port: server.port)
          if plain.status != 200 {
            Issue.record("a plain GET got \(String(describing: plain.status)) after \(context)")
            failed = true
          }
          if number % 150 == 0 || failed || ContinuousClock.now >= deadline {
            // Restart from the file: it must load, and hold everything acknowledged.
            let served = server.database
            await server.shutdown()
            let saved = try FixtureDatabase(contentsOf: url)
            #expect(saved == served, "the file differs from what was served (\(context))")
            for problem in model.mismatches(in: saved) {
              Issue.record("\(problem) (\(context))")
              failed = true
            }
            server = try await FixtureServer.start(configuration)
            #expect(server.database == saved)
          }
        }
        await server.shutdown()
        let saved = try FixtureDatabase(contentsOf: url)
        #expect(model.mismatches(in: saved).isEmpty)
        print(
          "FixtureServerFuzzTests: seed \(seed): \(number) cases, \(model.acknowledged) acknowledged writes, statuses "
            + statuses.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " "))
        #expect(model.acknowledged > 0)
      }
    }
  }
}
