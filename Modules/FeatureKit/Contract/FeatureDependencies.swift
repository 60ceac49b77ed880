import Foundation
import Networking
import Persistence

/// What every feature is built from: interfaces only, so the same list serves the live apps (libcurl,
/// SQLite, the embedded fixture server) and tests (fakes).
public struct FeatureDependencies: Sendable {
  /// The HTTP client every feature client is built on.
  public var http: HTTPClient
  /// The API's base URL (`--api`, `KUMIKI_API_URL`, or the embedded fixture server).
  public var apiURL: URL
  /// Saved items, settings and feature state.
  public var persistence: PersistenceClient

  public init(http: HTTPClient, apiURL: URL, persistence: PersistenceClient) {
    self.http = http
    self.apiURL = apiURL
    self.persistence = persistence
  }
}
