import FeatureKit
import Foundation
import Networking
import Presentation

extension DataOrigin {
  /// The origin's name in `--json` output: `network`, `cache`, `stale` or `offline`.
  public var jsonName: String {
    switch self {
    case .network: "network"
    case .cache: "cache"
    case .stale: "stale"
    case .offline: "offline"
    }
  }

  /// The members every command that reads the API adds to its JSON object, last: `"origin"` (``jsonName``) and
  /// `"fetched_at"`, when the network gave the data (ISO 8601 UTC, `2024-05-01T12:00:00Z`), `null` for `network`
  /// (just now).
  public var jsonMembers: [(String, JSONValue)] {
    [
      ("origin", .string(jsonName)),
      (
        "fetched_at",
        .string(fetchedAt.map(DisplayDate.iso8601))
      ),
    ]
  }
}

extension CommandOutput {
  /// This output with `origin`'s ``DataOrigin/jsonMembers`` appended to its JSON object (a failure, JSON that is
  /// not an object, or an object that already says its `"origin"` — a write's, which knows better — is returned as it
  /// is). The text output is unchanged: stale and offline data are said there by the screen's note and the CLI's
  /// notice on standard error.
  public func adding(origin: DataOrigin) -> CommandOutput {
    guard case .success(let view, .object(let members)) = self, !members.contains(where: { $0.0 == "origin" }) else {
      return self
    }
    return .success(view: view, json: .object(members + origin.jsonMembers))
  }
}
