import CoreTesting
import FeatureKit
import FeatureKitTesting
import LoadingScreenKit
import NetworkingTesting
import ProfileFeature
import Testing
import ToastKit

/// "Profile saved": the toast a successful save of the Edit profile form shows on the screen for a few seconds
/// (FeatureKit's toasts, on a test clock); a save from the command line, whose screen never appeared, shows none.
@Suite struct ProfileSavedToastTests {
  @Test func aSavedFormShowsProfileSavedUntilItsTimeIsUp() async throws {
    let response = try ProfileFixtures.response()
    let content = ProfileContent(response)
    var answer = response.personal
    answer.nickname = "新しい名前"
    let renamed = answer
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: renamed))
    let clock = TestClock()
    var initial = ProfileFeature.State(
      load: ScreenLoad(phase: .loaded(content)),
      form: ProfileEditForm(original: ProfileEditForm.draft(content.personal)))
    initial.toast.screenAppeared()
    let store = TestStore(
      module: ProfileFeature.module(client: .live(http: fake.client, baseURL: ProfileFixtures.baseURL)),
      initialState: initial, clock: clock)

    await store.send(.edited("nickname", "新しい名前")) { $0.form?.draft["nickname"] = "新しい名前" }
    await store.send(.save(.submit(ProfilePersonalPatch(nickname: "新しい名前")))) {
      $0.save = .sending(ProfilePersonalPatch(nickname: "新しい名前"))
    }
    await store.receive(.save(.succeeded(renamed, request: 1))) {
      $0.save = .sent(renamed)
      $0.form = nil
      var saved = content
      saved.personal.nickname = "新しい名前"
      $0.load.phase = .loaded(saved)
      $0.toast.show("Profile saved")
    }
    let view = ProfileFeature.module(client: .live(http: fake.client, baseURL: ProfileFixtures.baseURL))
      .present?(store.state)
    #expect(view?.firstToast?.text == "Profile saved")
    #expect(view?.firstToast?.undo == nil)
    clock.advance(by: Toast<ProfileFeature.Action>.duration)
    await store.receive(.toastExpired(serial: 1)) {
      $0.toast.current = nil
    }
    await store.finish()
  }

  @Test func aSaveFromTheCommandLineShowsNoToast() async throws {
    let response = try ProfileFixtures.response()
    var answer = response.personal
    answer.nickname = "新しい名前"
    let renamed = answer
    let fake = FakeHTTPClient()
    fake.stub(.patch, "/profile_personal", try .json(encoding: renamed))
    let store = TestStore(
      module: ProfileFeature.module(client: .live(http: fake.client, baseURL: ProfileFixtures.baseURL)),
      initialState: ProfileFeature.State(load: ScreenLoad(phase: .loaded(ProfileContent(response)))),
      clock: TestClock())
    store.exhaustivity = .off
    await store.send(.save(.submit(ProfilePersonalPatch(nickname: "新しい名前"))))
    await store.receive(.save(.succeeded(renamed, request: 1)))
    await store.finish()  // no toast, so no timer left waiting on the (never advanced) clock
    #expect(store.state.toast.current == nil)
  }
}
