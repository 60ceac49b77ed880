import FixtureData
import Hummingbird
import NIOCore

/// The request context of the fixture server: Hummingbird's core storage plus the connection's channel, which
/// the truncated-body and connection-reset faults need to close the connection themselves.
struct FixtureRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  /// The connection the request arrived on.
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
    channel = source.channel
  }
}
