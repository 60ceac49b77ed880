import Foundation
import Networking

/// What Favorite needs from the network. The live value is built on ``Networking/HTTPClient``; tests build one
/// from a closure or from a fake `HTTPClient`.
public struct FavoriteClient: Sendable {
  /// `GET /favorite_scenes`.
  public var favoriteScenes: @Sendable () async throws -> [FavoriteScene]

  /// Creates a client from its endpoint closure.
  public init(favoriteScenes: @escaping @Sendable () async throws -> [FavoriteScene]) {
    self.favoriteScenes = favoriteScenes
  }

  /// The client that reads the sample API at `baseURL` through `http` (JSON with snake_case keys).
  public static func live(http: HTTPClient, baseURL: URL) -> FavoriteClient {
    FavoriteClient(
      favoriteScenes: { try await http.json([FavoriteScene].self, from: baseURL.appending(path: "favorite_scenes")) }
    )
  }
}
