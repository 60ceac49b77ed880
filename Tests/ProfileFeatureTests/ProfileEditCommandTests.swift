import FeatureAssembly
import FeatureKit
import Foundation
import Networking
import NetworkingTesting
import Presentation
import ProfileFeature
import Testing

/// `kumiki profile edit [--nickname TEXT] [--intro TEXT]`, run as the CLI runs a command: its actions (a thrown
/// `CommandError.usage` is exit 64), dispatched to the assembled app, then its output once the store settled
/// (`.failure` is exit 1).
@Suite struct ProfileEditCommandTests {
  private let command = ProfileFeature.commands[1]

  /// The profile as a server answers a save, with small values so the output is short.
  private let answered = ProfilePersonal(
    id: 1, nickname: "新しい名前", createdAt: "2021-06-15T10:00:00.000+0000", avatarUrl: "https://x.example/a.jpg",
    backgroundImageUrl: "", introduction: "カレー巡りが趣味です。",
    histories: ProfileHistories(
      profileViewCount: 1, articlePostCount: 2, totalPageViewCount: 3, totalAvailablePoints: 4,
      totalUseCouponCount: 5, totalVisitShopCount: 6),
    socialMedia: ProfileSocialMedia(twitterUrl: "https://t.example/n", facebookUrl: "", instagramUrl: ""))

  /// Runs `kumiki profile edit` with `values` on an app whose backend is `http`, as the CLI's runner does.
  private func run(_ values: [String: String], http: HTTPClient) async throws -> CommandOutput {
    let module = ProfileFeature.module(client: .live(http: http, baseURL: ProfileFixtures.baseURL))
    let app = try FeatureRegistry([module.erased]).assemble()
    _ = await app.launch()
    let command = try #require(app.commands.first { $0.words == ["profile", "edit"] })
    let input = CommandInput(values: values)
    for action in try command.actions(input) { app.store.dispatch(action) }
    await app.store.settled()
    return command.output(app.store.state, input)
  }

  @Test func editIsDeclaredWithTwoOptions() {
    #expect(command.path == ["edit"])
    #expect(command.arguments.map(\.name) == ["nickname", "intro"])
    #expect(command.arguments.allSatisfy { $0.kind == .option(choices: []) })
    #expect(
      command.arguments.map(\.help) == [
        "Nickname: required, up to 20 characters",
        "Self-introduction: up to 200 characters, may be empty",
      ])
  }

  @Test func theGivenOptionsBecomeTheUpdate() throws {
    #expect(
      try command.actions(CommandInput(values: ["nickname": "新しい名前"]))
        == [.save(.submit(ProfilePersonalPatch(nickname: "新しい名前")))])
    #expect(
      try command.actions(CommandInput(values: ["intro": ""])) == [
        .save(.submit(ProfilePersonalPatch(introduction: "")))
      ])
    #expect(
      try command.actions(CommandInput(values: ["nickname": "👨‍👩‍👧", "intro": "I"]))
        == [.save(.submit(ProfilePersonalPatch(nickname: "👨‍👩‍👧", introduction: "I")))])
    #expect(
      try command.actions(CommandInput(values: ["nickname": String(repeating: "👨‍👩‍👧", count: 20)]))
        == [.save(.submit(ProfilePersonalPatch(nickname: String(repeating: "👨‍👩‍👧", count: 20))))])
  }

  @Test(arguments: [
    (["nickname": ""], "--nickname: Nickname is required"),
    (["nickname": " \u{3000}"], "--nickname: Nickname is required"),
    (["nickname": String(repeating: "a", count: 21)], "--nickname: Nickname is at most 20 characters"),
    (["nickname": String(repeating: "👨‍👩‍👧", count: 21)], "--nickname: Nickname is at most 20 characters"),
    (["intro": String(repeating: "x", count: 201)], "--intro: Self-introduction is at most 200 characters"),
    (
      ["nickname": "", "intro": String(repeating: "x", count: 201)],
      "--nickname: Nickname is required; --intro: Self-introduction is at most 200 characters"
    ),
    ([:], "nothing to change: give --nickname, --intro or both"),
  ])
  func aBrokenRuleOrNoOptionIsAUsageError(values: [String: String], message: String) async throws {
    #expect(throws: CommandError.usage(message)) { try command.actions(CommandInput(values: values)) }
    // Nothing is sent: the unimplemented client would fail any request.
    await #expect(throws: CommandError.usage(message)) { try await run(values, http: .unimplemented) }
  }

  @Test func successPrintsTheUpdatedProfile() async throws {
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: answered))

    let output = try await run(["nickname": "新しい名前", "intro": "カレー巡りが趣味です。"], http: fake.client)

    guard case .success(let view, let json) = output else {
      Issue.record("expected success, got \(output)")
      return
    }
    #expect(
      view.plainText == [
        "Profile updated.",
        "Personal", "Nickname: 新しい名前", "Member since: 2021/06/15", "Avatar: https://x.example/a.jpg",
        "Background: -",
        "Self-introduction", "カレー巡りが趣味です。",
        "Points & History", "Profile views: 1", "Articles posted: 2", "Page views: 3", "Available points: 4",
        "Coupons used: 5", "Shops visited: 6",
        "Social Links", "Twitter: https://t.example/n", "Facebook: -", "Instagram: -",
      ])
    #expect(view.actions.isEmpty)
    #expect(
      json.text
        == #"{"personal":{"id":1,"nickname":"新しい名前","member_since":"2021-06-15T10:00:00Z","#
        + #""avatar_url":"https://x.example/a.jpg","background_image_url":null,"introduction":"カレー巡りが趣味です。","#
        + #""histories":{"profile_view_count":1,"article_post_count":2,"total_page_view_count":3,"#
        + #""total_available_points":4,"total_use_coupon_count":5,"total_visit_shop_count":6},"#
        + #""social_media":{"twitter_url":"https://t.example/n","facebook_url":null,"instagram_url":null}},"#
        + #""origin":"network","fetched_at":null}"#)

    let request = try #require(fake.requests.first)
    #expect(fake.requests.count == 1)
    #expect(request.method == .patch)
    #expect(
      request.body.map { String(decoding: $0, as: UTF8.self) }
        == #"{"introduction":"カレー巡りが趣味です。","nickname":"新しい名前"}"#)
  }

  @Test func onlyTheGivenFieldIsSent() async throws {
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: answered))

    _ = try await run(["intro": "カレー巡りが趣味です。"], http: fake.client)

    #expect(fake.requests.map(\.method) == [.patch])
    #expect(
      fake.requests.first?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"introduction":"カレー巡りが趣味です。"}"#)
  }

  @Test func aServerFailureFailsWithItsMessage() async throws {
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", .status(500))

    let output = try await run(["nickname": "新しい名前"], http: fake.client)

    guard case .failure(let reason) = output else {
      Issue.record("expected failure, got \(output)")
      return
    }
    #expect(
      reason
        == HTTPError.serverError(status: 500, url: ProfileFixtures.baseURL.appending(path: "profile_personal"))
        .description)
  }

  /// A queued edit prints the made write's shape: the profile the app knows (the cache's, with the change laid over
  /// it), `"queued": true` and where that profile came from — never `network`, which nothing reached.
  @Test func aQueuedEditPrintsTheMadeWritesShapeWithAnHonestOrigin() async throws {
    let fetchedAt = Date(timeIntervalSince1970: 1_795_000_000)
    let cached = try ProfileFixtures.fakeHTTP()
    let http = HTTPClient { request in
      if request.method == .patch { throw WriteQueued(id: 1, pending: 1) }
      QueryTrace.current?.report(.cache(fetchedAt: fetchedAt))  // as the response cache answers offline
      return try await cached.client.send(request)
    }

    let output = try await run(["nickname": "新しい名前"], http: http)

    guard case .success(let view, .object(let members)) = output else {
      Issue.record("expected a JSON object, got \(output)")
      return
    }
    #expect(view.plainText == ["Queued: 1 change waiting to send."])
    #expect(members.map(\.0) == ["personal", "queued", "pending", "origin", "fetched_at"])
    let json = JSONValue.object(members).text
    #expect(json.contains(#"{"personal":{"id":1,"nickname":"新しい名前","#), "\(json)")
    #expect(
      json.hasSuffix(#""queued":true,"pending":1,"origin":"cache","fetched_at":"2026-11-18T11:06:40Z"}"#), "\(json)")
  }

  /// Queued with nothing cached: the personal object is `null` and the origin `offline`.
  @Test func aQueuedEditWithNothingCachedSaysOffline() async throws {
    let http = HTTPClient { request in
      if request.method == .patch { throw WriteQueued(id: 1, pending: 2) }
      throw HTTPError.cannotConnect(request.url, reason: "refused")
    }

    let output = try await run(["nickname": "新しい名前"], http: http)

    guard case .success(_, let json) = output else {
      Issue.record("expected success, got \(output)")
      return
    }
    #expect(json.text == #"{"personal":null,"queued":true,"pending":2,"origin":"offline","fetched_at":null}"#)
  }

  @Test func unsavedStatesFail() {
    for save in [ProfileFeature.SaveMutation(), .sending(ProfilePersonalPatch(nickname: "N"))] {
      guard case .failure(let reason) = ProfileFeature.editOutput(ProfileFeature.State(save: save)) else {
        Issue.record("expected failure for \(save)")
        continue
      }
      #expect(reason == "The profile was not saved.")
    }
  }
}
