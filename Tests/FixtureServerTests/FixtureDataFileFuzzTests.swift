import CoreTesting
import FixtureData
import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension HeavyTests {
  /// Hostile data files of every kind at a starting server (`--db`, with and without `--create-db`) and at a reset:
  /// a clear error or a successful load, never a crash or a hang, and a file replaced only when it loaded (a reset's
  /// unloadable file is kept, every byte). Bounded (about 10 seconds); the seed is printed, and
  /// `KUMIKI_FUZZ_SEED=<seed>` replays a run (`KUMIKI_FUZZ_SECONDS` changes its length).
  @Suite("Fuzz: hostile data files at start and at reset")
  struct FixtureDataFileFuzzTests {
    /// What a case puts at the data path.
    private enum Entry {
      case file([UInt8])
      case sparse(Int)
      case directory
      case fifo
      case socket
      case linkToFIFO
      case linkToDevice
      case linkToFile([UInt8])
    }

    private static func seed() -> UInt64 {
      if let text = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SEED"], let seed = UInt64(text) { return seed }
      return UInt64.random(in: 0...UInt64.max)
    }

    /// A hostile (or now and then valid) data file.
    private static func entry(_ generator: inout FuzzGenerator, bundled: [UInt8]) -> (Entry, String) {
      let random = generator.random.int(0...19)
      switch random {
      case 0:
        return (.file(Array(bundled.prefix(generator.random.int(0...bundled.count - 1)))), "truncated JSON")
      case 1:
        let value = generator.random.pick(["[]", "[{\"id\": 1}]", "1", "\"db\"", "null", "true", "-0.0", "{}"])
        return (.file(Array(value.utf8)), "top level \(value)")
      case 2:
        return (.file(generator.nested(depth: generator.random.int(500...700))), "deep nesting")
      case 3:
        let length = generator.random.int(1...4 << 20)
        return (
          .file(
            Array(#"{"posts": [{"id": 1, "title": ""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: length)
              + Array(#""}]}"#.utf8)), "a string of \(length >> 20 > 0 ? "megabytes" : "kilobytes")"
        )
      case 4:
        var bytes = Array(#"{"posts": [{"id": 1, "title": "a"#.utf8) + [0x00] + Array(#"b"}]}"#.utf8)
        if generator.random.chance(0.5) { bytes = [0x00] + bytes }
        return (.file(bytes), "NUL bytes")
      case 5:
        let bad: [UInt8] = generator.random.pick([[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x82]])
        return (.file(Array(#"{"posts": [{"id": 1, "title": ""#.utf8) + bad + Array(#""}]}"#.utf8)), "invalid UTF-8")
      case 6:
        let text = #"{"posts": [{"id": 1, "title": "a"}, {"id": 1, "title": "b"}], "posts": [], "p": {"x": 1, "x": 2}}"#
        return (.file(Array(text.utf8)), "duplicate ids and keys")
      case 7: return (.file([]), "an empty file")
      case 8: return (.file(Array(" \n\t ".utf8)), "whitespace only")
      case 9:
        return (
          (.file((0..<generator.random.int(1...512)).map { _ in UInt8.random(in: 0...255, using: &generator.random) })),
          "random bytes"
        )
      case 10: return (.file([0xEF, 0xBB, 0xBF] + Array(#"{"posts": []}"#.utf8)), "a byte order mark")
      case 11: return (.file(generator.object(depth: generator.random.int(0...4))), "a random object")
      case 12: return (.sparse(generator.random.int((16 << 20) + 1...1 << 33)), "a file over the size limit")
      case 13: return (.directory, "a directory")
      case 14: return (.fifo, "a FIFO")
      case 15: return (.socket, "a socket")
      case 16: return (.linkToFIFO, "a link to a FIFO")
      case 17: return (.linkToDevice, "a link to a device")
      case 18: return (.linkToFile(Array(#"{"posts": [{"id": 1}]}"#.utf8)), "a link to a valid file")
      default: return (.file(bundled), "the sample data")
      }
    }

    /// Puts `entry` at `url`; the path whose bytes a regular file's case watches (a link's target), if any.
    private static func make(_ entry: Entry, at url: URL, in directory: URL) throws -> URL? {
      switch entry {
      case .file(let bytes):
        try Data(bytes).write(to: url)
        return url
      case .sparse(let size):
        try Data().write(to: url)
        #expect(truncate(url.path, off_t(size)) == 0)
        return nil
      case .directory:
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      case .fifo:
        #expect(mkfifo(url.path, 0o600) == 0)
      case .socket:
        try bindUnixSocket(at: url)
      case .linkToFIFO:
        let fifo = directory.appendingPathComponent("target.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: fifo)
      case .linkToDevice:
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
      case .linkToFile(let bytes):
        let target = directory.appendingPathComponent("target.json")
        try Data(bytes).write(to: target)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
        return target
      }
      return nil
    }

    /// The type and, for a regular file, the content at `path` (not following a link).
    private static func state(of path: String) -> String {
      var status = stat()
      guard lstat(path, &status) == 0 else { return "missing" }
      let type = status.st_mode & S_IFMT
      guard type == S_IFREG else { return "type \(type)" }
      // A sparse file over the limit is compared by its size and inode only.
      guard status.st_size <= 16 << 20 else { return "file of \(status.st_size) bytes, inode \(status.st_ino)" }
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
      return "file of \(status.st_size) bytes, hash \(bytes.hashValue)"
    }

    @Test("a clear error or a load, never a crash or a hang; a file is replaced only when provably ours")
    func fuzz() async throws {
      let seed = Self.seed()
      print("FixtureDataFileFuzzTests: seed \(seed) (replay with KUMIKI_FUZZ_SEED=\(seed))")
      let seconds = ProcessInfo.processInfo.environment["KUMIKI_FUZZ_SECONDS"].flatMap(Int.init) ?? 10
      var generator = FuzzGenerator(seed: seed)
      let bundled = try TestData.json
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(seconds)
      var number = 0
      var outcomes: [String: Int] = [:]
      while clock.now < deadline, number < 500 {
        number += 1
        let (entry, name) = Self.entry(&generator, bundled: bundled)
        let creates = generator.random.chance(0.5)
        let context = "seed \(seed), case \(number): \(name)\(creates ? ", --create-db" : "")"
        let failed = try await withTemporaryDirectory { directory async throws -> Bool in
          let url = directory.appendingPathComponent("db.json")
          let watched = try Self.make(entry, at: url, in: directory)
          let before = Self.state(of: url.path)
          let watchedBefore = watched.map { Self.state(of: $0.path) }
          let configuration = FixtureServer.Configuration(databaseFile: url, createsMissingDatabaseFile: creates)
          let started = try await withDeadline(seconds: 10) {
            let semaphore = DispatchSemaphore(value: 0)
            let result = OnceBox<Result<FixtureServer, any Error>>()
            Task {
              do { result.set(.success(try await startServer(configuration))) } catch {
                result.set(.failure(error))
              }
              semaphore.signal()
            }
            semaphore.wait()
            return try result.value!.get()
          }
          let loaded: Bool
          switch started {
          case .success(let server):
            loaded = true
            outcomes["\(name): loaded", default: 0] += 1
            let served = try await RawHTTPConnection.get("/db", port: server.port)
            #expect(served.status == 200, "\(context)")
            await server.shutdown()
          case .failure(let error):
            loaded = false
            let text = String(describing: error)
            outcomes["\(name): refused", default: 0] += 1
            guard error is FixtureDatabaseError, !text.isEmpty, !text.contains("\n") else {
              Issue.record("not a one-line data error: \(text) (\(context))")
              return true
            }
          }
          // Starting never writes the data file.
          #expect(Self.state(of: url.path) == before, "\(context)")
          #expect(watched.map { Self.state(of: $0.path) } == watchedBefore, "\(context)")

          // A reset replaces a regular file, keeping one that did not load; it refuses anything else.
          let reset = try await withDeadline(seconds: 10) {
            try resetToTestData(url, now: Date(timeIntervalSince1970: 1_800_000_000))
          }
          switch (reset, watched) {
          case (.success(let kept), let watched?):
            #expect(try FixtureDatabase(contentsOf: url).root == (try TestData.database).root, "\(context)")
            if loaded {
              #expect(kept == nil, "\(context)")
            } else {
              let copy = try #require(kept, "an unloadable file replaced without a copy (\(context))")
              #expect(Self.state(of: copy) == watchedBefore, "\(context)")
            }
            _ = watched
          case (.success(let kept), nil):
            if case .sparse = entry {
              #expect(kept.map { Self.state(of: $0) } == before, "\(context)")
            } else {
              Issue.record("reset replaced \(before) (\(context))")
              return true
            }
          case (.failure(let error), let watched):
            #expect(watched == nil, "a regular file's reset failed: \(error) (\(context))")
            #expect(Self.state(of: url.path) == before, "\(context)")
          }
          return false
        }
        if failed { break }
      }
      print(
        "FixtureDataFileFuzzTests: seed \(seed): \(number) cases: "
          + outcomes.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", "))
    }
  }
}
