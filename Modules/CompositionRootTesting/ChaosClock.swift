/// The store clock of a chaos run's app writers (``ChaosAppWriter``): the wall clock, except that a wait longer
/// than a second lasts a twentieth of it — a toast's 5 s, a long back-off — so a write settles when its request and
/// what it started are done, not when its toast expires. Waits of a second or less (debounces, short back-offs) are
/// as long as asked; request timeouts are libcurl's, unchanged.
struct ChaosClock: Clock {
  typealias Instant = ContinuousClock.Instant

  private let wall = ContinuousClock()

  var now: Instant { wall.now }
  var minimumResolution: Duration { wall.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let wait = deadline - wall.now
    try await wall.sleep(for: wait > .seconds(1) ? wait / 20 : wait, tolerance: tolerance)
  }
}
