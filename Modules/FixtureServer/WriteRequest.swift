import FixtureData

/// One write as the router receives it: a method on `/name` or `/name/:id`, with the request body already
/// parsed (see ``WriteBody``).
struct WriteRequest: Sendable, Equatable {
  /// The HTTP methods that write.
  enum Method: String, Sendable, CaseIterable {
    /// Creates a list item, or replaces a singular resource.
    case post = "POST"
    /// Replaces a list item (keeping its id) or a singular resource.
    case put = "PUT"
    /// Merges fields into a list item (keeping its id) or a singular resource.
    case patch = "PATCH"
    /// Removes a list item.
    case delete = "DELETE"
  }

  /// The parent of a nested `POST /posts/1/comments`: the list named in the path and the id there.
  struct Parent: Sendable, Equatable {
    /// The parent list's name, `posts`.
    var resource: String
    /// The id in the path, as written (percent-decoded).
    var id: String
  }

  /// What to do.
  var method: Method
  /// The resource name, the `db.json` key.
  var resource: String
  /// The item id from the path, `nil` for `/name` itself.
  var id: String?
  /// The parsed body; empty for `DELETE`.
  var body: JSONObject
  /// For a nested `POST`, the parent whose id the new item's foreign key gets (see ``WriteEngine``).
  var parent: Parent?
  /// The request's `If-Match` (its values joined by commas), `nil` without one: the write is done only when the item
  /// it changes still has one of these tags (``IfMatch``).
  var ifMatch: String?

  init(_ method: Method, _ resource: String, id: String? = nil, body: JSONObject = JSONObject()) {
    self.method = method
    self.resource = resource
    self.id = id
    self.body = body
  }
}
