import Foundation
import Networking
import NetworkingCurl
import Testing

/// HTTPS through libcurl's OpenSSL against a real TLS server (`openssl s_server`): the peer's certificate and the host
/// name are both verified. CI runs this suite a second time on the apps' own libcurl (`Scripts/libcurl`, OpenSSL
/// linked into it), as well as on the system's.
@Suite("HTTPS against a loopback TLS server", .timeLimit(.minutes(1)))
struct CurlTLSTests {
  @Test func aServerWhoseCertificateTheGivenAuthorityVouchesForAnswers() async throws {
    let server = try await TLSTestServer.start()
    defer { server.stop() }
    let http = HTTPClient.curl(CurlConfiguration(certificateAuthorities: server.certificate))
    let response = try await http.send(.get(server.baseURL.appending(path: "hello.json")))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == TLSTestServer.hello)
  }

  @Test func aCertificateNoTrustedAuthoritySignedIsATLSFailure() async throws {
    let server = try await TLSTestServer.start()
    defer { server.stop() }
    let http = HTTPClient.curl()  // the system's authorities: none signed this certificate
    await #expect {
      _ = try await http.send(.get(server.baseURL.appending(path: "hello.json")))
    } throws: { error in
      guard case .tlsFailure(let url, let reason) = error as? HTTPError else { return false }
      return url.path == "/hello.json" && !reason.isEmpty
    }
  }

  /// The certificate names `IP:127.0.0.1`; reached as `localhost`, its name does not match the host's.
  @Test func aCertificateForAnotherHostNameIsATLSFailure() async throws {
    let server = try await TLSTestServer.start()
    defer { server.stop() }
    let http = HTTPClient.curl(CurlConfiguration(certificateAuthorities: server.certificate))
    var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
    components.host = "localhost"
    let url = components.url!.appending(path: "hello.json")
    await #expect {
      _ = try await http.send(.get(url))
    } throws: { error in
      guard case .tlsFailure = error as? HTTPError else { return false }
      return true
    }
  }
}
