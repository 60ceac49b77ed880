import FixtureData
import NIOCore
import NIOHTTPTypes

/// Tells ``RequestHeadTimeout``, at the front of the pipeline, how far the HTTP decoder has got with the current
/// request: it passes every request part on unchanged and sends an outbound user event (which travels towards the
/// front) when a head is complete and when a request has been read to its end.
final class RequestProgressReporter: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  /// What the decoder has produced.
  enum Event: Sendable {
    /// A request's line and headers are complete.
    case headReceived
    /// A request, its body included, has been read.
    case requestRead
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head: context.triggerUserOutboundEvent(Event.headReceived, promise: nil)
    case .body: break
    case .end: context.triggerUserOutboundEvent(Event.requestRead, promise: nil)
    }
    context.fireChannelRead(data)
  }
}
