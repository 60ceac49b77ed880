import Foundation
import Networking
import Synchronization

/// The embedded API of a one-command run (the CLI: `LaunchOptions.singleCommand`): its `kumiki-api` child starts on
/// the first request that needs it, not at launch, so a command the response cache answers, or one that sends
/// nothing, starts no process. The app is assembled before the child listens, so its requests name ``placeholder``;
/// each is sent to the child's address once it listens, proving its run token as ``EmbeddedAPI`` requires.
final class EmbeddedAPIOnDemand: Sendable {
  /// The address the app's requests name until they are sent (the discard port of loopback: nothing is ever sent to
  /// it, each request goes to the child's address).
  static let placeholder = URL(string: "http://127.0.0.1:9")!

  private let start: @Sendable () async throws -> EmbeddedAPI
  /// The child's start, begun by the first request; every later request waits for the same one.
  private let starting = Mutex<Task<EmbeddedAPI, any Error>?>(nil)
  /// The client proving the child's run token, made once it listens (its refusals are remembered across requests).
  private let proving = Mutex<HTTPClient?>(nil)

  /// `start` starts the child (``EmbeddedAPI/start(binary:dataFile:port:options:log:)``); it runs at most once.
  init(start: @escaping @Sendable () async throws -> EmbeddedAPI) {
    self.start = start
  }

  /// The client that starts the child on its first request and sends every request to it through `curl`. A child
  /// that cannot start fails each request saying why: one whose data file does not load leaves the app offline as at
  /// launch before (``Networking/HTTPError/offline(_:reason:)``: the response cache answers what it holds, writes
  /// wait in the outbox; its message is the data file's problem, without the placeholder's address); any other
  /// failure (no `kumiki-api`, a server on the data file that proves no run token) is an error, not a reason to queue (``Networking/HTTPError/unavailable(_:reason:)``: `The embedded
  /// fixture server could not start: …`, without the placeholder's address), as a failed launch was.
  func client(over curl: HTTPClient) -> HTTPClient {
    HTTPClient { request in
      let server: EmbeddedAPI
      do {
        server = try await self.started()
      } catch let error as EmbeddedAPIError where error.unloadableData != nil {
        throw HTTPError.offline(request.url, reason: Self.reason(error))
      } catch {
        throw HTTPError.unavailable(request.url, reason: Self.reason(error))
      }
      let client = self.proving.withLock { proving in
        if let proving { return proving }
        let made =
          server.token.map { curl.provingRun($0, at: server.baseURL, handOvers: server.handOvers) } ?? curl
        proving = made
        return made
      }
      var sent = request
      sent.url = Self.rebase(request.url, onto: server.baseURL)
      return try await client.send(sent)
    }
  }

  /// Stops the child if a request started it (once its start has ended). Later calls return at once.
  func stop() async {
    guard let task = starting.withLock({ $0 }) else { return }
    if let server = try? await task.value { await server.stop() }
  }

  private func started() async throws -> EmbeddedAPI {
    let task = starting.withLock { starting in
      if let starting { return starting }
      let begun = Task { try await self.start() }
      starting = begun
      return begun
    }
    return try await task.value
  }

  /// `url` with ``placeholder``'s scheme, host and port replaced by `base`'s; any other URL as it is.
  static func rebase(_ url: URL, onto base: URL) -> URL {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
      parts.scheme == placeholder.scheme, parts.host == placeholder.host, parts.port == placeholder.port,
      let target = URLComponents(url: base, resolvingAgainstBaseURL: false)
    else { return url }
    parts.scheme = target.scheme
    parts.host = target.host
    parts.port = target.port
    return parts.url ?? url
  }

  /// Why the child could not start, as the launch used to say it (and, for a data file that does not load, how to
  /// fix it).
  static func reason(_ error: any Error) -> String {
    if let data = (error as? EmbeddedAPIError)?.unloadableData {
      return LiveApp.unloadableDataMessage(file: data.file, reason: data.reason)
    }
    return String(describing: LaunchError.embeddedServer(String(describing: error)))
  }
}
