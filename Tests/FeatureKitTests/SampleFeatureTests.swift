import Core
import CoreTesting
import FeatureAssembly
import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Testing

/// FeatureKitTesting's sample feature, which the kit's and the front ends' suites use: it loads, its commands run
/// in an assembled app, its highlighted dish survives a restart, and its static description says what it mounts.
@Suite struct SampleFeatureTests {
  @Test func itLoadsAndHighlightsThroughTheTestStore() async {
    let store = TestStore(module: SampleFeature.module(load: { ["Curry", "Ramen"] }))
    await store.send(.load(.appear)) { $0.load = ScreenLoad(phase: .loading, startsLoad: true) }
    await store.receive(.load(.loaded(["Curry", "Ramen"]))) {
      $0.load = ScreenLoad(phase: .loaded(SampleFeature.Content(["Curry", "Ramen"])))
    }
    await store.send(.highlight("Ramen")) { $0.highlighted = "Ramen" }
    #expect(
      SampleFeature.present(store.state)
        == .stack([
          .button(label: "Curry", action: .highlight("Curry")), .button(label: "> Ramen", action: .highlight("Ramen")),
        ]))
  }

  @Test func itsCommandsRunInAnAssembledApp() async throws {
    let app = try FeatureRegistry([SampleFeature.module(load: { ["Curry"] }).erased]).assemble()
    let highlight = try #require(app.commands.first { $0.words == ["menu", "highlight"] })
    for action in try highlight.actions(CommandInput(values: ["dish": "Curry"])) { app.store.dispatch(action) }
    await app.store.settled()
    guard case .success(_, let json) = highlight.output(app.store.state, CommandInput()) else {
      Issue.record("menu highlight failed")
      return
    }
    #expect(json.text == #"{"dishes":["Curry"],"highlighted":"Curry","origin":"network","fetched_at":null}"#)
    #expect(throws: CommandError.self) { try highlight.actions(CommandInput()) }
  }

  @Test func theHighlightedDishIsPersisted() throws {
    let persistence = try #require(SampleFeature.module(load: { [] }).persistence)
    var state = SampleFeature.State()
    state.highlighted = "Ramen"
    let data = try #require(persistence.save(state))
    var restored = SampleFeature.State()
    persistence.restore(&restored, data, persistence.version)
    #expect(restored.highlighted == "Ramen")
    #expect(restored.load == SampleFeature.State().load)
  }

  @Test func itsDescriptionIsWhatItMounts() {
    #expect(SampleFeature.module(load: { [] }).description == SampleFeature.description)
    #expect(SampleFeature.description.commands.map(\.path) == [[], ["highlight"]])
  }
}
