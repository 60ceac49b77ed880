import CompositionRootTesting
import FeatureKit
import Foundation
import Glibc
import Networking
import Presentation
import Testing

@testable import CompositionRoot

/// The embedded API shared by the apps on one data file, and its run token (issue 34): an app never uses an answer
/// from a listener that cannot prove the run's secret, such as a program that took the port of the server it joined
/// once that server stopped. The real `kumiki-api` children, libcurl, and a loopback listener as the impostor.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct EmbeddedAPITests {
  /// Words that tell this refusal from "could not be reached" (HTTPClient+RunToken.swift).
  static let refusalWords = "cannot prove it is the embedded kumiki-api this app started or joined"

  @Test("the app that joined a server whose port another program took shows none of its data and says why")
  func anImpostorOnTheJoinedPortIsRefused() async throws {
    let folder = try TemporaryFolder()
    let binary = BuiltBinary.path("kumiki-api")
    // Another app's embedded API serves the data file: this app's child joins it.
    let owner = try await EmbeddedAPI.start(binary: binary, dataFile: folder.path + "/kumiki-api.json", log: nil)
    let options = LaunchOptions(
      databasePath: folder.path + "/kumiki.sqlite", environment: ["KUMIKI_API_BIN": binary], launch: false,
      fresh: true)
    let live = try await LiveApp.start(options)
    #expect(live.apiURL == owner.baseURL)
    let child = try #require(live.server?.processID)
    // The joined child would take over the port once the owner stops; held still, it loses the race to the impostor,
    // as it did 7 times in 8 in issue 34.
    kill(child, SIGSTOP)
    await owner.stop()
    let impostor = try ImpostorListener(port: try #require(owner.baseURL.port))
    defer { impostor.stop() }

    let runtime = live.runtime
    for feature in runtime.features where feature.placement == .tab { runtime.appear(slot: feature.slot) }
    await runtime.store.idle()
    var screens = 0
    for feature in runtime.features where feature.hasScreen && feature.placement == .tab {
      guard let view = runtime.view(slot: feature.slot) else { continue }
      screens += 1
      #expect(!String(describing: view).contains("IMPOSTOR"), "\(feature.key) shows the impostor's data")
      let message = view.firstErrorMessage ?? ""
      #expect(message.contains(Self.refusalWords), "\(feature.key): \(message)")
      #expect(!message.contains("could not be reached"), "\(feature.key): \(message)")
    }
    #expect(screens > 0)
    let reached = impostor.requests
    #expect(reached > 0)
    // Refused once, nothing more is sent there: a refresh of every screen fails at once with the same words.
    runtime.send(.refreshAll)
    await runtime.store.idle()
    #expect(impostor.requests == reached)

    kill(child, SIGCONT)
    await live.shutdown()
  }

  @Test("a listener that echoes the request's headers cannot prove the token: the answer is refused, not returned")
  func anEchoIsNoProof() async throws {
    let listener = try ImpostorListener(port: try Self.freePort())
    defer { listener.stop() }
    let base = try #require(URL(string: "http://127.0.0.1:\(listener.port)"))
    let client = HTTPClient.curl().provingRun(RunToken.generate(), at: base)
    let url = base.appendingPathComponent("db")
    do {
      let response = try await client.send(.get(url))
      Issue.record("an unproven answer was used: \(response.status)")
    } catch let error as HTTPError {
      guard case .invalidResponse(_, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(reason.contains(Self.refusalWords))
    }
    #expect(listener.requests == 1)
  }

  @Test("the app and its embedded API share one run token: every answer proves it, a second app joins with it")
  func theRunTokenIsShared() async throws {
    let folder = try TemporaryFolder()
    let binary = BuiltBinary.path("kumiki-api")
    let dataFile = folder.path + "/kumiki-api.json"
    let first = try await EmbeddedAPI.start(binary: binary, dataFile: dataFile, log: nil)
    let second = try await EmbeddedAPI.start(binary: binary, dataFile: dataFile, log: nil)
    #expect(second.baseURL == first.baseURL)
    #expect(first.baseURL.host == "127.0.0.1")  // loopback only: the apps never pass --host
    let token = try #require(first.token)
    #expect(second.token == token)
    let tokenFile = EmbeddedAPI.tokenFile(for: dataFile)
    #expect(try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int == 0o600)
    let client = HTTPClient.curl().provingRun(token, at: first.baseURL)
    #expect(try await client.send(.get(first.baseURL.appendingPathComponent("db"))).status == 200)
    // Without the token the server answers nothing but 401.
    #expect(try await HTTPClient.curl().send(.get(first.baseURL.appendingPathComponent("db"))).status == 401)
    await first.stop()
    await second.stop()
  }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    let listener = try SilentListener()
    return listener.port
  }
}

extension EmbeddedAPITests {
  @Test("while the server it joined stops and its child takes over, the app's requests wait and are answered")
  func aHandOverIsNotAnOutage() async throws {
    let folder = try TemporaryFolder()
    let binary = BuiltBinary.path("kumiki-api")
    let owner = try await EmbeddedAPI.start(binary: binary, dataFile: folder.path + "/kumiki-api.json", log: nil)
    let options = LaunchOptions(
      databasePath: folder.path + "/kumiki.sqlite", environment: ["KUMIKI_API_BIN": binary], launch: false,
      fresh: true)
    let live = try await LiveApp.start(options)
    let server = try #require(live.server)
    // Held still, the child cannot take over before the screens' requests find the address empty.
    kill(server.processID, SIGSTOP)
    await owner.stop()
    let runtime = live.runtime
    for feature in runtime.features where feature.placement == .tab { runtime.appear(slot: feature.slot) }
    await server.handOvers.whenWaiting()  // a request was refused and waits for the take-over
    kill(server.processID, SIGCONT)
    await runtime.store.idle()
    #expect(server.handOvers.count == 1)
    for feature in runtime.features where feature.hasScreen {
      let message = runtime.view(slot: feature.slot)?.firstErrorMessage
      #expect(message == nil, "\(feature.key): \(message ?? "")")
    }
    await live.shutdown()
  }
}

extension EmbeddedAPITests {
  @Test("when its child cannot take over the address of the server it joined, the app says the API changed hands")
  func aFailedHandOverIsNamed() async throws {
    let folder = try TemporaryFolder()
    let binary = BuiltBinary.path("kumiki-api")
    let owner = try await EmbeddedAPI.start(binary: binary, dataFile: folder.path + "/kumiki-api.json", log: nil)
    let options = LaunchOptions(
      databasePath: folder.path + "/kumiki.sqlite", environment: ["KUMIKI_API_BIN": binary], launch: false,
      fresh: true)
    let live = try await LiveApp.start(options)
    let server = try #require(live.server)
    kill(server.processID, SIGSTOP)
    await owner.stop()
    // Another program holds the port without listening: connections are refused, and the child cannot bind it.
    let holder = try PortHolder(port: try #require(owner.baseURL.port))
    defer { holder.close() }
    let runtime = live.runtime
    for feature in runtime.features where feature.placement == .tab { runtime.appear(slot: feature.slot) }
    await server.handOvers.whenWaiting()
    kill(server.processID, SIGCONT)
    await runtime.store.idle()
    guard case .failed? = server.handOvers.last else {
      Issue.record("the child took over a port another program holds: \(String(describing: server.handOvers.last))")
      return
    }
    var screens = 0
    for feature in runtime.features where feature.hasScreen && feature.placement == .tab {
      screens += 1
      let message = runtime.view(slot: feature.slot)?.firstErrorMessage ?? ""
      #expect(message.contains("the shared embedded API changed hands"), "\(feature.key): \(message)")
      #expect(!message.contains("could not be reached"), "\(feature.key): \(message)")
    }
    #expect(screens > 0)
    await live.shutdown()
  }
}

/// A loopback port bound without listening (and without `SO_REUSEADDR`): a connection to it is refused, and no
/// server can bind it.
final class PortHolder: Sendable {
  private let descriptor: Int32

  init(port: Int) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        fd >= 0 && bind(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard bound else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      if fd >= 0 { Glibc.close(fd) }
      throw error
    }
    descriptor = fd
  }

  func close() { Glibc.close(descriptor) }
}
