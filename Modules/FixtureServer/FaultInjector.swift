import FixtureData
import HTTPTypes
import Hummingbird
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a ``FixtureReply`` into the HTTP response a client sees, after applying the effective faults (see
/// ``FaultPlan`` for how lists combine) and the server-wide delay.
struct FaultInjector: Sendable {
  /// The error that aborts a response whose connection a fault has already closed or reset.
  struct ConnectionAbandoned: Error {}

  /// The request header naming per-request faults, e.g. `X-Kumiki-Fault: status=503, latency=100`.
  static let headerName = HTTPField.Name("X-Kumiki-Fault")!

  /// Added to every data response, before any injected latency.
  let delay: Duration
  /// Whether requests may ask for faults with the `X-Kumiki-Fault` header (``FixtureServer/Configuration/allowsFaultControl``).
  /// When not, a request that carries it is refused with `403`.
  var allowsHeaderFaults = false

  /// The message of the `403` answer to a fault request (the header, or `/__faults`) when fault control is off.
  static let faultControlOffMessage =
    "fault injection over HTTP is off: start kumiki-api with --allow-faults (Configuration.allowsFaultControl)"

  /// The size of the pieces a `huge-body` answer is sent in.
  static let hugeBodyChunkBytes = 256 << 10

  /// The faults for one request: the plan's list for `resource`, then the header's. A header value of `none`
  /// discards the plan's faults for this request.
  /// - Throws: ``FaultSpecError`` for a header that does not parse.
  static func faults(for resource: String, plan: FaultPlan, header: String?) throws(FaultSpecError) -> [InjectedFault] {
    guard let header, !header.trimmingWhitespace().isEmpty else { return plan.faults(forResource: resource) }
    if header.trimmingWhitespace().lowercased() == "none" { return [] }
    var faults = plan.faults(forResource: resource)
    for spec in header.split(separator: ",") {
      faults.append(try InjectedFault(parsing: String(spec)))
    }
    return faults
  }

  /// The fault that decides the response: the last one that is not a latency, if any.
  static func decisive(in faults: [InjectedFault]) -> InjectedFault? {
    faults.last { fault in
      if case .latency = fault { false } else { true }
    }
  }

  /// Answers `request` for `resource`: resolves its faults (the plan's, then its `X-Kumiki-Fault` header's) and
  /// passes them to ``respond(faults:context:ifNoneMatch:on:reply:)``. A header that does not parse is answered `400`
  /// at once; any header at all is answered `403` when ``allowsHeaderFaults`` is off. Neither runs `makeReply`.
  ///
  /// A request whose client has gone (its connection closed, or the client ended its side of it) is not answered
  /// at all: it throws ``ConnectionAbandoned`` before any work, so a departed client's queued requests cost nothing
  /// (and a write that nobody waits for any more does not happen).
  ///
  /// With a `runner` (a long read), the reply is made and written out on its worker threads, once a turn is free:
  /// after the wait (a `--delay` does not hold a turn), and only if the client is still there.
  ///
  /// `exemptingStatusFaults` leaves the `status` faults out: a write's repeat that the server answers with the kept
  /// answer of its first attempt (`Idempotency-Key`) gets that answer, not an injected refusal.
  /// - Throws: ``HeavyWorkRunner/Refusal/busy`` when the runner refuses to queue more.
  func serve(
    _ request: Request, resource: String, plan: FaultPlan, context: FixtureRequestContext,
    on runner: HeavyWorkRunner? = nil, exemptingStatusFaults: Bool = false,
    reply makeReply: () async throws -> FixtureReply
  ) async throws -> Response {
    guard context.channel.isActive else { throw ConnectionAbandoned() }
    let header = request.headers[Self.headerName]
    if !allowsHeaderFaults, let header, !header.trimmingWhitespace().isEmpty {
      return try await FaultInjector(delay: .zero).respond(faults: [], context: context) {
        .error(.forbidden, Self.faultControlOffMessage)
      }
    }
    var faults: [InjectedFault]
    do throws(FaultSpecError) {
      faults = try Self.faults(for: resource, plan: plan, header: header)
    } catch {
      return try await FaultInjector(delay: .zero).respond(faults: [], context: context) {
        .error(.badRequest, error.description)
      }
    }
    if exemptingStatusFaults {
      faults.removeAll { if case .status = $0 { true } else { false } }
    }
    let validator = request.method == .get || request.method == .head ? request.headers[.ifNoneMatch] : nil
    return try await respond(
      faults: faults, context: context, ifNoneMatch: validator, on: runner, reply: makeReply)
  }

  /// Waits out the delay and latencies, then builds the response the decisive fault asks for.
  ///
  /// `makeReply` runs after the wait, and only when the answer needs it: a `status` or `reset` fault replaces the
  /// whole answer, so a request faulted that way never reaches the data (a faulted write changes nothing). The
  /// body-altering faults spoil the real reply, and `drop-answer` resets the connection once it is made, so a write
  /// faulted that way has happened.
  ///
  /// An answer without faults, whatever its status (a write's `201`, a `404 {}`, an error), carries an `ETag` (a
  /// weak tag of its body), as json-server's Express `res.send` does; when `ifNoneMatch` (a GET's or HEAD's
  /// `If-None-Match`) names the tag of a `200`, the answer is `304 Not Modified` without a body.
  ///
  /// With a `runner`, what follows the wait runs there (see ``serve(_:resource:plan:context:on:exemptingStatusFaults:reply:)``).
  func respond(
    faults: [InjectedFault], context: FixtureRequestContext, ifNoneMatch: String? = nil,
    on runner: HeavyWorkRunner? = nil, reply makeReply: () async throws -> FixtureReply
  ) async throws -> Response {
    var wait = delay
    for case .latency(let milliseconds) in faults {
      wait += .milliseconds(milliseconds)
    }
    if wait > .zero { try await Task.sleep(for: wait) }

    let writer = JSONWriter(prettyPrinted: true)
    let decisive = Self.decisive(in: faults)

    switch decisive {
    case .status(let code)?:
      let status = HTTPResponse.Status(code: code)
      let payload = JSONValue.object(
        JSONObject([("error", .string("injected fault: status=\(code)")), ("status", .integer(code))]))
      return Self.response(status, Self.headers(), writer.bytes(of: payload))
    case .connectionReset?:
      try await Self.reset(context)
    default:
      break
    }

    guard let runner else {
      return try await answer(decisive: decisive, context: context, ifNoneMatch: ifNoneMatch, reply: makeReply)
    }
    return try await runner.run {
      guard context.channel.isActive else { throw ConnectionAbandoned() }
      return try await answer(decisive: decisive, context: context, ifNoneMatch: ifNoneMatch, reply: makeReply)
    }
  }

  /// The response to a request whose wait is over and whose answer is not a `status` or `reset` fault: the reply,
  /// spoilt by the `decisive` fault if any.
  private func answer(
    decisive: InjectedFault?, context: FixtureRequestContext, ifNoneMatch: String?,
    reply makeReply: () async throws -> FixtureReply
  ) async throws -> Response {
    let writer = JSONWriter(prettyPrinted: true)
    let reply = try await makeReply()
    if decisive == .answerDropped { try await Self.reset(context) }
    var headers = Self.headers(reply.headers)
    switch decisive {
    case nil:
      let body = writer.bytes(of: reply.payload)
      let etag = Self.etag(of: body)
      headers[.eTag] = etag
      guard reply.status == .ok else { return Self.response(reply.status, headers, body) }
      if let ifNoneMatch,
        ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
      {
        headers[.contentType] = nil
        return Self.response(.notModified, headers, [])
      }
      return Self.response(reply.status, headers, body)
    case .latency?, .status?, .connectionReset?, .answerDropped?:
      preconditionFailure("latencies are never decisive; status, reset and drop-answer were answered above")
    case .malformedJSON?:
      return Self.response(reply.status, headers, FaultBodies.malformed(writer.bytes(of: reply.payload)))
    case .wrongFieldTypes?:
      return Self.response(reply.status, headers, writer.bytes(of: FaultBodies.wrongTypes(reply.payload)))
    case .hugeBody(let bytes)?:
      let body = FaultBodies.huge(reply.payload, minimumBytes: bytes)
      headers[.contentLength] = String(body.count)
      return Response(
        status: reply.status, headers: headers,
        body: ResponseBody(contentLength: body.count) { writer in
          var chunks = body.chunks(ofSize: Self.hugeBodyChunkBytes)
          while let chunk = chunks.next() {
            try await writer.write(ByteBuffer(bytes: chunk))
          }
          try await writer.finish(nil)
        })
    case .truncatedBody?:
      let body = writer.bytes(of: reply.payload)
      let sent = Array(body.prefix(FaultBodies.truncatedLength(of: body.count)))
      headers[.contentLength] = String(body.count)
      headers[.connection] = "close"
      let channel = context.channel
      return Response(
        status: reply.status, headers: headers,
        body: ResponseBody { writer in
          try await writer.write(ByteBuffer(bytes: sent))
          try? await channel.close()
          throw ConnectionAbandoned()
        })
    }
  }

  /// Resets the request's connection (TCP RST: `SO_LINGER` 0) and abandons the response.
  private static func reset(_ context: FixtureRequestContext) async throws -> Never {
    let channel = context.channel
    if let socket = channel as? any SocketOptionProvider {
      try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
    }
    try? await channel.close()
    throw ConnectionAbandoned()
  }

  /// `extra` plus the headers of every data response: JSON content type, no caching (CORS headers are
  /// ``CORSMiddleware``'s).
  private static func headers(_ extra: HTTPFields = [:]) -> HTTPFields {
    var headers = extra
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.cacheControl] = "no-cache"
    return headers
  }

  /// `W/"<length>-<FNV-1a 64 of the body, hex>"`: the same body, the same tag, in every run.
  static func etag(of body: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return "W/\"\(String(body.count, radix: 16))-\(String(hash, radix: 16))\""
  }

  private static func response(_ status: HTTPResponse.Status, _ headers: HTTPFields, _ body: [UInt8]) -> Response {
    var headers = headers
    headers[.contentLength] = String(body.count)
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
