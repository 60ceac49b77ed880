import FixtureData
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with a ``RequestLineEscaper`` in front of the HTTP decoder, so requests
/// with unencoded non-ASCII URLs are served as json-server serves them, and with the server's connection limits:
/// a ``RequestHeadTimeout`` (fed by a ``RequestProgressReporter`` after the decoder) and Hummingbird's idle timeout.
struct LenientHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let base: HTTP1Channel
  let headerTimeout: TimeAmount

  /// The server builder to pass to `Application`: requests heads must arrive within `headerTimeout` of their first
  /// byte, and connections silent for `idleTimeout` (outside a response) are closed.
  static func builder(headerTimeout: Duration, idleTimeout: Duration) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in
      LenientHTTP1Channel(
        base: HTTP1Channel(
          responder: responder,
          configuration: HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestProgressReporter()], idleTimeout: timeAmount(idleTimeout))),
        headerTimeout: timeAmount(headerTimeout))
    }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(RequestLineEscaper(), position: .first)
      try channel.pipeline.syncOperations.addHandler(RequestHeadTimeout(timeout: headerTimeout), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger)
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }

  /// `duration` in NIO's unit, at least a millisecond.
  private static func timeAmount(_ duration: Duration) -> TimeAmount {
    let (seconds, attoseconds) = duration.components
    return .nanoseconds(max(1_000_000, min(seconds, 1_000_000_000) * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
