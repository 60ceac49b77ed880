import FixtureData
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Bounds the connections a server serves at once (``FixtureServer/Configuration/maximumConnections``).
///
/// Past the limit a new connection is refused in words a client understands: once its first request's head has
/// arrived, it is answered `503 Service Unavailable` with `Retry-After: 1`, `Connection: close` and
/// `{"error": "…"}`, and closed. At most ``maximumRefusing`` connections wait for their head at once to be refused;
/// past those, a connection is closed at once without an answer, so a flood of silent connections holds nothing.
final class ConnectionLimit: Sendable {
  /// What becomes of a new connection.
  enum Admission: Sendable {
    /// Served; call ``close()`` when it ends.
    case serve
    /// Answered `503` and closed; call ``endRefusal()`` when done.
    case refuse
    /// Closed at once.
    case drop
  }

  /// The most connections served at once.
  let maximum: Int
  /// The most connections being refused at once.
  let maximumRefusing: Int

  private struct Counts {
    var open = 0
    var refusing = 0
  }

  private let counts = Mutex(Counts())

  init(maximum: Int, maximumRefusing: Int = 64) {
    self.maximum = maximum
    self.maximumRefusing = maximumRefusing
  }

  /// The message of the `503` answer on a refused connection.
  var refusalMessage: String {
    "the server has \(maximum) connections open, its limit; close one or try again in a moment"
  }

  /// Decides the fate of a new connection.
  func admit() -> Admission {
    counts.withLock { counts in
      if counts.open < maximum {
        counts.open += 1
        return .serve
      }
      guard counts.refusing < maximumRefusing else { return .drop }
      counts.refusing += 1
      return .refuse
    }
  }

  /// A served connection has ended.
  func close() {
    counts.withLock { $0.open -= 1 }
  }

  /// A refused connection has ended.
  func endRefusal() {
    counts.withLock { $0.refusing -= 1 }
  }

  /// Answers the first request on `channel` with the refusal and closes it (at once if the client ends first).
  func refuse(_ channel: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>) async {
    let body = ByteBuffer(
      bytes: JSONWriter(prettyPrinted: true).bytes(of: FixtureReply.error(.serviceUnavailable, refusalMessage).payload))
    try? await channel.executeThenClose { inbound, outbound in
      var parts = inbound.makeAsyncIterator()
      guard case .head? = try await parts.next() else { return }
      let head = HTTPResponse(
        status: .serviceUnavailable,
        headerFields: [
          .contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes),
          .connection: "close", .retryAfter: "1",
        ])
      try await outbound.write(.head(head))
      try await outbound.write(.body(body))
      try await outbound.write(.end(nil))
    }
  }
}
