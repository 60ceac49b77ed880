import FixtureData
import Hummingbird

/// Reports one line per request to a log function: `GET /posts?_page=2 → 200 (1.4 ms)`, or
/// `→ dropped (…)` when the connection was abandoned (truncated-body and reset faults).
struct RequestLogMiddleware: RouterMiddleware {
  typealias Context = FixtureRequestContext

  let log: @Sendable (String) -> Void

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    let target = "\(request.method) \(request.head.path ?? request.uri.description)"
    func elapsed() -> String {
      let tenths = Int(((ContinuousClock.now - start) / .microseconds(100)).rounded())
      return "\(tenths / 10).\(tenths % 10) ms"
    }
    do {
      let response = try await next(request, context)
      log("\(target) → \(response.status.code) (\(elapsed()))")
      return response
    } catch let error as any HTTPResponseError {
      log("\(target) → \(error.status.code) (\(elapsed()))")
      throw error
    } catch {
      log("\(target) → dropped (\(elapsed()))")
      throw error
    }
  }
}
