import Foundation
import Networking

/// What Profile needs from the network: one closure per endpoint. The live value is built on
/// ``Networking/HTTPClient``; tests build one from closures or from a fake `HTTPClient`.
public struct ProfileClient: Sendable {
  /// `GET /profile_personal` (one object).
  public var personal: @Sendable () async throws -> ProfilePersonal
  /// `GET /profile_announcement`.
  public var announcements: @Sendable () async throws -> [ProfileAnnouncement]
  /// `GET /profile_comment`.
  public var comments: @Sendable () async throws -> [ProfileComment]
  /// `GET /profile_recent_favorite`.
  public var recentFavorites: @Sendable () async throws -> [ProfileRecentFavorite]
  /// `PATCH /profile_personal` with the patch's fields as a JSON body; returns the profile the server stored.
  public var updatePersonal: @Sendable (ProfilePersonalPatch) async throws -> ProfilePersonal

  /// Creates a client from its endpoint closures. `updatePersonal` defaults to one that throws
  /// ``Unimplemented``, for tests that only read.
  public init(
    personal: @escaping @Sendable () async throws -> ProfilePersonal,
    announcements: @escaping @Sendable () async throws -> [ProfileAnnouncement],
    comments: @escaping @Sendable () async throws -> [ProfileComment],
    recentFavorites: @escaping @Sendable () async throws -> [ProfileRecentFavorite],
    updatePersonal: @escaping @Sendable (ProfilePersonalPatch) async throws -> ProfilePersonal = { _ in
      throw Unimplemented(endpoint: "updatePersonal")
    }
  ) {
    self.personal = personal
    self.announcements = announcements
    self.comments = comments
    self.recentFavorites = recentFavorites
    self.updatePersonal = updatePersonal
  }

  /// The client that reads and writes the sample API at `baseURL` through `http` (JSON with snake_case keys).
  public static func live(http: HTTPClient, baseURL: URL) -> ProfileClient {
    ProfileClient(
      personal: { try await http.json(ProfilePersonal.self, from: baseURL.appending(path: "profile_personal")) },
      announcements: {
        try await http.json([ProfileAnnouncement].self, from: baseURL.appending(path: "profile_announcement"))
      },
      comments: { try await http.json([ProfileComment].self, from: baseURL.appending(path: "profile_comment")) },
      recentFavorites: {
        try await http.json([ProfileRecentFavorite].self, from: baseURL.appending(path: "profile_recent_favorite"))
      },
      updatePersonal: { patch in
        let request = try HTTPRequest.json(.patch, baseURL.appending(path: "profile_personal"), body: patch)
        return try await http.json(ProfilePersonal.self, request)
      }
    )
  }

  /// Fetches the four endpoints concurrently and returns their results in endpoint order. All must succeed: the
  /// first failure cancels the others and is thrown.
  ///
  /// - Throws: the first endpoint's error (usually ``Networking/HTTPError``), or `CancellationError`.
  public func fetchAll() async throws -> ProfileContent {
    let (personal, announcements, comments, recentFavorites) = try await FanOut.all(
      personal, announcements, comments, recentFavorites
    )
    return ProfileContent(
      personal: personal, announcements: announcements, comments: comments, recentFavorites: recentFavorites)
  }

  /// Thrown by an endpoint closure a test did not provide.
  public struct Unimplemented: Error, Equatable, CustomStringConvertible {
    /// The closure's name.
    public var endpoint: String

    /// The error for the closure called `endpoint`.
    public init(endpoint: String) {
      self.endpoint = endpoint
    }

    /// "ProfileClient.updatePersonal is not implemented".
    public var description: String { "ProfileClient.\(endpoint) is not implemented" }
  }
}
