import FixtureServer
import Scenarios

extension FixtureServer.Configuration {
  /// The server a scenario's API is, as `kumiki-api` runs it with ``ScenarioAPI/serverArguments(replacementsFile:)``:
  /// its data (replaced resources, emptied lists) and, with `faults`, its latency and failing resources.
  init(_ api: ScenarioAPI, faults: Bool) throws {
    self.init(replacedResources: api.data, emptiedLists: api.empty)
    guard faults else { return }
    delay = .milliseconds(api.latency)
    for status in api.statuses { try self.faults.add(rule: status.faultRule) }
  }
}
