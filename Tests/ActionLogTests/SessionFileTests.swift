import Foundation
import Testing

@testable import ActionLog

#if canImport(Glibc)
  import Glibc
#endif

/// Files the session tools write (recordings, DevTools exports, emitted tests): mode 0600, and only a regular file
/// or a new path — a symbolic link, a device, a FIFO or a directory is refused and left exactly as it was.
@Suite struct SessionFileTests {
  final class Folder: Sendable {
    let path = NSTemporaryDirectory() + "kumiki-private-\(UUID().uuidString)"
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
      let file = path + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      chmod(file, mode_t(mode))
      return file
    }

    func text(_ name: String) throws -> String { try String(contentsOfFile: path + "/" + name, encoding: .utf8) }
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    lstat(path, &status)
    return status.st_mode
  }

  static func isSymbolicLink(_ path: String) -> Bool { mode(path) & S_IFMT == S_IFLNK }

  // MARK: Private

  @Test func aNewLogIsReadableByItsOwnerOnly() throws {
    let folder = try Folder()
    let file = try ActionLogFile(creatingAt: folder.path + "/new.jsonl")
    file.append("{}")
    file.close()
    #expect(Self.mode(folder.path + "/new.jsonl") & 0o777 == 0o600)
  }

  @Test func anExistingLogIsTruncatedAndMadePrivateWhateverItsMode() throws {
    let folder = try Folder()
    let path = try folder.file("old.jsonl", "an old recording\n", mode: 0o666)
    let file = try ActionLogFile(creatingAt: path)
    file.append("new")
    file.close()
    #expect(try folder.text("old.jsonl") == "new\n")
    #expect(Self.mode(path) & 0o777 == 0o600)
  }

  @Test func aWholeFileIsPrivateWhenNewAndWhenReplacing() throws {
    let folder = try Folder()
    let path = folder.path + "/Export.jsonl"
    try SessionFile.write(Data("one\n".utf8), to: path, replacing: false)
    #expect(Self.mode(path) & 0o777 == 0o600)
    chmod(path, 0o644)
    try SessionFile.write(Data("two\n".utf8), to: path, replacing: true)
    #expect(try folder.text("Export.jsonl") == "two\n")
    #expect(Self.mode(path) & 0o777 == 0o600)
    #expect(throws: ActionLogError.cannotCreate(path: path, reason: "it exists")) {
      try SessionFile.write(Data("three\n".utf8), to: path, replacing: false)
    }
    #expect(try folder.text("Export.jsonl") == "two\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Export.jsonl"])  // no temporary left
  }

  // MARK: Only a regular file or a new path

  /// Both ways of writing, each given `path`: whether they refused with a reason that starts with `reason`.
  static func refusedBoth(_ path: String, reason: String) -> Bool {
    func refused(_ body: () throws(ActionLogError) -> Void) -> Bool {
      do {
        try body()
        return false
      } catch {
        guard case .cannotCreate(let reported, let said) = error else { return false }
        return reported == path && said.hasPrefix(reason)
      }
    }
    return refused { () throws(ActionLogError) in _ = try ActionLogFile(creatingAt: path) }
      && refused { () throws(ActionLogError) in try SessionFile.write(Data("x".utf8), to: path, replacing: true) }
      && refused { () throws(ActionLogError) in try SessionFile.write(Data("x".utf8), to: path, replacing: false) }
  }

  @Test func aSymbolicLinkIsRefusedAndNeitherItNorItsTargetChanges() throws {
    let folder = try Folder()
    let target = try folder.file("target.txt", "precious\n")
    let link = folder.path + "/link.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(Self.refusedBoth(link, reason: "it is a symbolic link; only a regular file or a new path is written"))
    #expect(Self.isSymbolicLink(link))
    #expect(try folder.text("target.txt") == "precious\n")
    #expect(Self.mode(target) & 0o777 == 0o644)
    // A dangling link: the file it names is not created.
    let dangling = folder.path + "/dangling.jsonl"
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/created")
    #expect(Self.refusedBoth(dangling, reason: "it is a symbolic link"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/created"))
  }

  @Test func aFIFOIsRefusedWithoutBlockingAndStaysAFIFO() throws {
    let folder = try Folder()
    let fifo = folder.path + "/fifo.jsonl"
    try #require(mkfifo(fifo, 0o644) == 0)
    #expect(Self.refusedBoth(fifo, reason: "it is a FIFO"))
    #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
  }

  @Test func aDeviceIsRefusedAndLeftAsItIs() throws {
    try #require(Self.mode("/dev/null") & S_IFMT == S_IFCHR)
    let before = Self.mode("/dev/null")
    // Only the log's open is tried on /dev/null: were it ever not refused, opening a device is harmless, while a
    // whole-file write would replace it (as root). That way is checked on a FIFO, above, and a directory, below.
    #expect {
      _ = try ActionLogFile(creatingAt: "/dev/null")
    } throws: { error in
      (error as? ActionLogError)
        == .cannotCreate(
          path: "/dev/null",
          reason: "it is a device; only a regular file or a new path is written (it is left as it is)")
    }
    #expect(Self.mode("/dev/null") == before)
  }

  @Test func aDirectoryIsRefused() throws {
    let folder = try Folder()
    try FileManager.default.createDirectory(atPath: folder.path + "/dir", withIntermediateDirectories: false)
    #expect(Self.refusedBoth(folder.path + "/dir", reason: "it is a directory"))
  }

  @Test func aWriteErrorIsKeptAndLaterLinesAreDropped() throws {
    let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    let file = ActionLogFile(descriptor: descriptor, path: "/dev/full")
    file.append("one")
    file.append("two")
    #expect(file.failure?.isEmpty == false)
  }
}
