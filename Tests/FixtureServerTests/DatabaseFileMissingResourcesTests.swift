import FixtureData
import Foundation
import Testing

@testable import FixtureServer

/// A data file made before a feature was added gains the feature's collection at start (the embedded API's
/// `--add-missing`), and nothing of the user's data changes. The sample data's own names are read from it, so the
/// tests hold whatever features are shipped.
@Suite("A data file gains the sample data's missing resources")
struct DatabaseFileMissingResourcesTests {
  /// The sample data's last resource (the one a file lacks) and another that is a list (the one the user emptied).
  private func sampleNames() throws -> (sample: FixtureDatabase, missing: String, emptied: String) {
    let sample = try TestData.database
    let missing = try #require(sample.root.members.last).key
    let emptied = try #require(
      sample.root.members.first { member in
        guard case .array = member.value else { return false }
        return member.key != missing
      }
    ).key
    return (sample, missing, emptied)
  }

  @Test("a file lacking a collection gains it, saved after every byte of the others; an emptied list stays empty")
  func addsTheMissingCollection() async throws {
    let (sample, missing, emptied) = try sampleNames()
    try await withTemporaryDirectory { directory async throws in
      // The user's file: written by hand (spacing, `1.50` and `\u00e9` a save would rewrite), one list emptied, a key
      // of its own, and no `missing`.
      var members: [String] = [#""mine" :  {"price": 1.50, "name": "caf\u00e9"}"#]
      for member in sample.root.members where member.key != missing {
        let value =
          member.key == emptied
          ? "[ ]" : String(decoding: JSONWriter(prettyPrinted: false).bytes(of: member.value), as: UTF8.self)
        members.append("\(String(decoding: JSONWriter().bytes(of: .string(member.key)), as: UTF8.self)): \(value)")
      }
      let head = "{\n" + members.joined(separator: ",\n")
      let url = try writeFile(head + "\n}\n", named: "kumiki-api.json", in: directory)
      let lines = LogLines()
      var configuration = FixtureServer.Configuration(databaseFile: url, log: lines.log)
      configuration.addsMissingResources = true
      try await withFixtureServer(configuration) { server async throws in
        #expect(try await HTTPClient.send("GET", "/\(missing)", on: server).status == 200)
        let reply = try await HTTPClient.send("GET", "/\(emptied)", on: server)
        #expect(reply.status == 200)
        #expect(try JSONParser.parse(reply.body) == .array([]))
      }
      let saved = try [UInt8](Data(contentsOf: url))
      #expect(saved.starts(with: Array(head.utf8)))
      let database = try FixtureDatabase(json: saved)
      #expect(database.root.keys == ["mine"] + sample.root.keys.filter { $0 != missing } + [missing])
      #expect(database[missing] == sample[missing])
      #expect(database[emptied] == .array([]))
      #expect(lines.all.contains { $0.contains("added") && $0.contains(missing) && !$0.contains(emptied) })
    }
  }

  @Test("nothing is saved when nothing is missing: the same file, every byte")
  func savesNothingWhenNothingIsMissing() async throws {
    let (sample, _, emptied) = try sampleNames()
    try await withTemporaryDirectory { directory async throws in
      var database = sample
      database.root[emptied] = .array([])
      let url = directory.appendingPathComponent("kumiki-api.json")
      try Data(JSONWriter(prettyPrinted: false).bytes(of: .object(database.root))).write(to: url)
      let before = try Data(contentsOf: url)
      let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber
      let lines = LogLines()
      var configuration = FixtureServer.Configuration(databaseFile: url, log: lines.log)
      configuration.addsMissingResources = true
      try await withFixtureServer(configuration) { server async throws in
        let reply = try await HTTPClient.send("GET", "/\(emptied)", on: server)
        #expect(try JSONParser.parse(reply.body) == .array([]))
      }
      // A save renames a new file over the path: the same inode is the file never saved.
      #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber == inode)
      #expect(try Data(contentsOf: url) == before)
      #expect(lines.all.isEmpty)
    }
  }

  @Test("without the option, and on a read-only server, the file stays as it is")
  func leavesTheFileUnasked() async throws {
    let (sample, missing, _) = try sampleNames()
    try await withTemporaryDirectory { directory async throws in
      var database = sample
      database.root[missing] = nil
      let url = directory.appendingPathComponent("db.json")
      try Data(DatabaseFile.bytes(of: database)).write(to: url)
      let before = try Data(contentsOf: url)
      try await withFixtureServer(FixtureServer.Configuration(databaseFile: url)) { server async throws in
        #expect(try await HTTPClient.send("GET", "/\(missing)", on: server).status == 404)
      }
      var readOnly = FixtureServer.Configuration(databaseFile: url, readOnly: true)
      readOnly.addsMissingResources = true
      try await withFixtureServer(readOnly) { server async throws in
        #expect(try await HTTPClient.send("GET", "/\(missing)", on: server).status == 200)  // served, not saved
      }
      #expect(try Data(contentsOf: url) == before)
    }
  }

  @Test("the additions go after the last member, or alone in an empty object, and keep what follows the brace")
  func appendsToTheText() throws {
    let added = [JSONObject.Member(key: "new", value: .array([.integer(1)]))]
    let cases: [(String, Bool, String)] = [
      (#"{"a":1}"#, true, "{\"a\":1,\n  \"new\": [\n    1\n  ]\n}"),
      ("{\n  \"a\": 1\n}\n\n", true, "{\n  \"a\": 1,\n  \"new\": [\n    1\n  ]\n}\n\n"),
      ("{ }", false, "{\n  \"new\": [\n    1\n  ]\n}"),
    ]
    for (text, afterMembers, expected) in cases {
      let result = DatabaseFile.appending(added, to: Array(text.utf8), afterMembers: afterMembers)
      #expect(result.map { String(decoding: $0, as: UTF8.self) } == expected, "\(text)")
    }
    #expect(DatabaseFile.appending(added, to: Array("[]".utf8), afterMembers: false) == nil)
  }
}
