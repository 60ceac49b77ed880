import Foundation
import Networking
import Synchronization

extension HTTPClient {
  /// This client for the embedded API at `baseURL`, whose run token is `token` (``EmbeddedAPI``): every request to
  /// that origin carries a fresh nonce and its proof (`Kumiki-Nonce`, `Kumiki-Token`; the secret itself is never
  /// sent), and an answer is used only when its `Kumiki-Proof` is the one for that nonce. Anything else — a program
  /// that took the port after the server this app joined stopped, a server started without the token — is refused
  /// with ``Networking/HTTPError/invalidResponse(_:reason:)`` saying so, and from then on nothing more is sent
  /// there: every request fails at once with the same words. Requests to other origins pass unchanged.
  ///
  /// With `handOvers` (the app's child, which joins another app's server when one serves the data file): a request
  /// that finds nothing listening while the child runs (the server it joined is stopping) waits, at most
  /// ``handOverLimit``, for the child to take over at the same address, then goes again, once; if the child could not
  /// take over, the error says the API changed hands, not that it could not be reached.
  func provingRun(_ token: RunToken, at baseURL: URL, handOvers: HandOvers? = nil) -> HTTPClient {
    let origin = URLCredentials.origin(of: baseURL)
    let refusal = Refusal()
    return HTTPClient { request in
      guard URLCredentials.origin(of: request.url) == origin else { return try await send(request) }
      if let reason = refusal.reason { throw HTTPError.invalidResponse(request.url, reason: reason) }
      func proven() -> (HTTPRequest, String) {
        let nonce = RunToken.makeNonce()
        var proven = request
        proven.headers[RunToken.nonceHeader] = nonce
        proven.headers[RunToken.tokenHeader] = token.requestProof(nonce: nonce)
        return (proven, nonce)
      }
      let seen = handOvers?.count ?? 0
      var (sent, nonce) = proven()
      let response: HTTPResponse
      do {
        response = try await send(sent)
      } catch HTTPError.cannotConnect(let url, let reason) where handOvers != nil {
        // Connection refused: nothing was sent. The server this app joined may be stopping, its child taking over;
        // once the child has ended, the last take-over says what became of the address.
        let outcome =
          handOvers?.childRuns == true
          ? await handOvers?.outcome(after: seen, within: Self.handOverLimit) : handOvers?.last
        switch outcome {
        case .tookOver?:
          (sent, nonce) = proven()
          response = try await send(sent)
        case .failed(let words)?:
          throw HTTPError.cannotConnect(
            url,
            reason: "the shared embedded API changed hands: the server this app joined stopped, and this app's "
              + "kumiki-api could not take over its address (\(words)); quit and start the app again")
        case nil:
          throw HTTPError.cannotConnect(url, reason: reason)
        }
      }
      guard RunToken.matches(response.headers[RunToken.proofHeader], token.answerProof(nonce: nonce)) else {
        let reason = refusal.record(Self.impostorReason(baseURL, status: response.status))
        throw HTTPError.invalidResponse(request.url, reason: reason)
      }
      return response
    }
  }

  /// How long a request waits for the app's child to take over the address of the server it joined.
  static let handOverLimit = Duration.seconds(5)

  /// Why an answer without the run's proof is refused, in words that tell it from an API that cannot be reached.
  static func impostorReason(_ baseURL: URL, status: Int) -> String {
    let address = "\(baseURL.host ?? "127.0.0.1"):\(baseURL.port.map(String.init) ?? "")"
    return "what answers at \(address) (status \(status)) cannot prove it is the embedded kumiki-api this app "
      + "started or joined: the shared embedded API changed hands, and not to a server of this run (it stopped, and "
      + "another program took its port); nothing it sent was used and nothing more is sent to it — quit and start "
      + "the app again to run a new embedded API"
  }
}

/// The first refusal of a ``HTTPClient/provingRun(_:at:handOvers:)`` client, which every later request repeats.
private final class Refusal: Sendable {
  private let stored = Mutex<String?>(nil)

  var reason: String? { stored.withLock { $0 } }

  /// Keeps `reason` unless one is kept already; returns the one kept.
  func record(_ reason: String) -> String {
    stored.withLock { stored in
      if stored == nil { stored = reason }
      return stored ?? reason
    }
  }
}
