import CoreTesting
import FeatureKit
import FeatureKitTesting
import FormKit
import Foundation
import LoadingScreenKit
import Networking
import NetworkingTesting
import ProfileFeature
import Testing

/// The Edit profile form through the store: validation as you type, when Save does something, the PATCH it sends,
/// and what success, failure, retry and cancel do to the screen.
@Suite struct ProfileEditTests {
  private static let newNickname = "新しい名前"

  private struct Fixture {
    var response: ProfileContent
    var content: ProfileContent
    var original: FormDraft
    /// The profile as the server answers a save of ``ProfileEditTests/newNickname``.
    var renamed: ProfilePersonal

    init() throws {
      response = try ProfileFixtures.response()
      content = ProfileContent(response)
      original = ProfileEditForm.draft(content.personal)
      renamed = response.personal
      renamed.nickname = ProfileEditTests.newNickname
    }

    /// The loaded screen, optionally with the form open.
    func state(form: ProfileEditForm? = nil) -> ProfileFeature.State {
      ProfileFeature.State(load: ScreenLoad(phase: .loaded(content)), form: form)
    }

    /// The form opened on the fixture, with `draft` typed.
    func form(_ draft: FormDraft? = nil) -> ProfileEditForm {
      ProfileEditForm(original: original, draft: draft)
    }
  }

  /// Both middlewares (load and save), as the module has them, over `client`.
  private func makeStore(
    _ client: ProfileClient, initialState: ProfileFeature.State
  ) -> TestStore<ProfileFeature.State, ProfileFeature.Action> {
    TestStore(module: ProfileFeature.module(client: client), initialState: initialState)
  }

  private func makeStore(
    http: HTTPClient, initialState: ProfileFeature.State
  ) -> TestStore<ProfileFeature.State, ProfileFeature.Action> {
    makeStore(.live(http: http, baseURL: ProfileFixtures.baseURL), initialState: initialState)
  }

  private var personalURL: URL { ProfileFixtures.baseURL.appending(path: "profile_personal") }

  // MARK: Opening and typing

  @Test func editProfileOpensTheFormOnTheLoadedValuesAndClosesTheDetail() async throws {
    let fixture = try Fixture()
    var initial = fixture.state()
    initial.detail = .announcement(fixture.content.announcements[0])
    let store = makeStore(http: .unimplemented, initialState: initial)

    await store.send(.editProfile) {
      $0.form = ProfileEditForm(
        original: ProfileEditForm.draft(nickname: "食いしん坊の編集者", introduction: fixture.content.personal.introduction))
      $0.detail = nil
    }
    #expect(store.state.form?.draft == fixture.original)
    #expect(store.state.canSave == false)
    // Opening again keeps what was typed.
    await store.send(.edited("nickname", "x")) { $0.form?.draft["nickname"] = "x" }
    await store.send(.editProfile)
    await store.finish()
  }

  @Test(arguments: [LoadPhase<ProfileContent>.idle, .loading, .failed("down")])
  func editProfileDoesNothingUntilLoaded(phase: LoadPhase<ProfileContent>) async {
    let store = makeStore(http: .unimplemented, initialState: ProfileFeature.State(load: ScreenLoad(phase: phase)))
    await store.send(.editProfile)
    await store.send(.edited("nickname", "x"))
    await store.send(.save(.retry))
    await store.finish()
  }

  @Test func typingShowsTheMessagesAndSaveFollowsThem() async throws {
    let fixture = try Fixture()
    let store = makeStore(http: .unimplemented, initialState: fixture.state(form: fixture.form()))
    let twentyOne = String(repeating: "あ", count: 21)

    #expect(!store.state.canSave)  // nothing changed
    await store.send(.edited("nickname", "")) {
      $0.form?.draft["nickname"] = ""
      #expect($0.form?.problems == ["Nickname is required"])
    }
    #expect(!store.state.canSave)
    await store.send(.edited("nickname", "\u{3000} ")) { $0.form?.draft["nickname"] = "\u{3000} " }
    #expect(store.state.form?.problems == ["Nickname is required"])
    await store.send(.edited("nickname", twentyOne)) {
      $0.form?.draft["nickname"] = twentyOne
      #expect($0.form?.problems == ["Nickname is at most 20 characters"])
    }
    #expect(!store.state.canSave)
    await store.send(.edited("nickname", String(twentyOne.dropLast()))) {
      $0.form?.draft["nickname"] = String(twentyOne.dropLast())
      #expect($0.form?.problems == [])
    }
    #expect(store.state.canSave)
    await store.send(.edited("introduction", String(repeating: "👨‍👩‍👧", count: 201))) {
      $0.form?.draft["introduction"] = String(repeating: "👨‍👩‍👧", count: 201)
      #expect($0.form?.problems == ["Self-introduction is at most 200 characters"])
    }
    #expect(!store.state.canSave)
    await store.send(.edited("introduction", String(repeating: "👨‍👩‍👧", count: 200))) {
      $0.form?.draft["introduction"] = String(repeating: "👨‍👩‍👧", count: 200)
    }
    #expect(store.state.canSave)
    // Typed back to the original values: unchanged, so Save does nothing again.
    await store.send(.edited("nickname", fixture.original["nickname"])) {
      $0.form?.draft["nickname"] = fixture.original["nickname"]
    }
    await store.send(.edited("introduction", fixture.original["introduction"])) {
      $0.form?.draft["introduction"] = fixture.original["introduction"]
    }
    #expect(store.state.form?.hasChanges == false)
    #expect(!store.state.canSave)
    await store.finish()
  }

  @Test func saveDoesNothingWhileInvalidOrUnchanged() async throws {
    let fixture = try Fixture()
    // The unimplemented client would fail any request: no action may arrive.
    let store = makeStore(http: .unimplemented, initialState: fixture.state(form: fixture.form()))

    await store.send(store.formSave)
    await store.send(.edited("nickname", " ")) { $0.form?.draft["nickname"] = " " }
    await store.send(store.formSave)
    await store.send(.edited("nickname", "ok")) { $0.form?.draft["nickname"] = "ok" }
    await store.send(.edited("introduction", String(repeating: "x", count: 201))) {
      $0.form?.draft["introduction"] = String(repeating: "x", count: 201)
    }
    await store.send(store.formSave)
    #expect(store.state.save == ProfileFeature.SaveMutation())
    await store.finish()
  }

  // MARK: Saving

  /// Issue 25's "≤ 1 frame": the change is in the state the submit's own dispatch leaves, so the frame drawn right
  /// after Save shows it behind the form — nothing awaited, the write not answered, no re-read. A refusal takes it
  /// away with the sending phase; Retry shows it at once again.
  @Test func aSaveInFlightShowsOnTheScreenBeforeTheServerAnswersAndARefusalTakesItBack() async throws {
    let fixture = try Fixture()
    let sent = Recorder<ProfilePersonalPatch>()
    let answers = [ArrivalGate(count: 2), ArrivalGate(count: 2)]
    let renamed = fixture.renamed
    let client = ProfileClient(
      personal: { throw ProfileClient.Unimplemented(endpoint: "personal") },
      announcements: { [] }, comments: { [] }, recentFavorites: { [] },
      updatePersonal: { patch in
        sent.append(patch)
        let call = sent.values.count
        await answers[call - 1].arrive()  // the server answers when the test says so
        if call == 1 { throw Refused() }
        return renamed
      })
    let store = makeStore(client, initialState: fixture.state(form: fixture.form()))
    let patch = ProfilePersonalPatch(nickname: Self.newNickname)
    /// How many lines of the presented screen show the new nickname: the form's field, and the Personal section.
    func shown() -> Int { ProfileFeature.present(store.state).plainText.count { $0.contains(Self.newNickname) } }

    await store.send(.edited("nickname", Self.newNickname)) { $0.form?.draft["nickname"] = Self.newNickname }
    #expect(shown() == 1)  // only the field
    await store.send(store.formSave) { $0.save = .sending(patch) }
    #expect(shown() == 2)  // and the screen behind the form, in the same dispatch
    #expect(store.state.load.content == fixture.content)  // the loaded content is still the server's
    await answers[0].arrive()
    await store.receive(.save(.failed("refused", request: 1))) { $0.save = .failed(patch, "refused") }
    #expect(shown() == 1)  // rolled back on screen; the draft stays in the form

    await store.send(.save(.retry)) { $0.save = .sending(patch, request: 2) }
    #expect(shown() == 2)
    await answers[1].arrive()
    await store.receive(.save(.succeeded(renamed, request: 2))) {
      $0.save = .sent(renamed, request: 2)
      $0.form = nil
      var content = fixture.content
      content.personal.nickname = Self.newNickname
      $0.load.phase = .loaded(content)
    }
    #expect(shown() == 1)  // the form closed; the screen shows the server's answer
    await store.finish()
    #expect(sent.values == [patch, patch])
  }

  @Test func saveSendsOnlyTheChangedNicknameAndShowsTheAnswerWithoutReloading() async throws {
    let fixture = try Fixture()
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: fixture.renamed))
    let store = makeStore(http: fake.client, initialState: fixture.state(form: fixture.form()))

    await store.send(.edited("nickname", Self.newNickname)) { $0.form?.draft["nickname"] = Self.newNickname }
    await store.send(store.formSave) {
      $0.save = .sending(ProfilePersonalPatch(nickname: Self.newNickname))
    }
    #expect(!store.state.canSave)
    await store.receive(.save(.succeeded(fixture.renamed, request: 1))) {
      $0.save = .sent(fixture.renamed)
      $0.form = nil
      var content = fixture.content
      content.personal.nickname = Self.newNickname
      $0.load.phase = .loaded(content)
    }
    await store.finish()

    let request = try #require(fake.requests.only)
    #expect(request.method == .patch)
    #expect(request.url == personalURL)
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"nickname":"新しい名前"}"#)
    #expect(ProfileFeature.present(store.state).plainText.contains("Nickname: 新しい名前"))
  }

  @Test func changingOnlyTheIntroductionSendsOnlyIt() async throws {
    let fixture = try Fixture()
    var personal = fixture.response.personal
    personal.introduction = ""
    let answered = personal
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: answered))
    let store = makeStore(http: fake.client, initialState: fixture.state(form: fixture.form()))

    await store.send(.edited("introduction", "")) { $0.form?.draft["introduction"] = "" }
    await store.send(store.formSave) {
      $0.save = .sending(ProfilePersonalPatch(introduction: ""))
    }
    await store.receive(.save(.succeeded(answered, request: 1))) {
      $0.save = .sent(answered)
      $0.form = nil
      var content = fixture.content
      content.personal.introduction = ""
      $0.load.phase = .loaded(content)
    }
    await store.finish()
    #expect(fake.requests.map(\.method) == [.patch])
    #expect(fake.requests.first?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"introduction":""}"#)
  }

  @Test func aFailedSaveKeepsTheDraftShowsTheErrorAndRetrySavesAgain() async throws {
    let fixture = try Fixture()
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", .status(500), try .json(encoding: fixture.renamed))
    let store = makeStore(http: fake.client, initialState: fixture.state(form: fixture.form()))
    let message = HTTPError.serverError(status: 500, url: personalURL).description
    let patch = ProfilePersonalPatch(nickname: Self.newNickname)

    await store.send(.edited("nickname", Self.newNickname)) { $0.form?.draft["nickname"] = Self.newNickname }
    let typed = store.state.form
    await store.send(store.formSave) {
      $0.save = .sending(patch)
    }
    await store.receive(.save(.failed(message, request: 1))) { $0.save = .failed(patch, message) }
    #expect(store.state.form == typed)
    #expect(store.state.load.phase == .loaded(fixture.content))
    #expect(store.state.canSave)
    let overlay = try #require(ProfileFeature.present(store.state).firstOverlay)
    #expect(overlay.content.firstErrorMessage == message)
    #expect(overlay.content.actions.contains(.save(.retry)))

    // Retry (the error's action) saves the same fields again.
    await store.send(.save(.retry)) { $0.save = .sending(patch, request: 2) }
    await store.receive(.save(.succeeded(fixture.renamed, request: 2))) {
      $0.save = .sent(fixture.renamed, request: 2)
      $0.form = nil
      var content = fixture.content
      content.personal.nickname = Self.newNickname
      $0.load.phase = .loaded(content)
    }
    await store.finish()
    #expect(fake.requests.map(\.method) == [.patch, .patch])
    #expect(Set(fake.requests.map(\.body)).count == 1)
  }

  @Test func anEditAfterAFailedSaveClearsTheError() async throws {
    let fixture = try Fixture()
    let store = makeStore(
      http: .unimplemented,
      initialState: ProfileFeature.State(
        load: ScreenLoad(phase: .loaded(fixture.content)),
        form: fixture.form(ProfileEditForm.draft(nickname: "a", introduction: "")),
        save: .failed(ProfilePersonalPatch(nickname: "a"), "The server failed.")))

    await store.send(.edited("nickname", "ab")) {
      $0.form?.draft["nickname"] = "ab"
      $0.save.phase = .idle
    }
    await store.finish()
  }

  @Test func cancelDiscardsTheDraft() async throws {
    let fixture = try Fixture()
    let store = makeStore(
      http: .unimplemented,
      initialState: ProfileFeature.State(
        load: ScreenLoad(phase: .loaded(fixture.content)), form: fixture.form(),
        save: .failed(ProfilePersonalPatch(nickname: "x"), "The server failed.", request: 0)))

    await store.send(.edited("nickname", "draft")) {
      $0.form?.draft["nickname"] = "draft"
      $0.save.phase = .idle
    }
    await store.send(.cancelEdit) { $0.form = nil }
    await store.send(.editProfile) { $0.form = fixture.form() }
    await store.send(.cancelEdit) { $0.form = nil }
    await store.send(.cancelEdit)
    #expect(store.state == fixture.state())
    await store.finish()
  }

  @Test func whileSavingTheFormCannotBeEditedOrClosed() async throws {
    let fixture = try Fixture()
    let gate = ArrivalGate(count: 2)
    let renamed = fixture.renamed
    let client = ProfileClient(
      personal: { throw ProfileClient.Unimplemented(endpoint: "personal") },
      announcements: { [] }, comments: { [] }, recentFavorites: { [] },
      updatePersonal: { _ in
        await gate.arrive()
        return renamed
      })
    let store = makeStore(client, initialState: fixture.state(form: fixture.form()))

    await store.send(.edited("nickname", Self.newNickname)) { $0.form?.draft["nickname"] = Self.newNickname }
    await store.send(store.formSave) {
      $0.save = .sending(ProfilePersonalPatch(nickname: Self.newNickname))
    }
    await store.send(.edited("nickname", "other"))
    await store.send(.edited("introduction", "other"))
    await store.send(.cancelEdit)
    await store.send(.editProfile)
    #expect(!store.state.canSave)

    await gate.arrive()  // the server answers
    await store.receive(.save(.succeeded(renamed, request: 1))) {
      $0.save = .sent(renamed)
      $0.form = nil
      var content = fixture.content
      content.personal.nickname = Self.newNickname
      $0.load.phase = .loaded(content)
    }
    await store.finish()
  }

  @Test func aStraySaveOrUpdateWhileSavingSendsNothing() async throws {
    let fixture = try Fixture()
    let sent = Recorder<ProfilePersonalPatch>()
    let (arrived, answer) = (ArrivalGate(count: 2), ArrivalGate(count: 2))
    let renamed = fixture.renamed
    let client = ProfileClient(
      personal: { throw ProfileClient.Unimplemented(endpoint: "personal") },
      announcements: { [] }, comments: { [] }, recentFavorites: { [] },
      updatePersonal: { patch in
        sent.append(patch)
        await arrived.arrive()
        await answer.arrive()
        return renamed
      })
    let store = makeStore(client, initialState: fixture.state(form: fixture.form()))
    let patch = ProfilePersonalPatch(nickname: Self.newNickname)

    await store.send(.edited("nickname", Self.newNickname)) { $0.form?.draft["nickname"] = Self.newNickname }
    await store.send(store.formSave) {
      $0.save = .sending(patch)
    }
    await arrived.arrive()  // the PATCH is at the server
    // Save is disabled while saving, but a stray submit (the form's or the CLI's) still reaches the reducer, which
    // decides that it starts nothing; the middleware only reads that decision.
    await store.send(store.formSave) { $0.save.startsWrite = false }
    await store.send(.save(.submit(patch)))
    await answer.arrive()  // the server answers
    await store.receive(.save(.succeeded(renamed, request: 1))) {
      $0.save = .sent(renamed)
      $0.form = nil
      var content = fixture.content
      content.personal.nickname = Self.newNickname
      $0.load.phase = .loaded(content)
    }
    await store.finish()
    #expect(sent.values == [patch])
  }

  @Test func theFormStaysOpenOverARefresh() async throws {
    let fixture = try Fixture()
    let fake = try ProfileFixtures.fakeHTTP()
    let store = makeStore(http: fake.client, initialState: fixture.state(form: fixture.form()))

    await store.send(.edited("nickname", "draft")) { $0.form?.draft["nickname"] = "draft" }
    await store.send(.load(.refresh)) {
      $0.load = ScreenLoad(phase: .loading, startsLoad: true, asksNetworkFirst: true)
    }
    #expect(ProfileFeature.present(store.state).firstOverlay?.title == "Edit profile")
    await store.receive(.load(.loaded(fixture.response))) { $0.load = ScreenLoad(phase: .loaded(fixture.content)) }
    #expect(store.state.form?.draft["nickname"] == "draft")
    await store.finish()
  }

  @Test func answersWithoutASaveInFlightAreIgnored() async throws {
    let fixture = try Fixture()
    let store = makeStore(http: .unimplemented, initialState: fixture.state(form: fixture.form()))

    await store.send(.save(.succeeded(fixture.renamed, request: 0)))
    await store.send(.save(.failed("late", request: 0)))
    await store.send(.save(.queued(pending: 1, request: 0)))
    await store.finish()
  }

  // MARK: Without the form (kumiki profile edit)

  /// Decide once: a save queued with no profile read yet (`kumiki profile edit`) is where the reducer decides to read
  /// the profile (`readsAfterSave`, for that action only); the middleware used to read the state back after the
  /// action to decide it. A screen showing the profile decides no read, and any next action clears the decision.
  @Test func theReducerDecidesTheReadAfterAQueuedSave() throws {
    let fixture = try Fixture()
    let patch = ProfilePersonalPatch(nickname: Self.newNickname)
    let queued = ProfileFeature.Action.save(.queued(pending: 1, request: 1))

    var nothingRead = ProfileFeature.State(save: .sending(patch))
    ProfileFeature.reducer.reduce(&nothingRead, queued)
    #expect(nothingRead.readsAfterSave)
    #expect(nothingRead.save.phase == .queued(patch, pending: 1))
    ProfileFeature.reducer.reduce(&nothingRead, .selectTab(.comments))
    #expect(!nothingRead.readsAfterSave)

    var onScreen = fixture.state(form: fixture.form())
    onScreen.save = .sending(patch)
    ProfileFeature.reducer.reduce(&onScreen, queued)
    #expect(onScreen.save.phase == .queued(patch, pending: 1))
    #expect(!onScreen.readsAfterSave)

    var late = ProfileFeature.State()  // an answer to no save in flight decides nothing
    ProfileFeature.reducer.reduce(&late, queued)
    #expect(!late.readsAfterSave)
  }

  /// ...and the middleware carries it out: the queued save is followed by `.load(.appear)`, which reads the profile.
  @Test func aQueuedSaveWithNothingReadIsFollowedByTheRead() async throws {
    let fixture = try Fixture()
    var client = ProfileClient.live(http: try ProfileFixtures.fakeHTTP().client, baseURL: ProfileFixtures.baseURL)
    client.updatePersonal = { _ in throw WriteQueued(id: 1, pending: 1) }
    let store = makeStore(client, initialState: ProfileFeature.State())
    let patch = ProfilePersonalPatch(nickname: Self.newNickname)

    await store.send(.save(.submit(patch))) { $0.save = .sending(patch) }
    await store.receive(.save(.queued(pending: 1, request: 1))) {
      $0.save = ProfileFeature.SaveMutation(phase: .queued(patch, pending: 1), request: 1)
      $0.readsAfterSave = true
    }
    await store.receive(.load(.appear)) {
      $0.readsAfterSave = false
      $0.toast.screenAppeared()
      $0.load.phase = .loading
      $0.load.startsLoad = true
    }
    await store.receive(.load(.loaded(fixture.response, origin: .network))) {
      $0.load.phase = .loaded(fixture.content)
      $0.load.startsLoad = false
    }
    await store.finish()
  }

  @Test func updateSavesTheGivenFieldsWithoutLoading() async throws {
    let fixture = try Fixture()
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: fixture.renamed))
    let store = makeStore(http: fake.client, initialState: ProfileFeature.State())
    let patch = ProfilePersonalPatch(nickname: Self.newNickname, introduction: "短い紹介")

    await store.send(.save(.submit(patch))) { $0.save = .sending(patch) }
    await store.receive(.save(.succeeded(fixture.renamed, request: 1))) {
      $0.save = .sent(fixture.renamed)
    }
    await store.finish()
    #expect(fake.requests.map(\.method) == [.patch])
    #expect(
      fake.requests.first?.body.map { String(decoding: $0, as: UTF8.self) }
        == #"{"introduction":"短い紹介","nickname":"新しい名前"}"#)
  }

  @Test func anInvalidOrEmptyUpdateFailsWithoutARequest() async throws {
    let store = makeStore(http: .unimplemented, initialState: ProfileFeature.State())

    let blank = ProfilePersonalPatch(nickname: " ")
    await store.send(.save(.submit(blank))) { $0.save = .failed(blank, "Nickname is required", request: 0) }
    let long = ProfilePersonalPatch(
      nickname: String(repeating: "a", count: 21), introduction: String(repeating: "b", count: 201))
    await store.send(.save(.submit(long))) {
      $0.save = .failed(
        long, "Nickname is at most 20 characters; Self-introduction is at most 200 characters", request: 0)
    }
    await store.send(.save(.submit(ProfilePersonalPatch()))) {
      $0.save = .failed(
        ProfilePersonalPatch(), "Nothing to change: give a nickname or a self-introduction.", request: 0)
    }
    // Retry never sends a refused patch.
    await store.send(.save(.retry))
    await store.finish()
  }
}

extension Collection {
  /// The single element, or `nil` when there are none or several.
  fileprivate var only: Element? { count == 1 ? first : nil }
}

/// The server's refusal of a save, in a test of the optimistic screen.
private struct Refused: Error, CustomStringConvertible {
  var description: String { "refused" }
}
