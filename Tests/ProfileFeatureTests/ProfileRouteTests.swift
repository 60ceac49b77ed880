import FeatureAssembly
import FeatureKit
import Networking
import ProfileFeature
import Testing

/// Recently Saved opens the item in Archive by value: Profile asks for the route `archive/item/<id>` and never draws
/// the item itself.
@Suite("Profile routes")
struct ProfileRouteTests {
  let module = ProfileFeature.module(client: .live(http: .unimplemented, baseURL: ProfileFixtures.baseURL))

  @Test("choosing a Recently Saved item asks for Archive's item; other tabs open Profile's detail")
  func choosing() {
    #expect(ProfileFeature.choose(.recent, 6) == .openSaved(6))
    #expect(ProfileFeature.choose(.announcements, 6) == .select(.announcements, id: 6))
  }

  @Test("openSaved is a request for archive/item/<id>; no other action asks for a route")
  func requests() {
    #expect(module.routeRequest?(.openSaved(6)) == Route("archive", "item", .int(6)))
    #expect(module.routeRequest?(.closeDetail) == nil)
    #expect(module.routeRequest?(.select(.recent, id: 6)) == nil)
  }

  @Test("in an app without Archive the request is refused, naming the route")
  func refusedWithoutArchive() throws {
    let app = try FeatureRegistry([module.erased]).assemble()
    app.store.dispatch(.feature(slot: 0, action: ProfileFeature.Action.openSaved(6)))
    let requested = app.routeRequests.take()
    #expect(requested == [Route("archive", "item", .int(6))])
    #expect(throws: RouteError.unknown("archive/item/6", declared: [])) { try app.resolve(requested[0]) }
  }
}
