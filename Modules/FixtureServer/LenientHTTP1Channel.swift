import FixtureData
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 child channel with a ``RequestLineEscaper`` in front of the HTTP decoder, so requests
/// with unencoded non-ASCII URLs are served as json-server serves them, and with the server's connection limits:
/// a ``RequestHeadTimeout`` (fed by a ``RequestProgressReporter`` after the decoder), Hummingbird's idle timeout, a
/// ``ConnectionLimit`` and a ``PipelineLimit``.
///
/// A client that ends its side of the connection (closes it, or half-closes it) has gone: the connection is closed
/// then (Hummingbird's own setting keeps a half-closed connection open), so the requests it left queued are not
/// computed (``FaultInjector/serve(_:resource:plan:context:on:exemptingStatusFaults:reply:)`` checks), as Go's `http.Server` cancels a
/// request's context when its client's connection reads EOF. Requests on one connection are answered one after
/// another, at most ``PipelineLimit/maximumWaiting`` waiting (``PipelineLimit``).
struct LenientHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let base: HTTP1Channel
  let headerTimeout: TimeAmount
  let connections: ConnectionLimit

  /// The server builder to pass to `Application`: requests heads must arrive within `headerTimeout` of their first
  /// byte, connections silent for `idleTimeout` (outside a response) are closed, and at most `maximumConnections`
  /// are served at once.
  static func builder(headerTimeout: Duration, idleTimeout: Duration, maximumConnections: Int) -> HTTPServerBuilder {
    let connections = ConnectionLimit(maximum: maximumConnections)
    return HTTPServerBuilder { responder in
      LenientHTTP1Channel(
        base: HTTP1Channel(
          responder: responder,
          configuration: HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestProgressReporter(), PipelineLimit()],
            idleTimeout: timeAmount(idleTimeout))),
        headerTimeout: timeAmount(headerTimeout), connections: connections)
    }
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    do {
      try channel.syncOptions?.setOption(ChannelOptions.allowRemoteHalfClosure, value: false)
      try channel.pipeline.syncOperations.addHandler(RequestLineEscaper(), position: .first)
      try channel.pipeline.syncOperations.addHandler(RequestHeadTimeout(timeout: headerTimeout), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger)
  }

  func handle(value: Value, logger: Logger) async {
    switch connections.admit() {
    case .serve:
      defer { connections.close() }
      await base.handle(value: value, logger: logger)
    case .refuse:
      defer { connections.endRefusal() }
      await connections.refuse(value)
    case .drop:
      try? await value.channel.close()
    }
  }

  /// `duration` in NIO's unit, at least a millisecond.
  private static func timeAmount(_ duration: Duration) -> TimeAmount {
    let (seconds, attoseconds) = duration.components
    return .nanoseconds(max(1_000_000, min(seconds, 1_000_000_000) * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
