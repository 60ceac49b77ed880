import FixtureData
import Foundation
import Testing

@testable import FixtureServer

@Suite("DatabaseFile: atomic, durable saves of db.json")
struct DatabaseFileTests {
  let database: FixtureDatabase

  init() throws {
    database = try FixtureDatabase(json: Array(#"{"posts": [{"id": 1, "title": "カレー"}], "p": {}}"#.utf8))
  }

  private func inode(_ url: URL) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
  }

  private func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
  }

  @Test("a save renames a new file over the old one: new inode, the whole database, no temporary file left")
  func replacesByRename() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile(#"{"old": []}"#, in: directory)
      let before = try inode(url)
      try DatabaseFile(url: url).save(database)
      #expect(try inode(url) != before)
      #expect(try FixtureDatabase(contentsOf: url) == database)
      #expect(try fileNames(in: directory) == ["db.json"])
      // Indented like json-server's lowdb writes it.
      #expect(
        try String(contentsOf: url, encoding: .utf8)
          == JSONWriter(prettyPrinted: true).string(of: .object(database.root)))
    }
  }

  @Test("a save keeps the file's permission bits")
  func keepsPermissions() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
      try DatabaseFile(url: url).save(database)
      #expect(try permissions(url) == 0o640)
    }
  }

  @Test("a symbolic link to db.json stays a link; the file it points at is replaced")
  func followsSymbolicLinks() async throws {
    try await withTemporaryDirectory { directory async throws in
      let real = try writeFile("{}", named: "real.json", in: directory)
      let link = directory.appendingPathComponent("db.json")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
      try DatabaseFile(url: link).save(database)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
      #expect(try FixtureDatabase(contentsOf: real) == database)
      #expect(try fileNames(in: directory) == ["db.json", "real.json"])
    }
  }

  @Test("a save that cannot create its temporary file names the call and leaves nothing behind")
  func missingDirectory() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("gone/db.json")
      #expect {
        try DatabaseFile(url: url).save(database)
      } throws: { error in
        guard let error = error as? DatabaseSaveError else { return false }
        return error.operation == "open" && error.code == ENOENT
          && error.description.hasPrefix("cannot save \(directory.path)/gone/.db.json.")
      }
      #expect(try fileNames(in: directory) == [])
    }
  }

  @Test("a save whose rename fails leaves the target as it was and removes its temporary file")
  func failedRename() async throws {
    try await withTemporaryDirectory { directory async throws in
      // A non-empty directory where the file should be: rename(2) refuses to replace it.
      let url = directory.appendingPathComponent("db.json")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      _ = try writeFile("keep", named: "inside", in: url)
      #expect(throws: DatabaseSaveError.self) { try DatabaseFile(url: url).save(database) }
      #expect(try fileNames(in: directory) == ["db.json"])
      #expect(try fileNames(in: url) == ["inside"])
    }
  }

  @Test(
    "a temporary file is created 0600 whatever the umask, or with the file's mode when that is stricter",
    arguments: [(0o644, 0o600), (0o666, 0o600), (0o600, 0o600), (0o640, 0o600), (0o400, 0o400), (0o200, 0o200)])
  func temporaryFileMode(fileMode: Int, temporaryMode: Int) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: url.path)
      let file = DatabaseFile(url: url)
      let (descriptor, path, finalMode) = try file.createTemporaryFile()
      defer {
        close(descriptor)
        unlink(path)
      }
      #expect(try permissions(URL(fileURLWithPath: path)) == temporaryMode)
      #expect(Int(finalMode) == fileMode)
      #expect(file.isTemporaryFileName(URL(fileURLWithPath: path).lastPathComponent))
    }
  }

  @Test("a save ends with the file's own mode, and a new file gets 0666 less the umask")
  func finalModes() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
      try DatabaseFile(url: url).save(database)
      #expect(try permissions(url) == 0o644)
      let new = directory.appendingPathComponent("new.json")
      try DatabaseFile(url: new).save(database)
      #expect(try permissions(new) == 0o666 & ~Int(DatabaseFile.processUmask()))
      let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
      #expect(status.contains(String(format: "Umask:\t%04o", DatabaseFile.processUmask())))
    }
  }

  @Test("stale temporary files of exactly our naming are removed; anything else stays")
  func staleTemporaryFiles() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      let ours = [".db.json.0.tmp", ".db.json.1234567.tmp", ".db.json.18446744073709551615.tmp"]
      let others = [
        ".db.json.18446744073709551616.tmp", ".db.json.007.tmp", ".db.json.-1.tmp", ".db.json.12a.tmp",
        ".db.json..tmp", ".db.json.1.tmp.bak", "db.json.1.tmp", ".other.json.5.tmp", ".db.json.lock", "notes.txt",
      ]
      for name in ours + others { _ = try writeFile("x", named: name, in: directory) }
      // Named like ours but not a regular file: a directory, and a link (to a file that must survive).
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent(".db.json.77.tmp"), withIntermediateDirectories: false)
      try FileManager.default.createSymbolicLink(
        at: directory.appendingPathComponent(".db.json.78.tmp"),
        withDestinationURL: directory.appendingPathComponent("notes.txt"))
      let file = DatabaseFile(url: url)
      #expect(file.removeStaleTemporaryFiles() == ours.sorted())
      #expect(try fileNames(in: directory) == (others + ["db.json", ".db.json.77.tmp", ".db.json.78.tmp"]).sorted())
      #expect(file.removeStaleTemporaryFiles() == [])
    }
  }

  @Test("a file that does not exist yet is created")
  func createsFile() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = directory.appendingPathComponent("new.json")
      try DatabaseFile(url: url).save(database)
      #expect(try FixtureDatabase(contentsOf: url) == database)
      #expect(try fileNames(in: directory) == ["new.json"])
    }
  }
}
