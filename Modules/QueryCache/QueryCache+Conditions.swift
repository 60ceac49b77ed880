import Foundation
import Networking
import Persistence

/// Conditional writes: a write made from a screen carries the version of the item the screen showed, so it never
/// goes over a change it did not see.
extension QueryCache {
  /// `request` with `If-Match: <ETag>` when it is a PUT, PATCH or DELETE of a path whose `GET` answer this query layer
  /// holds (what the screen showed: the cached answer's `ETag`), unless its intent ``Networking/WriteIntent/overrides``
  /// (Keep mine after a conflict) or it carries an `If-Match` already. The server answers `412` with the item as it is
  /// now when someone changed it since. A POST (it makes a new item) and a path never read go as they are; so does a
  /// tag that could not be sent as it is (the cache is input: ``isSendableTag(_:)``).
  func conditioned(_ request: HTTPRequest, intent: WriteIntent?) async -> HTTPRequest {
    guard Self.conditionalMethods.contains(request.method), intent?.overrides != true,
      request.headers[OutboxEntry.ifMatchHeader] == nil,
      let entry = try? await storage.entry(configuration.key(for: request)),
      let etag = entry.header(Self.writtenTagHeader) ?? entry.header("ETag"), Self.isSendableTag(etag)
    else { return request }
    var conditioned = request
    conditioned.headers[OutboxEntry.ifMatchHeader] = etag
    return conditioned
  }

  /// Keeps what the server said the item is after a write's answer, with the cached `GET` answer for its path, when
  /// the cache holds one, so the next write is conditional on the version now shown rather than on the one before:
  ///
  /// - a `412`: its body is the item as someone else wrote it, kept as that path's answer (invalidated: its next read
  ///   asks the server, `If-None-Match`, a `304` when it is the same) and the screens told, so they show theirs and
  ///   Edit again is conditional on it;
  /// - a 2xx to a PUT or PATCH with an `ETag` (the item as written): the tag is kept beside the answer
  ///   (``writtenTagHeader``), the answer itself untouched — the cache holds only what the server answered to `GET`s
  ///   —, so a second save in a row (the screen shows the first as made) is conditional on the first's version, not
  ///   a conflict with itself. The next answer to a `GET` replaces the entry, and the tag with it.
  func remember(_ response: HTTPResponse, of request: HTTPRequest) async {
    let conflict = response.status == Self.preconditionFailed
    guard Self.conditionalMethods.contains(request.method), conflict || response.isSuccess && request.method != .delete,
      let etag = response.headers["ETag"], Self.isSendableTag(etag)
    else { return }
    let key = configuration.key(for: request)
    guard var entry = try? await storage.entry(key) else { return }
    if conflict {
      entry.status = 200
      entry.headers = response.headers.map { CachedResponse.HeaderField(name: $0.name, value: $0.value) }
      entry.body = response.body
      entry.fetchedAt = now()
      entry.isInvalidated = true
    } else {
      entry.headers.removeAll { $0.name.caseInsensitiveCompare(Self.writtenTagHeader) == .orderedSame }
      entry.headers.append(CachedResponse.HeaderField(name: Self.writtenTagHeader, value: etag))
    }
    try? await storage.store(entry)
    if conflict { await invalidate(tags: [configuration.tag(for: request)]) }
  }

  /// Whether `tag` (an `ETag` read from the cache or an answer) may be sent as `If-Match` and kept with an outbox
  /// entry: 1 to 1,024 bytes of visible ASCII and spaces.
  static func isSendableTag(_ tag: String) -> Bool {
    (1...1024).contains(tag.utf8.count) && tag.utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// The methods a write is made conditional for: they change an item that exists.
  static let conditionalMethods: Set<HTTPMethod> = [.put, .patch, .delete]

  /// Where a cached answer keeps the `ETag` of the version this app's last write of its path made (``remember(_:of:)``):
  /// the condition of the next write, until a `GET` answers again.
  static let writtenTagHeader = "Kumiki-Written-ETag"

  /// `412 Precondition Failed`.
  static let preconditionFailed = 412
}
