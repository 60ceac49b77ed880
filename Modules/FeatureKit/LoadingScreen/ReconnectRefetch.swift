import Networking

/// The refetch after a reconnection, decided in one place for every screen that loads from the API: when the API
/// answers again after it could not be reached (``AppEvent/reconnected``), a screen showing offline content or an
/// error loads again, network first, once per outage — not each time the API comes back while part of it still
/// fails. ``ScreenLoad`` keeps one (Home, Favorite, Profile), and so does a screen with a load of its own (Archive's
/// search); each reducer asks it on `.reconnected` and tells it what arrived.
public struct ReconnectRefetch: Equatable, Codable, Sendable {
  /// What a screen shows when the API answers again.
  public enum Showing: Equatable, Sendable {
    /// Nothing yet, or a load in flight: the load under way will answer.
    case nothing
    /// Content (or an empty result) from `origin`.
    case content(DataOrigin)
    /// An error.
    case error
  }

  /// Whether a reconnection already made the screen load again in this outage. Cleared by content that is not
  /// offline or stale (``loaded(from:)``) and by Refresh and Retry (``reset()``).
  public var hasRefetched: Bool

  /// A screen that has not refetched for a reconnection.
  public init(hasRefetched: Bool = false) {
    self.hasRefetched = hasRefetched
  }

  /// Decides on a reconnection: `true` — and recorded, so the next reconnection of this outage does nothing — when
  /// the screen shows offline content or an error and did not refetch yet; the caller then starts a load, network
  /// first.
  public mutating func reconnected(showing: Showing) -> Bool {
    guard !hasRefetched else { return false }
    let refetches =
      switch showing {
      case .content(let origin): origin.isOffline
      case .error: true
      case .nothing: false
      }
    if refetches { hasRefetched = true }
    return refetches
  }

  /// Content arrived from `origin`: from the network or the cache the outage is over for this screen, so a later
  /// one refetches again; stale or offline content keeps the record.
  public mutating func loaded(from origin: DataOrigin) {
    switch origin {
    case .network, .cache: hasRefetched = false
    case .stale, .offline: break
    }
  }

  /// The user asked for a load (Refresh, Retry): the next reconnection may refetch again.
  public mutating func reset() {
    hasRefetched = false
  }
}
