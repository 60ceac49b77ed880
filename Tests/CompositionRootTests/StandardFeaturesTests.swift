import FeatureKit
import Foundation
import Networking
import Testing

@testable import CompositionRoot

/// The registry built for a selection (issue 38: a command builds its own feature alone) is the whole registry's
/// selection: the same mounts, in the same order, with the same commands, and the same errors. Nothing here names a
/// feature: every mount and every pair of mounts of this build is checked.
@Suite struct StandardFeaturesTests {
  /// Dependencies for listing the mounts only (nothing is run on them).
  static let inert = FeatureDependencies(
    http: HTTPClient { request in throw HTTPError.cannotConnect(request.url, reason: "listing only") },
    apiURL: URL(string: "http://127.0.0.1:9")!, persistence: .refusing("listing only"))

  @Test func aSelectionBuildsWhatTheWholeRegistrySelects() throws {
    let keys = StandardFeatures.descriptions.map(\.key)
    var selections = [[String]()] + keys.map { [$0] }
    for (index, first) in keys.enumerated() {
      selections += keys.dropFirst(index + 1).map { [$0, first] }
    }
    for selection in selections {
      let built = try StandardFeatures.registry(Self.inert, selecting: selection).assemble()
      let selected = try StandardFeatures.registry(Self.inert).selecting(selection).assemble()
      // Each mount's key, title and screen, then each command's words and examples.
      #expect(
        built.features.map { "\($0.key) \($0.title) \($0.hasScreen)" }
          == selected.features.map { "\($0.key) \($0.title) \($0.hasScreen)" }, "\(selection)")
      #expect(
        built.commands.map { "\($0.words) \($0.examples)" } == selected.commands.map { "\($0.words) \($0.examples)" },
        "\(selection)")
    }
  }

  @Test func anUnknownKeyIsTheSameError() {
    let selected = #expect(throws: (any Error).self) {
      _ = try StandardFeatures.registry(Self.inert).selecting(["nope"])
    }
    let built = #expect(throws: (any Error).self) {
      _ = try StandardFeatures.registry(Self.inert, selecting: ["nope"])
    }
    #expect(built.map { "\($0)" } == selected.map { "\($0)" })
    #expect(built.map { "\($0)" }?.hasPrefix("unknown feature 'nope'; available: ") == true)
  }
}
