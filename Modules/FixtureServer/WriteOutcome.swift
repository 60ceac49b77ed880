import FixtureData

/// What a write did: the reply to send, and whether the database changed (and so must be saved and published).
struct WriteOutcome: Sendable {
  /// The reply, before faults.
  var reply: FixtureReply
  /// Whether the database was changed. Refused writes (`404`, `409`) change nothing.
  var changed: Bool
  /// For a `201 Created` item, its id as text, for the `Location` header.
  var createdID: String?

  /// A write that changed the database.
  static func changed(_ reply: FixtureReply, createdID: String? = nil) -> WriteOutcome {
    WriteOutcome(reply: reply, changed: true, createdID: createdID)
  }

  /// A write that was refused and changed nothing.
  static func refused(_ reply: FixtureReply) -> WriteOutcome {
    WriteOutcome(reply: reply, changed: false, createdID: nil)
  }
}
