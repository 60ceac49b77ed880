import Foundation
import Hummingbird

/// The benchmark server: Hummingbird 2 on 127.0.0.1, in its own process.
enum NetworkBenchServer {
  /// A list of 12 items as the sample API serves them, about 1.9 KB.
  static let items: ByteBuffer = {
    let items = (1...12).map { index in
      #"{"id":\#(index),"thumbnail_url":"https://example.com/images/news/\#(index).jpg","#
        + #""title":"Seasonal kaiseki dinner number \#(index)","news_category":"event","#
        + #""published_at":"2022-12-01T07:30:00.000+0000"}"#
    }
    return ByteBuffer(string: "[" + items.joined(separator: ",") + "]")
  }()

  static func run(port: Int, portFile: String?) async throws {
    let router = Router()
    router.get("/items") { _, _ in
      Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: items))
    }
    router.get("/slow") { request, _ in
      let ms = request.uri.queryParameters.get("ms", as: Int.self) ?? 100
      try await Task.sleep(for: .milliseconds(max(0, ms)))
      return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: items))
    }
    let app = Application(
      router: router,
      configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "kumiki-bench"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        if let portFile { try? "\(bound)\n".write(toFile: portFile, atomically: true, encoding: .utf8) }
        print("listening on 127.0.0.1:\(bound)")
      }
    )
    try await app.runService()
  }
}
