import FixtureData
import NIOCore

/// Closes a connection whose request head does not arrive in time: once the first byte of a request is in, the
/// whole head (request line and headers) must follow within `timeout`, or the connection is closed without an
/// answer (Go's `ReadHeaderTimeout`, nginx's `client_header_timeout`).
///
/// It sits first in the pipeline, where it sees raw bytes; ``RequestProgressReporter``, after the HTTP decoder,
/// tells it when a head is complete and when a request has been read. A connection that sends nothing at all, or
/// stalls in a body, is left to the idle timeout (Hummingbird's `HTTP1Channel` `idleTimeout`).
final class RequestHeadTimeout: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let timeout: TimeAmount
  /// Whether the next bytes start a new request head (at first, and after each request has been read).
  private var awaitingHead = true
  private var timer: Scheduled<Void>?

  init(timeout: TimeAmount) {
    self.timeout = timeout
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if awaitingHead, timer == nil, unwrapInboundIn(data).readableBytes > 0 {
      let loop = context.eventLoop.assumeIsolated()
      let channel = context.channel
      timer = loop.scheduleTask(in: timeout) { [weak self] in
        self?.timer = nil
        channel.close(promise: nil)
      }
    }
    context.fireChannelRead(data)
  }

  func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
    guard let progress = event as? RequestProgressReporter.Event else {
      return context.triggerUserOutboundEvent(event, promise: promise)
    }
    switch progress {
    case .headReceived:
      awaitingHead = false
      cancelTimer()
    case .requestRead:
      awaitingHead = true
    }
    promise?.succeed()
  }

  func channelInactive(context: ChannelHandlerContext) {
    cancelTimer()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancelTimer()
  }

  private func cancelTimer() {
    timer?.cancel()
    timer = nil
  }
}
