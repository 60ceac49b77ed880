import FixtureData
import Foundation
import Testing

@testable import FixtureServer

#if canImport(Glibc)
  import Glibc
#endif

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
          && error.description == "cannot save \(directory.path)/gone/db.json: open failed: No such file or directory"
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

  @Test("a save ends with the file's own mode; a file that is not there, or was deleted, is made 0600")
  func finalModes() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
      try DatabaseFile(url: url).save(database)
      #expect(try permissions(url) == 0o644)
      // Made by the umask (0022 in the test process: 0644) before the fix.
      let new = directory.appendingPathComponent("new.json")
      try DatabaseFile(url: new).save(database)
      #expect(try permissions(new) == 0o600)
      try FileManager.default.removeItem(at: new)
      try DatabaseFile(url: new).save(database)
      #expect(try permissions(new) == 0o600)
      let created = directory.appendingPathComponent("created.json")
      try DatabaseFile(url: created).create(with: database)
      #expect(try permissions(created) == 0o600)
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

  // MARK: - Hostile files at the path

  @Test("loading refuses what is not a regular file, naming it, without blocking on a FIFO or a device")
  func loadRefusesSpecialFiles() async throws {
    try await withTemporaryDirectory { directory async throws in
      let fifo = directory.appendingPathComponent("fifo.json")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      let folder = directory.appendingPathComponent("folder.json")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let socket = directory.appendingPathComponent("socket.json")
      try bindUnixSocket(at: socket)
      let linkToFIFO = directory.appendingPathComponent("link.json")
      try FileManager.default.createSymbolicLink(at: linkToFIFO, withDestinationURL: fifo)
      let linkToDevice = directory.appendingPathComponent("device.json")
      try FileManager.default.createSymbolicLink(
        at: linkToDevice, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
      let cases: [(URL, String)] = [
        (fifo, "a FIFO (named pipe)"), (folder, "a directory"), (socket, "a socket"),
        (linkToFIFO, "a FIFO (named pipe)"),
        (linkToDevice, "a character device"),
      ]
      for (url, kind) in cases {
        // A FIFO without a writer would block an ordinary open or read forever: the deadline fails the test instead.
        let outcome = try await withDeadline(seconds: 10) { try DatabaseFile(url: url).load() }
        guard case .failure(let error as FixtureDatabaseError) = outcome else {
          Issue.record("\(url.lastPathComponent) loaded: \(outcome)")
          continue
        }
        #expect(error.description.hasSuffix("it is \(kind), not a data file"), "\(error)")
        // A link is named by its target, where the file really is.
        #expect(error.description.hasPrefix("cannot read \(url.resolvingSymlinksInPath().path): "), "\(error)")
      }
    }
  }

  @Test("loading refuses a file over the size limit, with both sizes, without reading it; an empty file is not JSON")
  func loadRefusesHugeAndEmptyFiles() async throws {
    try await withTemporaryDirectory { directory async throws in
      // Sparse: 300 MiB on paper, no block written.
      let huge = try writeFile("", named: "huge.json", in: directory)
      #expect(truncate(huge.path, 300 << 20) == 0)
      #expect {
        try DatabaseFile(url: huge).load()
      } throws: { error in
        (error as? FixtureDatabaseError)?.description
          == "cannot read \(huge.path): it is 300 MiB; a server loads at most 16 MiB"
      }
      let empty = try writeFile("", named: "empty.json", in: directory)
      #expect {
        try DatabaseFile(url: empty).load()
      } throws: { error in
        guard case .malformedJSON(let parse)? = error as? FixtureDatabaseError else { return false }
        return parse.line == 1 && parse.column == 1
      }
      let exact = try writeFile("{}", named: "exact.json", in: directory)
      #expect(try DatabaseFile(url: exact).load() == FixtureDatabase(root: JSONObject()))
    }
  }

  @Test("a save never replaces what is not a regular file: a FIFO at the path stays, and nothing blocks")
  func saveRefusesSpecialFiles() async throws {
    try await withTemporaryDirectory { directory async throws in
      let fifo = directory.appendingPathComponent("db.json")
      #expect(mkfifo(fifo.path, 0o600) == 0)
      let database = self.database
      let outcome = try await withDeadline(seconds: 10) { try DatabaseFile(url: fifo).save(database) }
      guard case .failure(let error as DatabaseSaveError) = outcome else {
        Issue.record("saved over a FIFO: \(outcome)")
        return
      }
      #expect(
        error.description
          == "cannot save \(fifo.path): it is a FIFO (named pipe), not a data file, and is never replaced")
      #expect(!error.isOutOfSpace)
      var status = stat()
      #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
      #expect(try fileNames(in: directory) == ["db.json"])
    }
  }

  @Test("a save larger than a server loads is refused as out of space, and the file stays as it was")
  func saveRefusesOversizedData() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      let big = [UInt8](repeating: UInt8(ascii: " "), count: DatabaseFile.maximumBytes + 1)
      #expect {
        try DatabaseFile(url: url).save(bytes: big)
      } throws: { error in
        guard let error = error as? DatabaseSaveError else { return false }
        return error.isOutOfSpace
          && error.description == "cannot save \(url.path): the data would be 17 MiB; a server loads at most 16 MiB"
      }
      #expect(try String(contentsOf: url, encoding: .utf8) == "{}")
      #expect(try fileNames(in: directory) == ["db.json"])
    }
  }

  @Test(
    "a write the disk refuses (ENOSPC from /dev/full, EROFS, EIO, EACCES) leaves the file and no temporary file",
    arguments: [ENOSPC, EROFS, EIO, EACCES])
  func failingWrites(code: Int32) async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{}", in: directory)
      let file = DatabaseFile(url: url, write: failingWrite(code))
      #expect {
        try file.save(database)
      } throws: { error in
        guard let error = error as? DatabaseSaveError else { return false }
        return error.code == code && error.operation == "write" && error.isOutOfSpace == (code == ENOSPC)
          && error.description.hasSuffix("write failed: \(String(cString: strerror(code)))")
      }
      #expect(try String(contentsOf: url, encoding: .utf8) == "{}")
      #expect(try fileNames(in: directory) == ["db.json"])
    }
  }

  @Test("a file kept aside is a link under a new name, never over a taken one")
  func keepAside() async throws {
    try await withTemporaryDirectory { directory async throws in
      let url = try writeFile("{ broken", in: directory)
      let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
      let taken = try writeFile("someone else's", named: "db.json.corrupt-20270115T080000Z", in: directory)
      let kept = try DatabaseFile(url: url).keepAside(now: now)
      #expect(kept == directory.path + "/db.json.corrupt-20270115T080000Z-2")
      #expect(try String(contentsOfFile: kept, encoding: .utf8) == "{ broken")
      #expect(try String(contentsOf: taken, encoding: .utf8) == "someone else's")
      #expect(try String(contentsOf: url, encoding: .utf8) == "{ broken")
    }
  }
}
