import Networking
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
  @Test func looksUpCaseInsensitively() {
    let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Total-Count": "42"]
    #expect(headers["content-type"] == "application/json")
    #expect(headers["X-TOTAL-COUNT"] == "42")
    #expect(headers["Link"] == nil)
  }

  @Test func settingReplacesEveryFieldOfThatName() {
    var headers = HTTPHeaders()
    headers.add(name: "Set-Cookie", value: "a=1")
    headers.add(name: "Accept", value: "*/*")
    headers.add(name: "set-cookie", value: "b=2")
    #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
    headers["Set-Cookie"] = "c=3"
    #expect(headers.fields == [.init(name: "Set-Cookie", value: "c=3"), .init(name: "Accept", value: "*/*")])
    headers["accept"] = nil
    #expect(headers.fields == [.init(name: "Set-Cookie", value: "c=3")])
    headers["Link"] = "<x>"
    #expect(headers.description == "Set-Cookie: c=3\nLink: <x>")
  }
}
