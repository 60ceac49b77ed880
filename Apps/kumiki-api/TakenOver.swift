import FixtureServer
import Synchronization

/// The server a joined `kumiki-api` took over, for the end-of-input handler to stop.
final class TakenOver: Sendable {
  private let value = Mutex<FixtureServer?>(nil)

  var server: FixtureServer? {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}
