import Foundation

/// A real HTTPS server on 127.0.0.1 for the TLS tests: `openssl s_server -WWW` serving `hello.json` from a temporary
/// folder, with a self-signed certificate for `IP:127.0.0.1` made by `openssl req` (the `openssl` program, which
/// `make bootstrap` installs). ``certificate`` is the certificate's path, to give libcurl as the authority.
/// ``stop()`` ends the server and removes the folder.
final class TLSTestServer: Sendable {
  /// `https://127.0.0.1:PORT`.
  let baseURL: URL
  /// The server's certificate (PEM), which is its own authority.
  let certificate: String
  /// What `/hello.json` holds.
  static let hello = #"{"ok":true}"#

  private let process: Process
  private let folder: String

  /// Makes the certificate, starts the server on a free port and returns once it listens.
  static func start() async throws -> TLSTestServer {
    let folder = NSTemporaryDirectory() + "kumiki-tls-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    do {
      return try await withCheckedThrowingContinuation { continuation in
        // Blocking reads of the server's output: on a thread of its own, not the cooperative pool.
        Thread { continuation.resume(with: Result { try TLSTestServer(folder: folder) }) }.start()
      }
    } catch {
      try? FileManager.default.removeItem(atPath: folder)
      throw error
    }
  }

  private init(folder: String) throws {
    self.folder = folder
    certificate = folder + "/cert.pem"
    try Data(Self.hello.utf8).write(to: URL(fileURLWithPath: folder + "/hello.json"))
    try Self.openssl(
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
        "-keyout", folder + "/key.pem", "-out", certificate, "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1",
      ], in: folder)

    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    server.arguments = [
      "s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", folder + "/key.pem", "-WWW",
    ]
    server.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    server.standardInput = Pipe()  // s_server reads commands from its input: an open pipe that says nothing
    try server.run()
    process = server
    // It prints `ACCEPT 127.0.0.1:PORT` once it listens (the port the kernel chose), after a line or so about its
    // parameters. Read on a thread that then drains the rest (a line per connection), waited for at most 10 s: a
    // server that never says so fails the test instead of hanging it.
    let acceptLine = AcceptLine()
    Thread {
      var printed = Data()
      var told = false
      while true {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }  // it ended
        guard !told else { continue }
        printed += chunk
        let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if let accept = lines.dropLast().first(where: { $0.hasPrefix("ACCEPT ") }) {
          acceptLine.set(String(accept))
          told = true
        }
      }
      if !told { acceptLine.set(String(decoding: printed, as: UTF8.self)) }
    }.start()
    let line = acceptLine.wait(seconds: 10) ?? "(nothing within 10 s)"
    let port = line.hasPrefix("ACCEPT ") ? line.split(separator: ":").last.flatMap { Int($0) } : nil
    guard let port else {
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
      throw TLSTestServerError.didNotListen(line)
    }
    baseURL = URL(string: "https://127.0.0.1:\(port)")!
  }

  /// Ends the server and removes its folder.
  func stop() {
    kill(process.processIdentifier, SIGKILL)  // s_server outlives SIGTERM (Process.terminate)
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: folder)
  }

  private static func openssl(_ arguments: [String], in folder: String) throws {
    let run = Process()
    run.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    run.arguments = arguments
    run.currentDirectoryURL = URL(fileURLWithPath: folder)
    run.standardOutput = FileHandle.nullDevice
    run.standardError = FileHandle.nullDevice
    try run.run()
    run.waitUntilExit()
    guard run.terminationStatus == 0 else { throw TLSTestServerError.opensslFailed(arguments) }
  }
}

/// The server's `ACCEPT` line, handed from the reading thread to the starting one.
private final class AcceptLine: @unchecked Sendable {
  // @unchecked: `line` is written once before `ready` is signalled and read only after waiting for it.
  private var line: String?
  private let ready = DispatchSemaphore(value: 0)

  func set(_ line: String) {
    self.line = line
    ready.signal()
  }

  func wait(seconds: Int) -> String? {
    ready.wait(timeout: .now() + .seconds(seconds)) == .success ? line : nil
  }
}

enum TLSTestServerError: Error {
  case didNotListen(String)
  case opensslFailed([String])
}
