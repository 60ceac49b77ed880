import FixtureData
import HTTPTypes
import Hummingbird
import NIOCore

import struct Networking.RunToken

/// Who may use the server, checked in front of every route (the first middleware after the request log, so before
/// CORS, faults, `/__faults` and every read and write): the fixture API serves the programs of the person who started
/// it, not the web pages their browser opens.
///
/// 1. **Host.** A request's `Host` must be the server's own: `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT`, or
///    the address it was bound to (with a wildcard bind, `0.0.0.0` or `::`, any IP address); otherwise `421` (a page
///    on another site that points its name at 127.0.0.1, DNS rebinding, sends its own name).
/// 2. **Run token** (``FixtureServer/Configuration/runToken``, `--token-file`): a request must prove it knows the
///    secret (``RunToken``: `Kumiki-Nonce` and `Kumiki-Token`), otherwise `401`; every answer to one that does
///    carries `Kumiki-Proof`, so the app knows the server knows it too.
/// 3. **Origin.** A write (any method but `GET`, `HEAD`, `OPTIONS`) or a preflight (`OPTIONS`) whose `Origin` is
///    not allowed is refused with `403`: allowed are the server's own origins (`http://` and a host of rule 1) and
///    those given with `--cors` (``FixtureServer/Configuration/allowedOrigins``); `null` never is. A write without an
///    allowed `Origin` whose body a web page can send without asking (`text/plain`, a form, `multipart/form-data`)
///    is refused with `403` too: a browser sends such a request to any address without a preflight. Reads from
///    another origin are answered, without `Access-Control-Allow-Origin`, so the page cannot read them
///    (``CORSMiddleware``).
///
/// A refused request changes nothing and goes no further: its body is never read. Method override and route
/// rewriting run before it (outside the router), so it judges the method and path the routes will see.
struct RequestGuard: RouterMiddleware {
  typealias Context = FixtureRequestContext

  /// The address the server was bound to (``FixtureServer/Configuration/host``).
  let boundHost: String
  /// The port of the configuration, when the connection does not know its own.
  let configuredPort: Int
  /// `--cors` origins, lower case.
  let allowedOrigins: Set<String>
  let token: RunToken?

  /// The content types a page may send anywhere without a preflight (the Fetch standard's CORS-safelisted ones).
  static var simpleContentTypes: Set<String> {
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let port = context.channel.localAddress?.port ?? configuredPort
    if let refusal = refusal(of: request, port: port) { return refusal }
    let nonce = token == nil ? nil : request.headers[Self.nonceField]
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      response = try error.response(from: request, context: context)
    } catch {
      // Any other failure would become a 500 without a proof, which an app takes for an impostor: answer it here,
      // proven. (A connection a fault closed has no answer to prove.)
      guard token != nil, !(error is FaultInjector.ConnectionAbandoned) else { throw error }
      let reason = VisibleText.shown(String(describing: error))
      response = Self.errorAnswer(.internalServerError, "the server failed: \(reason)")
    }
    if let token, let nonce { response.headers[Self.proofField] = token.answerProof(nonce: nonce) }
    return response
  }

  /// The answer refusing `request`, or `nil` when it may go on.
  func refusal(of request: Request, port: Int) -> Response? {
    let host = request.head.authority
    guard let host, Self.isOwnHost(host, port: port, boundHost: boundHost) else {
      let named = host.map { "Host \(VisibleText.shown($0, limit: 200))" } ?? "a request without a Host"
      return Self.errorAnswer(
        .misdirectedRequest,
        "\(named) is not this server: kumiki-api answers only requests addressed to itself "
          + "(\(Self.ownHosts(port: port, boundHost: boundHost).joined(separator: ", "))), so that a web page "
          + "cannot reach it through a name of its own (DNS rebinding)")
    }
    if let token {
      guard let nonce = request.headers[Self.nonceField], RunToken.isValidNonce(nonce),
        RunToken.matches(request.headers[Self.tokenField], token.requestProof(nonce: nonce))
      else {
        return Self.errorAnswer(
          .unauthorized,
          "this kumiki-api serves only the apps that started it: a request must prove it knows the run's token "
            + "(\(RunToken.nonceHeader) and \(RunToken.tokenHeader), from the --token-file)")
      }
    }
    let origin = request.headers[.origin]
    let writes = ![.get, .head, .options].contains(request.method)
    let allowed = origin.map { allows(origin: $0, port: port) } ?? false
    if let origin, !allowed, writes || request.method == .options {
      return Self.errorAnswer(
        .forbidden,
        "Origin \(VisibleText.shown(origin, limit: 200)) may not write here: a page on another origin changes "
          + "nothing unless kumiki-api was started with --cors ORIGIN for it (never for null)")
    }
    if writes, !allowed, let kind = Self.simpleBody(of: request) {
      return Self.errorAnswer(
        .forbidden,
        "a write with \(kind) and no allowed Origin is refused, since any web page can send one without asking: "
          + "send the body as JSON with Content-Type: application/json (curl -H 'Content-Type: application/json')")
    }
    return nil
  }

  /// Whether `origin` is one of the server's own or one given with `--cors`.
  func allows(origin: String, port: Int) -> Bool {
    Self.allows(origin: origin, allowed: allowedOrigins, port: port, boundHost: boundHost)
  }

  /// Whether `origin` (an `Origin` header) is `http://` and a host the server answers as its own on `port`, or one
  /// of `allowed`; `null` never is.
  static func allows(origin: String, allowed: Set<String>, port: Int, boundHost: String) -> Bool {
    let origin = origin.lowercased()
    if allowed.contains(origin) { return true }
    guard origin.hasPrefix("http://") else { return false }
    let host = origin.dropFirst("http://".count)
    return !host.contains("/") && isOwnHost(String(host), port: port, boundHost: boundHost)
  }

  /// `Content-Type: text/plain` and the like when the request's body is one a page can send anywhere without a
  /// preflight, else `nil`.
  static func simpleBody(of request: Request) -> String? {
    guard let type = request.headers[.contentType] else { return nil }
    let media =
      type.split(separator: ";", maxSplits: 1).first.map { String($0).trimmingWhitespace().lowercased() } ?? ""
    return simpleContentTypes.contains(media) ? "Content-Type: \(media)" : nil
  }

  /// The `Host` spellings that name this server on `port`.
  static func ownHosts(port: Int, boundHost: String) -> [String] {
    var names = ["127.0.0.1", "localhost", "[::1]"]
    let bound = boundHost.contains(":") ? "[\(boundHost.lowercased())]" : boundHost.lowercased()
    if !names.contains(bound), !isWildcard(boundHost) { names.append(bound) }
    return names.map { "\($0):\(port)" }
  }

  /// Whether `host` (a `Host` header or an origin's host and port) names this server on `port`.
  static func isOwnHost(_ host: String, port: Int, boundHost: String) -> Bool {
    let host = host.lowercased()
    let name: Substring
    let portText: Substring?
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      name = host[...close]
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || rest.hasPrefix(":") else { return false }
      portText = rest.isEmpty ? nil : rest.dropFirst()
    } else if let colon = host.lastIndex(of: ":") {
      name = host[..<colon]
      portText = host[host.index(after: colon)...]
    } else {
      name = Substring(host)
      portText = nil
    }
    if let portText {
      guard portText.allSatisfy(\.isASCII), Int(portText) == port, portText.first != "+" else { return false }
    } else {
      guard port == 80 else { return false }
    }
    if ownHosts(port: port, boundHost: boundHost).contains("\(name):\(port)") { return true }
    return isWildcard(boundHost) && isAddressLiteral(name)
  }

  private static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

  /// Whether `name` is an IPv4 address (`192.168.1.2`) or a bracketed IPv6 one: a name no DNS answer can point
  /// elsewhere.
  private static func isAddressLiteral(_ name: Substring) -> Bool {
    if name.hasPrefix("[") {
      return name.hasSuffix("]") && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { part in part.count <= 3 && Int(part).map { $0 <= 255 } ?? false }
  }

  private static var nonceField: HTTPField.Name { HTTPField.Name(RunToken.nonceHeader)! }
  private static var tokenField: HTTPField.Name { HTTPField.Name(RunToken.tokenHeader)! }
  private static var proofField: HTTPField.Name { HTTPField.Name(RunToken.proofHeader)! }

  private static func errorAnswer(_ status: HTTPResponse.Status, _ message: String) -> Response {
    let body = JSONWriter(prettyPrinted: true).bytes(of: .object(JSONObject([("error", .string(message))])))
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(body.count), .vary: "Origin"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
