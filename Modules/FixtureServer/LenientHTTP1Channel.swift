import FixtureData
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with a ``RequestLineEscaper`` in front of the HTTP decoder, so requests
/// with unencoded non-ASCII URLs are served as json-server serves them.
struct LenientHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let base: HTTP1Channel

  /// The server builder to pass to `Application`.
  static var builder: HTTPServerBuilder {
    HTTPServerBuilder { responder in LenientHTTP1Channel(base: HTTP1Channel(responder: responder)) }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(RequestLineEscaper(), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger)
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}
