import FeatureKit
import FeatureKitTesting
import Foundation
import LoadingScreenKit
import Networking
import Testing

/// ``ScreenLoad/reduce(_:)`` alone: the one place that decides whether a load starts, recorded in the state.
@Suite struct ScreenLoadTests {
  typealias Load = ScreenLoad<SampleFeature.Content>

  struct Step: Sendable, CustomTestStringConvertible {
    var before: Load
    var action: LoadAction<[String]>
    var after: Load
    var testDescription: String { "\(before.phase) + \(action.debugDescription)" }
  }

  static let menu = SampleFeature.Content(["ramen"])
  static let networkFirst = Load(phase: .loading, startsLoad: true, asksNetworkFirst: true)
  static let fetchedAt = Date(timeIntervalSince1970: 1_795_000_000)
  static let stale = DataOrigin.stale(fetchedAt: fetchedAt, age: 300)
  static let offline = DataOrigin.offline(fetchedAt: fetchedAt, reason: "cannot connect")

  @Test(arguments: [
    // .appear loads only from idle: the decision is startsLoad, not the phase.
    Step(before: Load(), action: .appear, after: Load(phase: .loading, startsLoad: true)),
    Step(before: Load(phase: .loading, startsLoad: true), action: .appear, after: Load(phase: .loading)),
    Step(before: Load(phase: .loaded(menu)), action: .appear, after: Load(phase: .loaded(menu))),
    Step(before: Load(phase: .empty), action: .appear, after: Load(phase: .empty)),
    Step(before: Load(phase: .failed("down")), action: .appear, after: Load(phase: .failed("down"))),
    // .refresh and .retry always load, whatever the phase (a load in flight is replaced), asking the network first.
    Step(before: Load(), action: .refresh, after: Self.networkFirst),
    Step(before: Load(phase: .loading, startsLoad: true), action: .refresh, after: Self.networkFirst),
    Step(before: Load(phase: .loaded(menu)), action: .refresh, after: Self.networkFirst),
    Step(before: Load(phase: .failed("down")), action: .retry, after: Self.networkFirst),
    // Retry keeps what the screen shows (offline content, an empty list) until the answer replaces it.
    Step(
      before: Load(phase: .empty), action: .retry, after: Load(phase: .empty, startsLoad: true, asksNetworkFirst: true)
    ),
    Step(
      before: Load(phase: .loaded(menu), origin: offline), action: .retry,
      after: Load(phase: .loaded(menu), startsLoad: true, asksNetworkFirst: true, origin: offline)),
    // The decision lasts one action: an .appear while a network-first load runs clears it with startsLoad.
    Step(before: Self.networkFirst, action: .appear, after: Load(phase: .loading)),
    // Answers map the response, keep where it came from, and start nothing.
    Step(
      before: Load(phase: .loading, startsLoad: true), action: .loaded(["ramen"]), after: Load(phase: .loaded(menu))),
    Step(before: Self.networkFirst, action: .loaded(["ramen"]), after: Load(phase: .loaded(menu))),
    Step(
      before: Load(phase: .loading, startsLoad: true), action: .loaded(["ramen"], origin: stale),
      after: Load(phase: .loaded(menu), origin: stale)),
    // The second answer of a stale load replaces the first, content and origin.
    Step(
      before: Load(phase: .loaded(menu), origin: stale), action: .loaded(["ramen", "soba"]),
      after: Load(phase: .loaded(SampleFeature.Content(["ramen", "soba"])))),
    Step(
      before: Load(phase: .loaded(menu), origin: stale), action: .loaded(["ramen"], origin: offline),
      after: Load(phase: .loaded(menu), origin: offline)),
    Step(before: Load(phase: .loading, startsLoad: true), action: .loaded([]), after: Load(phase: .empty)),
    Step(before: Load(phase: .loading, startsLoad: true), action: .failed("down"), after: Load(phase: .failed("down"))),
    Step(before: Self.networkFirst, action: .failed("down"), after: Load(phase: .failed("down"))),
  ])
  func theReducerDecidesAndRecordsTheDecision(_ step: Step) {
    var load = step.before
    load.reduce(step.action)
    #expect(load == step.after)
  }

  @Test func contentIsThereOnlyWhenLoaded() {
    #expect(Load(phase: .loaded(Self.menu)).content == Self.menu)
    for phase in [LoadPhase<SampleFeature.Content>.idle, .loading, .empty, .failed("down")] {
      #expect(Load(phase: phase).content == nil)
    }
  }

  @Test func contentIsNeverEmptyUnlessItSaysSo() {
    struct Always: LoadableContent {
      init(_ response: [String]) {}
    }
    var load = ScreenLoad<Always>(phase: .loading, startsLoad: true)
    load.reduce(.loaded([]))
    #expect(load.phase == .loaded(Always([])))
  }

  @Test func loadActionsReadShortInsideTheirFeatureAction() {
    #expect("\(SampleFeature.Action.load(.appear))" == "load(appear)")
    #expect("\(SampleFeature.Action.load(.refresh))" == "load(refresh)")
    #expect("\(SampleFeature.Action.load(.retry))" == "load(retry)")
    #expect("\(SampleFeature.Action.load(.loaded(["ramen"])))" == #"load(loaded(["ramen"]))"#)
    #expect("\(SampleFeature.Action.load(.failed("down")))" == #"load(failed("down"))"#)
    #expect(
      "\(SampleFeature.Action.load(.loaded(["ramen"], origin: Self.offline)))"
        == #"load(loaded(["ramen"], origin: offline(fetchedAt: \#(Self.fetchedAt), reason: "cannot connect")))"#)
  }
}
