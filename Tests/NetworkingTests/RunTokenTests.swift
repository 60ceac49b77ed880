import Foundation
import Testing

@testable import Networking

/// The run token: SHA-256 and HMAC-SHA256 against the standards' vectors, the proofs, and the private file.
@Suite("RunToken")
struct RunTokenTests {
  private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  @Test("SHA-256 matches FIPS 180-4's examples (one block, two blocks, empty, a million a's)")
  func sha256() {
    #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("HMAC-SHA256 matches RFC 4231's test cases 1, 2 and 6 (a key longer than a block)")
  func hmac() {
    #expect(
      hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    #expect(
      hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    #expect(
      hex(
        SHA256.hmac(
          key: [UInt8](repeating: 0xaa, count: 131),
          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test("a request's proof, an answer's proof and another run's differ; the text round-trips; nonces are fresh")
  func proofs() {
    let token = RunToken.generate()
    let nonce = RunToken.makeNonce()
    #expect(RunToken.isValidNonce(nonce))
    #expect(nonce.count == 32)
    #expect(nonce != RunToken.makeNonce())
    #expect(token.requestProof(nonce: nonce) != token.answerProof(nonce: nonce))
    #expect(token.answerProof(nonce: nonce) != RunToken.generate().answerProof(nonce: nonce))
    #expect(token.answerProof(nonce: nonce) == token.answerProof(nonce: nonce))
    #expect(RunToken(text: token.text) == token)
    #expect(token.text.count == 64)
    #expect(!token.description.contains(token.text))
    for bad in ["", "short", String(repeating: "g", count: 64), String(repeating: "a", count: 63)] {
      #expect(RunToken(text: bad) == nil)
    }
    for bad in ["", "a b", String(repeating: "a", count: 15), String(repeating: "a", count: 129), "é" + nonce] {
      #expect(!RunToken.isValidNonce(bad), "\(bad)")
    }
    #expect(RunToken.matches(token.answerProof(nonce: nonce), token.answerProof(nonce: nonce)))
    #expect(!RunToken.matches(nil, token.answerProof(nonce: nonce)))
    #expect(!RunToken.matches(String(token.answerProof(nonce: nonce).dropLast()), token.answerProof(nonce: nonce)))
  }

  @Test("the file: saved 0600 and loaded back; another's mode, a link or other text is refused; a link is not replaced")
  func file() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("runtoken-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(".db.json.token").path
    let token = RunToken.generate()
    try token.save(to: path)
    #expect(try RunToken.load(from: path) == token)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    let next = RunToken.generate()
    try next.save(to: path)  // replaces its own file
    #expect(try RunToken.load(from: path) == next)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [".db.json.token"])

    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    #expect(throws: RunToken.FileError.self) { try RunToken.load(from: path) }

    let link = directory.appendingPathComponent("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    #expect(throws: RunToken.FileError.self) { try RunToken.load(from: link) }
    #expect(throws: RunToken.FileError.self) { try token.save(to: link) }

    let other = directory.appendingPathComponent("other").path
    FileManager.default.createFile(
      atPath: other, contents: Data("not a token\n".utf8), attributes: [.posixPermissions: 0o600])
    #expect(throws: RunToken.FileError.self) { try RunToken.load(from: other) }
    #expect(throws: RunToken.FileError.self) { try RunToken.load(from: directory.appendingPathComponent("none").path) }
  }
}
