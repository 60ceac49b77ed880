import FixtureData
import NIOCore
import NIOHTTPTypes

/// Bounds how many requests one connection may send ahead of their answers (HTTP/1.1 pipelining).
///
/// It sits after the HTTP decoder and counts the requests passed on whose response has not ended. A request that
/// arrives while ``maximumWaiting`` are waiting is not passed on, nor anything after it: once the waiting ones are
/// answered, the server ends its side of the connection (the client reads every answer, then the end, and sends
/// the rest again on a new connection, as RFC 9112 §9.3.2 asks of a pipelining client) and closes it when the
/// client does, or ``lingering`` later. Without it, one read of 256 KiB could queue thousands of requests.
final class PipelineLimit: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  /// The most requests a connection may have waiting for their answers, the one being answered included.
  static let maximumWaiting = 16
  /// How long a connection whose sending side the server ended stays open for the client to read and close.
  static let lingering: TimeAmount = .seconds(2)

  /// Requests passed on whose response has not ended.
  private var waiting = 0
  /// Whether a request past the limit arrived: nothing more is passed on.
  private var overflowed = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !overflowed else { return }
    if case .head = unwrapInboundIn(data) {
      guard waiting < Self.maximumWaiting else {
        overflowed = true
        return
      }
      waiting += 1
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
    waiting -= 1
    guard overflowed, waiting == 0 else { return context.write(data, promise: promise) }
    let written = context.eventLoop.makePromise(of: Void.self)
    written.futureResult.cascade(to: promise)
    let channel = context.channel
    written.futureResult.whenComplete { _ in
      channel.close(mode: .output, promise: nil)
      channel.eventLoop.scheduleTask(in: Self.lingering) { channel.close(promise: nil) }
    }
    context.write(data, promise: written)
  }
}
