import Glibc
import Testing

@testable import Terminal

@Suite("Terminal writer")
struct TerminalWriterTests {
  @Test("writes every byte")
  func writesAll() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let payload = [UInt8](repeating: 0x61, count: 10_000) + Array("end".utf8)
    try TerminalWriter(fileDescriptor: ends[1]).write(payload)
    var received = [UInt8](repeating: 0, count: 20_000)
    let count = received.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
    #expect(Array(received[0..<count]) == payload)
  }

  @Test("a closed descriptor is an error, not a crash")
  func failure() {
    #expect(throws: TerminalError.systemCall("write", errno: EBADF)) {
      try TerminalWriter(fileDescriptor: -1).write([0x61])
    }
  }
}
