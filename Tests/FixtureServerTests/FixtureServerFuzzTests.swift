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
    private static let lists = ["posts", "photos", "images", "fresh_list"]
    private static let singulars = ["profile", "new_singular"]
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

      func request(port: Int) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
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
        let url = try copyOfTestData(in: directory)
        // Add an empty list and its first items come from the fuzz alone.
        var start = try FixtureDatabase(contentsOf: url)
        start.root["fresh_list"] = .array([])
        try Data(JSONWriter().bytes(of: .object(start.root))).write(to: url)
        let configuration = FixtureServer.Configuration(
          databaseFile: url, headerTimeout: .seconds(5), idleTimeout: .seconds(10), patternTimeLimit: .milliseconds(50))
        var model = FuzzWriteModel()
        var statuses: [Int: Int] = [:]
        var server = try await startServer(configuration)
        let deadline = ContinuousClock.now + .seconds(seconds)
        var number = 0
        var failed = false
        while ContinuousClock.now < deadline, number < 2_000, !failed {
          number += 1
          let fuzzCase = makeCase(&generator, model: model)
          let context = "seed \(seed), case \(number): \(fuzzCase)"
          let exchange: RawExchange
          do {
            exchange = try await RawHTTPConnection.transmit(fuzzCase.request(port: server.port), port: server.port)
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
          let plain = try await RawHTTPConnection.get("/profile", port: server.port)
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
            server = try await startServer(configuration)
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

    /// Origins a request may carry in the cross-origin fuzz: none, the server's own, the one allowed with `--cors`,
    /// and foreign ones (`null`, other sites, the server's host on another port or scheme).
    private static func origins(port: Int) -> [String?] {
      [
        nil, "http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)", allowedOrigin, "null",
        "http://evil.example", "https://127.0.0.1:\(port)", "http://127.0.0.1:\(port + 1)", "http://LOCALHOST:\(port)",
        "http://localhost:5173.evil.example", "", "http://127.0.0.1:\(port)/", "file://",
      ]
    }

    private static let allowedOrigin = "http://localhost:5173"

    /// Hosts: the server's own spellings and others (rebinding names, other ports, none at all).
    private static func hosts(port: Int) -> [String?] {
      [
        "127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST:\(port)", "evil.example:\(port)",
        "127.0.0.1", "127.0.0.1:\(port + 1)", "attacker.test", "127.0.0.1.nip.io:\(port)", "[::2]:\(port)", "", nil,
      ]
    }

    private static let contentTypes: [String?] = [
      nil, "application/json", "application/json; charset=utf-8", "text/plain", "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "TEXT/PLAIN", " text/plain ",
      "application/xml", "text/html",
    ]

    @Test("no request from another origin or host changes the data file (random Origin, Host, type, method)")
    func crossOrigin() async throws {
      let seed = Self.seed()
      print("FixtureServerFuzzTests.crossOrigin: seed \(seed) (replay with KUMIKI_FUZZ_SEED=\(seed))")
      let seconds = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SECONDS"].flatMap(Int.init) ?? 8
      var generator = FuzzGenerator(seed: seed)
      try await withTemporaryDirectory { directory async throws in
        let url = try copyOfTestData(in: directory)
        let configuration = FixtureServer.Configuration(
          databaseFile: url, headerTimeout: .seconds(5), idleTimeout: .seconds(10),
          allowedOrigins: [Self.allowedOrigin])
        try await withFixtureServer(configuration) { server async throws in
          let port = server.port
          let deadline = ContinuousClock.now + .seconds(seconds)
          var (number, refused, passed) = (0, 0, 0)
          while ContinuousClock.now < deadline, number < 1_500 {
            number += 1
            let host = generator.random.pick(Self.hosts(port: port))
            let origin = generator.random.pick(Self.origins(port: port))
            let type = generator.random.pick(Self.contentTypes)
            let method = generator.random.pick(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "GET", "POST"])
            let override = method == "POST" && generator.random.chance(0.2)
            let resource = generator.random.pick(Self.lists + Self.singulars + ["__faults", "db"])
            let target = "/\(resource)" + (generator.random.chance(0.5) ? "/\(generator.random.int(1...3))" : "")
            let body = method == "GET" || method == "OPTIONS" ? nil : generator.body().prefix(64 << 10)
            var head = "\(method) \(target) HTTP/1.1\r\nConnection: close\r\n"
            if let host { head += "Host: \(host)\r\n" }
            if let origin { head += "Origin: \(origin)\r\n" }
            if let type { head += "Content-Type: \(type)\r\n" }
            if override { head += "X-HTTP-Method-Override: \(generator.random.pick(["PATCH", "DELETE", "PUT"]))\r\n" }
            if method == "OPTIONS" { head += "Access-Control-Request-Method: PATCH\r\n" }
            if let body { head += "Content-Length: \(body.count)\r\n" }
            let context =
              "seed \(seed), case \(number): \(method) \(target) Host \(host ?? "none") Origin \(origin ?? "none") "
              + "type \(type ?? "none")\(override ? " overridden" : "")"

            // The oracle, written apart from the server's code.
            let ownHosts = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
            let foreignHost = host.map { !ownHosts.contains($0.lowercased()) } ?? true
            let allowedOrigin = origin.map { origin in
              origin == Self.allowedOrigin || ownHosts.contains { "http://\($0)" == origin.lowercased() }
            }
            let writes = !["GET", "OPTIONS"].contains(method)
            let media = type.map {
              $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            }?
            .lowercased()
            let simple = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"].contains(
              media ?? "")
            let mustRefuse =
              foreignHost || (allowedOrigin == false && (writes || method == "OPTIONS"))
              || (writes && simple && allowedOrigin != true)

            let before = try Data(contentsOf: url)
            let served = server.database
            let exchange = try await RawHTTPConnection.transmit(
              Array((head + "\r\n").utf8) + Array(body ?? []), port: port)
            let status = exchange.status ?? 0
            if mustRefuse {
              refused += 1
              #expect(status == (foreignHost ? 421 : 403), "\(context)")
              #expect(try Data(contentsOf: url) == before, "the file changed: \(context)")
              #expect(server.database == served, "the data changed: \(context)")
            } else {
              passed += 1
              #expect(![403, 421, 0].contains(status) || resource == "__faults", "\(status): \(context)")
              #expect(status < 500, "\(status): \(context)")
            }
          }
          print(
            "FixtureServerFuzzTests.crossOrigin: seed \(seed): \(number) cases, \(refused) refused, \(passed) passed")
          #expect(refused > 0 && passed > 0)
        }
      }
    }
  }
}
