import FixtureServer
import Foundation
import Testing

extension HeavyTests {
  /// The huge-body fault used to build its whole answer and then copy it: 2 GiB of memory per request for the
  /// 1 GiB it allowed. Its memory is measured here, away from the fuzz run (``HeavyTests``).
  @Suite("Huge bodies in memory")
  struct HugeBodyMemoryTests {
    @Test("a huge body is streamed: 64 MiB of answer costs the server a small fraction of that in memory")
    func hugeBodyStreams() async throws {
      try await withFixtureServer(FixtureServer.Configuration(allowsFaultControl: true)) { server async throws in
        let size = InjectedFault.maximumHugeBodyBytes
        let baseline = try PeakMemory.reset()
        let (status, announced, received) = try await RawSocket.conversation(port: server.port) { socket in
          try socket.send(
            "GET /images HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\nX-Kumiki-Fault: huge-body=\(size)\r\n\r\n"
          )
          return try socket.drainResponse()
        }
        let growth = try PeakMemory.current() - baseline
        #expect(status == 200)
        #expect(announced == received)
        #expect(received >= size)
        // Built whole, the body and its buffer took twice its size at once; streamed, a few MiB (the margin is for
        // the light suites running meanwhile in this process).
        #expect(growth < size / 2, "peak memory grew by \(growth >> 20) MiB")
      }
    }
  }
}
