import Foundation
import Hummingbird
import Synchronization

/// The integration tests' HTTP server: Hummingbird 2 on 127.0.0.1 with an ephemeral port, started once per
/// test process and shared by the (parallel) tests. This file alone imports Hummingbird, whose `HTTPRequest`
/// and `HTTPResponse` would shadow Networking's.
///
/// Routes:
/// - `/items?count=N`: a JSON list of N (default 12) items, about 2 KB.
/// - `/slow?ms=N&token=T`: records `T` as arrived, then answers after N ms.
/// - `/hang?token=T`: records `T`, then never answers (within a minute).
/// - `/status/N`: status N with a small JSON body.
/// - `/malformed`: truncated JSON.
/// - `/gzip`: pre-compressed JSON with `Content-Encoding: gzip`.
/// - `/large?bytes=N&chunked=1`: N bytes (default 11 MiB), with `Content-Length` unless chunked.
/// - `/echo` (any method): the request's method, query, headers and body, as JSON.
enum TestServer {
  /// Tokens of `/slow` and `/hang` requests that reached the server.
  static let arrivals = ArrivalLog()

  private static let port: Task<Int, any Error> = Task { try await start() }

  /// `http://127.0.0.1:<port>`, starting the server on first use.
  static func baseURL() async throws -> URL {
    URL(string: "http://127.0.0.1:\(try await port.value)")!
  }

  /// The decompressed body of `/gzip`.
  static let gzipPlainLength = 1353

  private static let gzipBody = Data(
    base64Encoded:
      "H4sIAAAAAAACA5XSTQrCMBCG4auErLvoF/vrBTyEiEgbJGBtaQKipXe3BZczOLPKkBne1bPYkPwQ7dGcFxv67UVmbArp4bfZnj5hMvuFgd3+n/4V"
      + "r90t+fs4v/d9Nw7T7GP0vV0z8ys4uuDkhQNdOMgLBV0o5IWSLpTyQkUXKnmhpgu1vNDQhUZeaOlCKy8gZ0jligbHUuESDEwoZIKhCYVNMDih0AmG"
      + "JxQ+wQCFQigYolAYBYMUCqVgmELh1DFO3X+nl/UL565wLUkFAAA="
  )!

  private static func start() async throws -> Int {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
      router: router(),
      configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "kumiki-test"),
      onServerRunning: { channel in
        continuation.yield(channel.localAddress?.port ?? 0)
        continuation.finish()
      }
    )
    Task.detached {
      defer { continuation.finish() }
      try await app.runService()
    }
    for await port in ports where port > 0 { return port }
    throw ServerDidNotStart()
  }

  private struct ServerDidNotStart: Error {}

  private static func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.get("/items") { request, _ in
      let count = request.uri.queryParameters.get("count", as: Int.self) ?? 12
      return json(items(count: count))
    }
    router.get("/slow") { request, _ in
      let ms = request.uri.queryParameters.get("ms", as: Int.self) ?? 100
      if let token = request.uri.queryParameters.get("token") { arrivals.record(String(token)) }
      try await Task.sleep(for: .milliseconds(ms))
      return json(#"{"ms":\#(ms)}"#)
    }
    router.get("/hang") { request, _ in
      if let token = request.uri.queryParameters.get("token") { arrivals.record(String(token)) }
      try await Task.sleep(for: .seconds(60))
      return json("{}")
    }
    router.get("/status/{code}") { _, context in
      let code = context.parameters.get("code", as: Int.self) ?? 500
      return json(#"{"status":\#(code)}"#, status: .init(code: code))
    }
    router.get("/malformed") { _, _ in
      json(#"{"items": [{"id": 1, "title": "cut off"#)
    }
    router.get("/gzip") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "application/json", .contentEncoding: "gzip"],
        body: .init(byteBuffer: ByteBuffer(bytes: gzipBody))
      )
    }
    router.get("/large") { request, _ in
      let bytes = request.uri.queryParameters.get("bytes", as: Int.self) ?? 11 * 1024 * 1024
      let chunked = request.uri.queryParameters.get("chunked") == "1"
      let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
      let body = ResponseBody(contentLength: chunked ? nil : bytes) { writer in
        var left = bytes
        while left > 0 {
          let size = min(left, chunk.readableBytes)
          try await writer.write(chunk.getSlice(at: 0, length: size)!)
          left -= size
        }
        try await writer.finish(nil)
      }
      return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
    }
    router.on("/echo", method: .get, use: echo)
    router.on("/echo", method: .post, use: echo)
    router.on("/echo", method: .put, use: echo)
    router.on("/echo", method: .delete, use: echo)
    return router
  }

  @Sendable private static func echo(_ request: Request, _: BasicRequestContext) async throws -> Response {
    let body = try await request.body.collect(upTo: 1 << 20)
    var headers: [String: String] = [:]
    for field in request.headers { headers[field.name.canonicalName] = field.value }
    let object: [String: Any] = [
      "method": request.method.rawValue,
      "query": request.uri.query ?? "",
      "headers": headers,
      "body": String(buffer: body),
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return json(String(decoding: data, as: UTF8.self))
  }

  private static func items(count: Int) -> String {
    let items = (0..<max(0, count)).map { index in
      #"{"id":\#(index + 1),"title":"Seasonal dish \#(index + 1)","news_category":"#
        + #""recipes","thumbnail_url":"https://img.example/\#(index + 1).jpg","published_at":"#
        + #""2022-12-01T07:30:00.000+0000","rating":4.5}"#
    }
    return "[" + items.joined(separator: ",") + "]"
  }

  private static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text))
    )
  }
}

/// Which request tokens reached the server, so a test can act once its request is in flight.
final class ArrivalLog: Sendable {
  private struct State {
    var arrived: Set<String> = []
    var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
  }

  private let state = Mutex(State())

  func record(_ token: String) {
    let waiters = state.withLock { state in
      state.arrived.insert(token)
      return state.waiters.removeValue(forKey: token) ?? []
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once a request carrying `token` has reached the server.
  func wait(for token: String) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.arrived.contains(token) { return true }
        state.waiters[token, default: []].append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
