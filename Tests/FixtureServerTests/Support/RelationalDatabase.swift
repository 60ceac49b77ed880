import FixtureData
import FixtureServer

/// A blog-shaped database with relations, json-server's README example grown a little: posts by users, comments
/// and likes on posts, and one post with a string id.
let relationalDatabaseText = """
  {
    "posts": [
      {"id": 1, "title": "first", "userId": 1},
      {"id": 2, "title": "second", "userId": 2},
      {"id": "x", "title": "string id", "userId": 1}
    ],
    "comments": [
      {"id": 1, "body": "c1", "postId": 1},
      {"id": 2, "body": "c2", "postId": 1},
      {"id": 3, "body": "c3", "postId": 2}
    ],
    "likes": [{"id": 1, "postId": 2}],
    "users": [{"id": 1, "name": "ann"}, {"id": 2, "name": "bo"}],
    "profile": {"name": "me"}
  }
  """

/// ``relationalDatabaseText`` parsed.
func relationalDatabase() throws -> FixtureDatabase {
  try FixtureDatabase(json: Array(relationalDatabaseText.utf8))
}

/// A configuration serving ``relationalDatabase()`` in memory.
func relationalConfiguration() throws -> FixtureServer.Configuration {
  FixtureServer.Configuration(database: try relationalDatabase())
}

/// The `id`s of a list answer, as ints (a string id as `-1`).
func ids(_ objects: [[String: Any]]) -> [Int] {
  objects.map { $0["id"] as? Int ?? -1 }
}

/// A blog of `count` posts, each with one comment, and `count` more comments whose post does not exist: about
/// 0.5 MB as a `db.json` for 5,000. With a scan per item, `_embed`, `_expand` and the cascade looked at
/// count × 2 × count items (50 million for 5,000: close to a minute each in a debug build).
func largeRelationalDatabase(count: Int) -> FixtureDatabase {
  let posts = (1...count).map {
    JSONValue.object(JSONObject([("id", .integer($0)), ("title", .string("post \($0)"))]))
  }
  let comments = (1...(2 * count)).map { id in
    JSONValue.object(JSONObject([("id", .integer(id)), ("body", .string("comment \(id)")), ("postId", .integer(id))]))
  }
  return FixtureDatabase(root: JSONObject([("posts", .array(posts)), ("comments", .array(comments))]))
}
