import CLI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileStreamTests {
  @Test func writesEverythingToItsDescriptorAndAPipeIsNoTerminal() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let stream = FileStream(descriptor: ends[1])
    #expect(!stream.isTerminal)
    #expect(stream.columns == nil)
    stream.write("カレー\n")
    stream.write("")
    close(ends[1])
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(ends[0], &chunk, chunk.count)
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "カレー\n")
  }

  @Test func writingToAClosedDescriptorDoesNotCrash() {
    FileStream(descriptor: -1).write("lost")
  }
}
