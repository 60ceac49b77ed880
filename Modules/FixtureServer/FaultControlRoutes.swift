import FixtureData
import Hummingbird

/// The run-time fault switch under `/__faults`, never itself subject to faults.
///
/// - `GET /__faults` → the plan as JSON (see ``FaultPlan/json``).
/// - `PUT /__faults` with that JSON → replaces the plan.
/// - `PUT /__faults/{scope}` with a JSON array of fault spellings, or the spellings separated by commas as plain
///   text → replaces the faults of one scope (`*` = global, else a resource name).
/// - `DELETE /__faults` → clears everything; `DELETE /__faults/{scope}` → clears one scope.
///
/// Every call answers with the resulting plan; bad input gets `400` with `{"error": …}`.
///
/// Only when ``enabled`` (``FixtureServer/Configuration/allowsFaultControl``, `kumiki-api --allow-faults`): otherwise
/// every call is refused with `403` and `{"error": …}` saying how to switch it on, and the plan stays as started.
struct FaultControlRoutes: Sendable {
  let faults: FaultStore
  /// Whether clients may read and change the plan.
  let enabled: Bool

  /// The largest request body the control endpoint reads.
  static let maximumBodyBytes = 64 * 1024

  func register(on router: Router<FixtureRequestContext>) {
    let group = router.group("__faults")
    guard enabled else {
      for method in [HTTPRequest.Method.get, .put, .post, .patch, .delete] {
        group.on("", method: method) { _, _ in Self.refusal() }
        group.on(":scope", method: method) { _, _ in Self.refusal() }
      }
      return
    }
    group.get { _, _ in self.planResponse(faults.current) }
    group.delete { _, _ in
      faults.replace(with: FaultPlan())
      return self.planResponse(faults.current)
    }
    group.put { request, _ in
      do {
        let plan = try FaultPlan(json: try await Self.body(of: request))
        faults.replace(with: plan)
        return self.planResponse(plan)
      } catch {
        return Self.badRequest(error)
      }
    }
    group.put(":scope") { request, context in
      let scope = FaultScope(context.parameters.get("scope") ?? "*")
      do {
        let list = try await Self.faultList(in: request)
        return self.planResponse(faults.set(list, for: scope))
      } catch {
        return Self.badRequest(error)
      }
    }
    group.delete(":scope") { _, context in
      let scope = FaultScope(context.parameters.get("scope") ?? "*")
      return self.planResponse(faults.set([], for: scope))
    }
  }

  private static func refusal() -> Response {
    json(.forbidden, .object(JSONObject([("error", .string(FaultInjector.faultControlOffMessage))])))
  }

  private func planResponse(_ plan: FaultPlan) -> Response {
    Self.json(.ok, plan.json)
  }

  private static func faultList(in request: Request) async throws -> [InjectedFault] {
    let text = try await bodyText(of: request).trimmingWhitespace()
    if text.hasPrefix("[") {
      return try FaultPlan.faults(from: try JSONParser.parse(text))
    }
    return try text.split(separator: ",").map { spec throws(FaultSpecError) in try InjectedFault(parsing: String(spec))
    }
  }

  private static func body(of request: Request) async throws -> JSONValue {
    try JSONParser.parse(try await bodyText(of: request))
  }

  private static func bodyText(of request: Request) async throws -> String {
    let buffer = try await request.body.collect(upTo: maximumBodyBytes)
    return String(decoding: buffer.readableBytesView, as: UTF8.self)
  }

  private static func badRequest(_ error: any Error) -> Response {
    let message =
      switch error {
      case let error as JSONParseError: "malformed JSON at \(error)"
      default: String(describing: error)
      }
    return json(.badRequest, .object(JSONObject([("error", .string(message))])))
  }

  private static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Response {
    let body = JSONWriter(prettyPrinted: true).bytes(of: value)
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(body.count)],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
