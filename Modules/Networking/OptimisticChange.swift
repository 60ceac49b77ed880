import Foundation

/// A change a write expects the server to make, declared so that every read of that data shows it at once. The
/// query layer applies it to each answer it gives for `GET <path>` — cached or fetched — until the server answers for
/// itself (``WriteIntent``). It is a **merge** into an answer that is a JSON object (RFC 7386 JSON Merge Patch: a
/// member replaces the one of the same name, `null` removes it, objects merge member by member), a plain JSON value so
/// an outbox can keep it with a queued write: ``merge(_:into:)``. json-server's `PATCH /profile_personal
/// {"nickname":"x"}` is exactly such a merge, so a PATCH declares its own body. A merge into an answer that is not a
/// JSON object leaves it as it is.
public struct OptimisticChange: Equatable, Sendable {
  /// The path under the API whose GET answer changes, without a leading slash or query (`profile_personal`).
  public var path: String
  /// The change as JSON: a JSON object, merged into the answer.
  public var merge: Data

  /// A change merging `merge` (a JSON object) into the answer of `GET <path>`; a leading `/` is dropped.
  public init(path: String, merge: Data) {
    self.path = path.hasPrefix("/") ? String(path.dropFirst()) : path
    self.merge = merge
  }

  /// `value` encoded as a request body is (``JSONCoding/encoder()``: snake_case keys, `nil` members left out),
  /// merged into the answer of `GET <path>`.
  ///
  /// - Throws: `EncodingError` when `value` cannot be encoded.
  public static func merge(_ value: some Encodable, into path: String) throws -> OptimisticChange {
    OptimisticChange(path: path, merge: try JSONCoding.encoder().encode(value))
  }
}
