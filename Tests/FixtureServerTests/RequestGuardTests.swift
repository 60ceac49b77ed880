import FixtureData
import FixtureServer
import Foundation
import Testing

import struct Networking.RunToken

/// Who may use the server (issue 34): only requests addressed to it (`Host`), writes only from its own origins or
/// those given with `--cors` (never `null`), no body a web page can send without asking unless from such an origin,
/// and, with a run token, only clients that prove it; every answer then proves it back. Real requests over loopback.
@Suite("FixtureServer: Host, Origin and the run token")
struct RequestGuardTests {
  /// One request over a raw socket: `host` `nil` sends none.
  private func raw(
    _ method: String, _ target: String, port: Int, host: String?, headers: [String] = [], body: String? = nil
  ) async throws -> RawExchange {
    var lines = ["\(method) \(target) HTTP/1.1"]
    if let host { lines.append("Host: \(host)") }
    lines += ["Connection: close"] + headers
    if let body { lines.append("Content-Length: \(body.utf8.count)") }
    let text = lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    return try await RawHTTPConnection.transmit(Array(text.utf8), port: port)
  }

  private func error(_ exchange: RawExchange) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(exchange.body)) as? [String: Any]
    return try #require(object?["error"] as? String)
  }

  @Test("a Host that is not the server's (DNS rebinding, another port, none) is 421 and changes nothing")
  func foreignHost() async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      let port = server.port
      for host in [
        "evil.example:\(port)", "attacker.test", "127.0.0.1:\(port + 1)", "localhost", "127.0.0.1.nip.io:\(port)",
        "127.0.0.1:\(port)@evil", "[::2]:\(port)", "",
      ] as [String?] + [nil] {
        let write = try await raw(
          "PATCH", "/profile", port: port, host: host, headers: ["Content-Type: application/json"],
          body: #"{"nickname": "rebound"}"#)
        #expect(write.status == 421, "\(host ?? "no Host")")
        #expect(try error(write).contains("DNS rebinding"), "\(host ?? "no Host")")
        let read = try await raw("GET", "/db", port: port, host: host)
        #expect(read.status == 421, "\(host ?? "no Host")")
      }
      #expect(server.database == before)
    }
  }

  @Test("the server's own Host spellings are answered: 127.0.0.1, localhost (any case), [::1], with its port")
  func ownHosts() async throws {
    try await withFixtureServer { server async throws in
      for host in [
        "127.0.0.1:\(server.port)", "localhost:\(server.port)", "LocalHost:\(server.port)", "[::1]:\(server.port)",
      ] {
        #expect(try await raw("GET", "/posts", port: server.port, host: host).status == 200, "\(host)")
      }
    }
  }

  @Test("a write or preflight from another origin, null or the server's host on another port or scheme, is 403")
  func foreignOrigins() async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      let host = "127.0.0.1:\(server.port)"
      for origin in [
        "http://evil.example", "null", "http://127.0.0.1:9", "https://127.0.0.1:\(server.port)",
        "http://localhost:\(server.port).evil.example", "file://",
      ] {
        for (method, target) in [
          ("PATCH", "/profile"), ("POST", "/posts"), ("DELETE", "/posts/1"),
        ] {
          let write = try await raw(
            method, target, port: server.port, host: host,
            headers: ["Origin: \(origin)", "Content-Type: application/json"], body: #"{"nickname": "x"}"#)
          #expect(write.status == 403, "\(method) from \(origin)")
          #expect(write.header("Access-Control-Allow-Origin") == nil)
          #expect(try error(write).contains("--cors"), "\(method) from \(origin)")
        }
        let preflight = try await raw(
          "OPTIONS", "/profile", port: server.port, host: host,
          headers: ["Origin: \(origin)", "Access-Control-Request-Method: PATCH"])
        #expect(preflight.status == 403, "preflight from \(origin)")
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        // A read is answered, but names no origin: the page cannot read it.
        let read = try await raw(
          "GET", "/profile", port: server.port, host: host, headers: ["Origin: \(origin)"])
        #expect(read.status == 200)
        #expect(read.header("Access-Control-Allow-Origin") == nil, "read from \(origin)")
        #expect(read.header("Access-Control-Allow-Credentials") == nil)
      }
      #expect(server.database == before)
    }
  }

  @Test("a text/plain, form or multipart write without an allowed Origin is 403 (what a page sends without asking)")
  func simpleRequestWrites() async throws {
    try await withFixtureServer { server async throws in
      let before = server.database
      let host = "127.0.0.1:\(server.port)"
      for type in [
        "text/plain", "text/plain;charset=UTF-8", "Application/X-WWW-Form-Urlencoded",
        "multipart/form-data; boundary=x",
        " TEXT/PLAIN ",
      ] {
        for (method, target) in [("POST", "/profile"), ("PUT", "/posts/1"), ("PATCH", "/posts/1")] {
          let write = try await raw(
            method, target, port: server.port, host: host, headers: ["Content-Type: \(type)"],
            body: #"{"nickname": "x", "title": "x"}"#)
          #expect(write.status == 403, "\(method) \(type)")
          #expect(try error(write).contains("application/json"), "\(method) \(type)")
        }
        let overridden = try await raw(
          "POST", "/posts/1", port: server.port, host: host,
          headers: ["Content-Type: \(type)", "X-HTTP-Method-Override: PATCH"], body: #"{"title": "x"}"#)
        #expect(overridden.status == 403, "override \(type)")
      }
      #expect(server.database == before)
      // The same write as JSON, as curl -H 'Content-Type: application/json' sends it, goes through.
      let json = try await raw(
        "PATCH", "/profile", port: server.port, host: host, headers: ["Content-Type: application/json"],
        body: #"{"nickname": "json"}"#)
      #expect(json.status == 200)
      #expect(server.database["profile"]?["nickname"] == .string("json"))
    }
  }

  @Test("an origin given with --cors may write any body and reads its answers; null cannot be given")
  func allowedOrigin() async throws {
    let page = "http://localhost:5173"
    try await withFixtureServer(FixtureServer.Configuration(allowedOrigins: [page])) { server async throws in
      let write = try await raw(
        "POST", "/profile", port: server.port, host: "localhost:\(server.port)",
        headers: ["Origin: \(page)", "Content-Type: text/plain"], body: #"{"nickname": "page"}"#)
      #expect(write.status == 201)
      #expect(write.header("Access-Control-Allow-Origin") == page)
      #expect(server.database["profile"]?["nickname"] == .string("page"))
    }
    for origin in ["null", "*", "http://localhost:5173/", "localhost:5173", "http://user@host"] {
      await #expect(throws: FixtureServerError.self, "\(origin)") {
        _ = try await startServer(FixtureServer.Configuration(allowedOrigins: [origin]))
      }
    }
  }

  @Test("with a run token: no proof, a wrong one or the secret itself is 401; a proven request gets Kumiki-Proof")
  func runToken() async throws {
    let token = RunToken.generate()
    try await withFixtureServer(FixtureServer.Configuration(runToken: token)) { server async throws in
      let before = server.database
      let host = "127.0.0.1:\(server.port)"
      let nonce = RunToken.makeNonce()
      let other = RunToken.generate()
      let attempts: [[String]] = [
        [],
        ["Kumiki-Nonce: \(nonce)"],
        ["Kumiki-Nonce: \(nonce)", "Kumiki-Token: \(token.text)"],
        ["Kumiki-Nonce: \(nonce)", "Kumiki-Token: \(other.requestProof(nonce: nonce))"],
        ["Kumiki-Nonce: \(nonce)", "Kumiki-Token: \(token.answerProof(nonce: nonce))"],
        ["Kumiki-Nonce: \(RunToken.makeNonce())", "Kumiki-Token: \(token.requestProof(nonce: nonce))"],
        ["Kumiki-Nonce: short", "Kumiki-Token: \(token.requestProof(nonce: "short"))"],
      ]
      for headers in attempts {
        let write = try await raw(
          "PATCH", "/profile", port: server.port, host: host,
          headers: headers + ["Content-Type: application/json"], body: #"{"nickname": "x"}"#)
        #expect(write.status == 401, "\(headers)")
        #expect(write.header("Kumiki-Proof") == nil)
        #expect(try error(write).contains("token"))
      }
      #expect(server.database == before)
      for (target, status) in [("/profile", 200), ("/nothing", 404)] {
        let nonce = RunToken.makeNonce()
        let reply = try await raw(
          "GET", target, port: server.port, host: host,
          headers: ["Kumiki-Nonce: \(nonce)", "Kumiki-Token: \(token.requestProof(nonce: nonce))"])
        #expect(reply.status == status)
        #expect(reply.header("Kumiki-Proof") == token.answerProof(nonce: nonce))
        #expect(reply.header("Kumiki-Proof") != token.requestProof(nonce: nonce))
      }
    }
  }

  @Test("the token file is written 0600 before the server listens; a link in its place is not followed")
  func tokenFile() async throws {
    try await withTemporaryDirectory { directory in
      let token = RunToken.generate()
      let file = directory.appendingPathComponent(".db.json.token")
      try await withFixtureServer(FixtureServer.Configuration(runToken: token, tokenFile: file)) { _ async throws in
        #expect(try RunToken.load(from: file.path) == token)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
      }
      let target = directory.appendingPathComponent("target")
      try Data("keep".utf8).write(to: target)
      let link = directory.appendingPathComponent(".link.token")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
      await #expect(throws: FixtureServerError.self) {
        _ = try await startServer(FixtureServer.Configuration(runToken: token, tokenFile: link))
      }
      #expect(try Data(contentsOf: target) == Data("keep".utf8))
    }
  }
}
