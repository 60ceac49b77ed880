import Core
import FeatureKit
import MutationKit
import Networking

/// A test-only form that writes: one field, sent with FeatureKit's write shape (``FeatureKit/Mutation``) — the
/// signup form of the issue, without any sending bookkeeping of its own.
enum SignupForm {
  struct Signup: Equatable, Codable, Sendable {
    var name: String
  }

  struct Member: Equatable, Codable, Sendable {
    var id: Int
    var name: String
  }

  struct State: Equatable, Codable, Sendable {
    var name = ""
    var send = Mutation<Signup, Member>()
  }

  enum Action: Equatable, Codable, Sendable {
    case nameEdited(String)
    case send(Mutation<Signup, Member>.Action)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .nameEdited(let name):
      guard !state.send.isSending else { return }
      state.name = name
    case .send(let send):
      state.send.reduce(send)
    }
  }

  /// The write middleware over `write`, invalidating `members` on success.
  static func middleware(
    _ write: @escaping @Sendable (Signup) async throws -> Member
  ) -> Middleware<State, Action> {
    .mutation(
      id: "signup.send", state: \.send, action: Action.send,
      intent: { _ in WriteIntent(invalidates: ["members"]) }, write: write)
  }
}
