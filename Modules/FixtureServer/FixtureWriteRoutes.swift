import FixtureData
import Foundation
import HTTPTypes
import Hummingbird

/// The json-server write endpoints: `POST`, `PUT`, `PATCH` and `DELETE` on `/name` and `/name/:id`, with
/// ``WriteEngine``'s semantics applied to the ``FixtureStore``.
///
/// Each request goes through the fault plan of its resource as a read does
/// (``FaultInjector/serve(_:resource:plan:context:on:exemptingStatusFaults:reply:)``), then, in this order:
/// - `403` with `{"error": …}` when the server is read-only;
/// - `400` with `{"error": …}` for a body that is not one JSON object (an empty body counts as `{}`; `DELETE`
///   ignores its body; a form, `application/x-www-form-urlencoded`, is read as ``WriteBody/form(from:)`` says),
///   `413` for one larger than ``WriteBody/maximumBytes`` or a form of more than ``WriteBody/maximumFormFields``;
/// - the engine's answer (`200`, `201`, `404 {}`, `409`, `412` with the item as it is now when `If-Match` names
///   another version of it: ``IfMatch``), after the change is saved when the server has a
///   `db.json` file; when that save fails, `507` (a full disk or quota, or data over the size limit) or `500`
///   (any other failure: a read-only file system, no permission, an I/O error) with `{"error": …}` saying why in
///   the system's words, and nothing changed.
///
/// A `201` carries `Location`, the URL of what was created, as json-server sends it.
///
/// A write with an `Idempotency-Key` (``IdempotencyStore``) is checked before it is done: a key kept for the same
/// request is answered with the kept answer again, `Idempotent-Replayed: true`, nothing written — before the fault
/// plan's `status` faults (only latency and the connection faults apply to it) and before `If-Match`; a key that is
/// not 1 to 255 visible ASCII characters (or given twice) is `400`; a key kept for another request is `422`; a key
/// whose first request is still running is `409` with `Retry-After: 1`. A new key's answer is kept when it is a
/// success (2xx), saved in the same atomic save as the change (``FixtureStore/update(keeping:journaling:_:)``): a refused or
/// failed write changed nothing, so its retry is done again. Without the header a write is as json-server's.
struct FixtureWriteRoutes: Sendable {
  /// The data, and the answers kept for `Idempotency-Key`s (``FixtureStore/idempotency``), saved together.
  let store: FixtureStore
  let faults: FaultStore
  let injector: FaultInjector
  let engine: WriteEngine
  /// Whether every write is refused with `403`, as json-server's `--read-only` does.
  let readOnly: Bool
  /// `host:port` used in `Location` URLs when a request has no `Host` header.
  let fallbackHost: String
  /// Test-only: where each applied write is recorded (``FixtureServer/Configuration/writeJournal``).
  var journal: WriteJournal?

  /// `507 Insufficient Storage` (RFC 4918), the answer to a write the disk had no room to save.
  static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")

  /// The message of the `403` answer on a read-only server.
  static let readOnlyMessage = "the server is read-only"

  func register(on router: Router<FixtureRequestContext>) {
    for method in WriteRequest.Method.allCases {
      let httpMethod = HTTPRequest.Method(rawValue: method.rawValue)!
      router.on(":resource", method: httpMethod) { request, context in
        try await self.write(method, request, context, resource: FixtureRoutes.segment("resource", of: context))
      }
      router.on(":resource/:id", method: httpMethod) { request, context in
        try await self.write(
          method, request, context, resource: FixtureRoutes.segment("resource", of: context),
          id: FixtureRoutes.segment("id", of: context))
      }
    }
  }

  /// Answers one write on `/resource` or `/resource/:id`, or, with `parent`, a `POST /parent/:id/resource`.
  func write(
    _ method: WriteRequest.Method, _ request: Request, _ context: FixtureRequestContext, resource name: String,
    id: String? = nil, parent: WriteRequest.Parent? = nil
  ) async throws -> Response {
    let keys = request.headers[values: Self.idempotencyKey]
    var body = JSONObject()
    var bytes: [UInt8] = []
    var bodyError: FixtureReply?
    if method != .delete {
      do {
        bytes = Array(try await request.body.collect(upTo: WriteBody.maximumBytes).readableBytesView)
        body = try WriteBody.object(from: bytes, contentType: request.headers[.contentType])
      } catch WriteBodyError.tooManyFormFields {
        bodyError = .error(.contentTooLarge, WriteBodyError.tooManyFormFields.description)
      } catch let error as WriteBodyError {
        bodyError = .error(.badRequest, error.description)
      } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
        bodyError = .error(.contentTooLarge, "the body is larger than \(WriteBody.maximumBytes) bytes")
      }
    }
    let keyed =
      keys.count == 1 && keys.allSatisfy(IdempotencyStore.isValidKey)
      ? IdempotencyStore.Request(key: keys[0], method: method.rawValue, path: request.uri.path, body: bytes) : nil
    // A repeat of a write already done is answered before the faults: a server that has the answer gives it, whatever
    // answer a fault would have put in place of the first one.
    if !readOnly, bodyError == nil, let keyed, let record = store.idempotency.replay(of: keyed) {
      return try await injector.serve(
        request, resource: name, plan: faults.current, context: context, exemptingStatusFaults: true
      ) {
        var reply = FixtureReply(status: HTTPResponse.Status(code: record.status), payload: record.payload)
        addLocation(to: &reply, request, createdID: record.createdID)
        reply.headers[Self.replayed] = "true"
        return reply
      }
    }
    return try await injector.serve(request, resource: name, plan: faults.current, context: context) {
      guard !readOnly else { return .error(.forbidden, Self.readOnlyMessage) }
      guard keys.count <= 1, keys.allSatisfy(IdempotencyStore.isValidKey) else {
        return .error(.badRequest, Self.invalidKeyMessage)
      }
      if let bodyError { return bodyError }
      let idempotency = store.idempotency
      if let keyed {
        switch idempotency.claim(keyed) {
        case .proceed: break
        case .replay(let record):
          var reply = FixtureReply(status: HTTPResponse.Status(code: record.status), payload: record.payload)
          addLocation(to: &reply, request, createdID: record.createdID)
          reply.headers[Self.replayed] = "true"
          return reply
        case .mismatch(let earlier):
          let other =
            earlier.method == keyed.method && earlier.path == keyed.path
            ? "with another body" : "\(earlier.method) \(earlier.path)"
          return .error(
            Self.unprocessable,
            "Idempotency-Key \(keyed.key) was used for another request (\(other)); a new write needs a new key")
        case .busy:
          var reply = FixtureReply.error(
            .conflict, "a request with Idempotency-Key \(keyed.key) is still being answered; try again")
          reply.headers[.retryAfter] = "1"
          return reply
        }
      }
      // Whatever happens below, a claimed key is not running any more: kept with the write's answer, or forgotten.
      defer { if let keyed { idempotency.abandon(keyed) } }
      var pending = WriteRequest(method, name, id: id, body: body)
      pending.parent = parent
      let conditions = request.headers[values: .ifMatch]
      pending.ifMatch = conditions.isEmpty ? nil : conditions.joined(separator: ",")
      let writeRequest = pending
      let engine = self.engine
      let journal = self.journal
      let path = request.uri.path
      let ifMatch = conditions.first
      let written = body
      let outcome: WriteOutcome
      do throws(DatabaseSaveError) {
        // The answer's key is saved with the change, in the same atomic save (FixtureStore).
        outcome = try await store.update(
          keeping: { outcome in
            guard let keyed, (200..<300).contains(outcome.reply.status.code) else { return nil }
            return idempotency.record(
              keyed, status: outcome.reply.status.code, createdID: outcome.createdID, payload: outcome.reply.payload)
          },
          journaling: { outcome in
            journal?.line(
              method: method.rawValue, path: path, key: keyed?.key, ifMatch: ifMatch, status: outcome.reply.status.code,
              etag: FaultInjector.etag(of: JSONWriter(prettyPrinted: true).bytes(of: outcome.reply.payload)),
              body: written)
          },
          { database in
            let outcome = engine.apply(writeRequest, to: &database)
            return (outcome, outcome.changed)
          })
      } catch {
        return .error(error.isOutOfSpace ? Self.insufficientStorage : .internalServerError, error.description)
      }
      var reply = outcome.reply
      addLocation(to: &reply, request, createdID: outcome.createdID)
      return reply
    }
  }

  /// Adds `Location` to a `201`: the request's URL, with the created item's id when there is one.
  private func addLocation(to reply: inout FixtureReply, _ request: Request, createdID: String?) {
    guard reply.status == .created else { return }
    var location = "http://\(request.head.authority ?? fallbackHost)\(request.uri.path)"
    if let createdID {
      location += "/" + (createdID.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? createdID)
    }
    reply.headers[.location] = location
    reply.headers[.accessControlExposeHeaders] = "Location"
  }

  /// The `Idempotency-Key` request header.
  static let idempotencyKey = HTTPField.Name(IdempotencyStore.headerName)!
  /// The `Idempotent-Replayed` answer header.
  static let replayed = HTTPField.Name(IdempotencyStore.replayedHeaderName)!
  /// `422 Unprocessable Content`: a key used for another request.
  static let unprocessable = HTTPResponse.Status(code: 422, reasonPhrase: "Unprocessable Content")
  /// The `400` answer to a key that is not one.
  static let invalidKeyMessage =
    "Idempotency-Key must be given once, as 1 to \(IdempotencyStore.maximumKeyLength) visible ASCII characters"

  /// RFC 3986's unreserved characters, the only ones an id keeps unescaped in a `Location` URL.
  private static let unreserved = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
