import FixtureData
import HTTPTypes
import Hummingbird

/// json-server 0.17's nested routes, every path deeper than `/name/:id`:
///
/// | request | answered as |
/// |---|---|
/// | `GET /posts/1/comments?…` | `GET /comments?…&postId=1` (a `postId` the query had is replaced) |
/// | `POST /posts/1/comments` | `POST /comments` with the body's `postId` set to post `1`'s id (``WriteEngine/parentID(_:in:)``) |
/// | `GET`, `PUT`, `DELETE /posts/1/comments/2` | the same method on `/comments/2` |
///
/// The foreign key is the parent name's singular plus the suffix (``Relations/foreignKey(referencing:)``); the
/// parent need not exist. Faults are those of the nested resource (`comments`), the list json-server's rewrite
/// serves. Anything else that deep (`PATCH /posts/1/comments/2`, `PUT /posts/1/comments`, five segments) is
/// `404 {}`, as in json-server, through the faults of the first resource (`posts`).
struct NestedRoutes: Sendable {
  let reads: FixtureRoutes
  let writes: FixtureWriteRoutes

  func register(on router: Router<FixtureRequestContext>) {
    for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
      router.on(":resource/:id/**", method: method) { request, context in
        try await self.answer(request, context)
      }
    }
  }

  private func answer(_ request: Request, _ context: FixtureRequestContext) async throws -> Response {
    let parent = FixtureRoutes.segment("resource", of: context)
    let parentID = FixtureRoutes.segment("id", of: context)
    let rest = context.parameters.getCatchAll().map { String($0).removingPercentEncoding ?? String($0) }
    // A HEAD reaches the GET route with its own method (Hummingbird's generated HEAD endpoints).
    let method = request.method == .head ? .get : request.method
    switch (method, rest.count) {
    case (.get, 1):
      return try await reads.nestedList(request, context, parent: parent, parentID: parentID, resource: rest[0])
    case (.post, 1):
      return try await writes.write(
        .post, request, context, resource: rest[0], parent: WriteRequest.Parent(resource: parent, id: parentID))
    case (.get, 2):
      return try await reads.item(request, context, resource: rest[0], id: rest[1])
    case (.put, 2):
      return try await writes.write(.put, request, context, resource: rest[0], id: rest[1])
    case (.delete, 2):
      return try await writes.write(.delete, request, context, resource: rest[0], id: rest[1])
    default:
      return try await reads.notFound(request, context, resource: parent)
    }
  }
}
