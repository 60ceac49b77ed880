import FixtureData
import Foundation
import HTTPTypes

/// `If-Match` on a write (RFC 9110 13.1.1), per item: the write is done only when the item it changes is still the
/// one its sender saw, named by the `ETag` a `GET` of that item answered (``WriteEngine`` asks before it writes).
///
/// - `*` matches any item that exists;
/// - otherwise a comma-separated list of entity tags, compared weakly (`W/"…"` and `"…"` with the same quoted text
///   match): every tag kumiki-api gives is weak, json-server's too, and a tag names the bytes of the item's JSON, so
///   equal tags mean an unchanged item.
///
/// A condition that is not met is `412 Precondition Failed` with the item as it is now: its `ETag` header (added to
/// every answer from its body, ``FaultInjector``) is the item's current tag, so the client can write again over it.
enum IfMatch {
  /// The `412` answer to a write whose condition `ifMatch` the item `current` does not meet; `nil` when there is no
  /// condition or it is met.
  static func refusal(_ ifMatch: String?, current: JSONValue) -> FixtureReply? {
    guard let ifMatch, !matches(ifMatch, tag: tag(of: current)) else { return nil }
    return FixtureReply(status: .preconditionFailed, payload: current)
  }

  /// Whether the `If-Match` value `condition` names `tag` (or is `*`).
  static func matches(_ condition: String, tag: String) -> Bool {
    let wanted = opaque(tag)
    return condition.split(separator: ",").contains { candidate in
      let candidate = candidate.trimmingCharacters(in: .whitespaces)
      return candidate == "*" || opaque(candidate) == wanted
    }
  }

  /// The item's own tag: the `ETag` of a `GET` answering `item` alone (`GET /name/:id`, or a singular `GET /name`).
  static func tag(of item: JSONValue) -> String {
    FaultInjector.etag(of: JSONWriter(prettyPrinted: true).bytes(of: item))
  }

  /// A tag without its weakness prefix, for the weak comparison.
  private static func opaque(_ tag: some StringProtocol) -> Substring {
    tag.hasPrefix("W/") ? Substring(tag).dropFirst(2) : Substring(tag)
  }
}
