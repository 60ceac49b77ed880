import Foundation

/// Where a value a screen shows came from: the network just now, the cache (fresh or stale), or the cache because
/// the network failed. The query layer (`QueryCache`) reports it for every read through ``QueryTrace``; features
/// keep it next to their content and show stale and offline data as such.
public enum DataOrigin: Equatable, Codable, Sendable {
  /// Fetched from the network by this load.
  case network
  /// Read from the cache within its max-age: no request was sent. `fetchedAt` is when the network answered.
  case cache(fetchedAt: Date)
  /// Read from the cache past its max-age, `age` seconds old; a refresh was sent and replaces it when it answers.
  case stale(fetchedAt: Date, age: Int)
  /// The network failed (`reason`: refused, timed out, a server error); this is the cache's last answer.
  case offline(fetchedAt: Date, reason: String)

  /// When the network gave this data: `nil` for ``network`` (now).
  public var fetchedAt: Date? {
    switch self {
    case .network: nil
    case .cache(let date), .stale(let date, _), .offline(let date, _): date
    }
  }

  /// Whether this data came from the cache because the network failed.
  public var isOffline: Bool {
    if case .offline = self { true } else { false }
  }

  /// The origin of a value assembled from several reads (a screen that fetches five endpoints): the worst of
  /// them — offline over stale over cached over network — dated by the oldest read of that kind.
  public func combined(with other: DataOrigin) -> DataOrigin {
    switch (self, other) {
    case (.offline(let a, let reason), .offline(let b, _)): .offline(fetchedAt: min(a, b), reason: reason)
    case (.offline, _): self
    case (_, .offline): other
    case (.stale(let a, let ageA), .stale(let b, let ageB)): .stale(fetchedAt: min(a, b), age: max(ageA, ageB))
    case (.stale, _): self
    case (_, .stale): other
    case (.cache(let a), .cache(let b)): .cache(fetchedAt: min(a, b))
    case (.cache, _): self
    case (_, .cache): other
    case (.network, .network): .network
    }
  }
}
