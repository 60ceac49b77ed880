import Persistence
import Testing

@Suite struct DatabaseLocationTests {
  let home = ["HOME": "/home/ada"]

  @Test func defaultsToTheXDGDataFolderUnderHome() throws {
    let location = try DatabaseLocation.resolve(environment: home, currentDirectory: "/work")
    #expect(location == .file(path: "/home/ada/.local/share/kumiki/kumiki.sqlite"))
  }

  @Test func xdgDataHomeWinsOverHome() throws {
    let environment = home.merging(["XDG_DATA_HOME": "/data/"]) { $1 }
    #expect(try DatabaseLocation.resolve(environment: environment) == .file(path: "/data/kumiki/kumiki.sqlite"))
  }

  @Test func relativeOrEmptyXDGDataHomeIsIgnored() throws {
    for value in ["relative/data", ""] {
      let environment = home.merging(["XDG_DATA_HOME": value]) { $1 }
      #expect(
        try DatabaseLocation.resolve(environment: environment)
          == .file(path: "/home/ada/.local/share/kumiki/kumiki.sqlite"))
    }
  }

  @Test func environmentOverrideWinsOverXDG() throws {
    let environment = home.merging(["XDG_DATA_HOME": "/data", "KUMIKI_DB": "/tmp/k.sqlite"]) { $1 }
    #expect(try DatabaseLocation.resolve(environment: environment) == .file(path: "/tmp/k.sqlite"))
  }

  @Test func explicitPathWinsOverEverything() throws {
    let environment = home.merging(["XDG_DATA_HOME": "/data", "KUMIKI_DB": "/tmp/k.sqlite"]) { $1 }
    #expect(try DatabaseLocation.resolve(environment: environment, explicitPath: "/x/y.db") == .file(path: "/x/y.db"))
  }

  @Test func relativePathsAreMadeAbsoluteAgainstTheCurrentFolder() throws {
    let location = try DatabaseLocation.resolve(
      environment: home, explicitPath: "./data/../k.sqlite", currentDirectory: "/work")
    #expect(location == .file(path: "/work/k.sqlite"))
  }

  @Test func memoryNameSelectsAnInMemoryDatabase() throws {
    #expect(try DatabaseLocation.resolve(environment: ["KUMIKI_DB": ":memory:"]) == .inMemory)
    #expect(try DatabaseLocation.resolve(environment: [:], explicitPath: ":memory:") == .inMemory)
  }

  @Test func noUsableVariableIsAClearError() {
    #expect(throws: PersistenceError.noDataDirectory) {
      try DatabaseLocation.resolve(environment: ["HOME": "", "KUMIKI_DB": ""])
    }
    #expect(PersistenceError.noDataDirectory.description.contains("--db"))
  }
}
