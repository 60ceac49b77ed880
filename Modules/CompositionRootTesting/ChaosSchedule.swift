import Foundation

/// What a chaos run does, every decision drawn from one seeded generator before the run starts: the same seed, the
/// same schedule (which writer writes what in which round, which fault the server injects, who is killed when). The
/// processes' timing is the machine's, so what a kill interrupts may differ between replays; the decisions do not.
public struct ChaosSchedule: Sendable, Equatable {
  /// One writer's turn in a round.
  public struct Step: Sendable, Equatable {
    /// The writer (its own database, its own `kumiki` processes).
    public var writer: Int
    /// The value the write sets (unique in the run: how the server's history names it), or `nil` for a
    /// `kumiki outbox send`.
    public var marker: String?
    /// When the process is killed with SIGKILL after it started, if it is.
    public var killAfter: Duration?
    /// Whether the writer reads the item first, as a user opens the screen before editing (a `kumiki` writer runs
    /// the feature's reading command; the app writer shows the feature's screen): the write then carries the
    /// version it read (`If-Match`), and a writer that did not read now carries the one it read last, if any.
    public var reads = false
  }

  /// One round: the writers' steps run at once under one fault plan; the server may be killed during it.
  public struct Round: Sendable, Equatable {
    /// The global fault plan (`kumiki-api` spellings); empty: none.
    public var faults: [String]
    /// Each writer's step.
    public var steps: [Step]
    /// When the server is killed with SIGKILL after the round started, if it is.
    public var serverKillAfter: Duration?
    /// Whether the server, killed, stays down for the next round too (its writes find no server) before it is
    /// started again.
    public var serverStaysDown: Bool
  }

  /// The faults a round draws from (`nil`: none), each at least once in a run long enough: a status replaces the
  /// answer (nothing written), `reset` drops the connection before the write, `drop-answer` after it was applied.
  public static let faultKinds: [String?] = [
    nil, "drop-answer", "status=500", "status=503", "status=409", "status=412", "reset", nil, "drop-answer", nil,
  ]

  /// The share of writes (in percent) whose writer reads the item first (``Step/reads``).
  public static let readsPercent = 50

  /// The rounds, in order.
  public var rounds: [Round]

  /// The schedule of `writes` writes by `writers` writers, from `seed`.
  public init(seed: UInt64, writers: Int, writes: Int) {
    var random = Generator(seed: seed)
    var rounds: [Round] = []
    var made = 0
    // Every kind of fault comes once in the first fault rounds, in an order of the seed's; then at random.
    var firstFaults = Self.faultKinds.compactMap { $0 }
    firstFaults.shuffle(using: &random)
    var serverKilled = false
    while made < writes {
      var faults: [String] = []
      // Faults in every other round: the rounds between let the outboxes drain, so writes are acknowledged too.
      if rounds.count % 2 == 1 {
        if rounds.count / 2 < firstFaults.count {
          faults = [firstFaults[rounds.count / 2]]
        } else if let fault = Self.faultKinds.randomElement(using: &random)! {
          faults = [fault]
        }
      }
      // A little latency now and then, so kills land while requests are in flight.
      if !faults.isEmpty, Bool.random(using: &random) {
        faults.insert("latency=\(Int.random(in: 20...200, using: &random))", at: 0)
      }
      var steps: [Step] = []
      for writer in 0..<writers {
        // One kill surely lands on a write, whatever the machine's speed: the last writer's (a `kumiki` one: app
        // writers come first) in the third round, at once.
        let surely = rounds.count == 2 && writer == writers - 1
        let sends = Int.random(in: 0..<100, using: &random) < 15 && !surely
        let marker = sends || made >= writes ? nil : Self.marker(writer: writer, number: made)
        if marker != nil { made += 1 }
        let killed = Int.random(in: 0..<100, using: &random) < 12
        let after = Duration.milliseconds(Int.random(in: 0...700, using: &random))
        let reads = Int.random(in: 0..<100, using: &random) < Self.readsPercent
        steps.append(
          Step(
            writer: writer, marker: marker, killAfter: surely ? .zero : killed ? after : nil,
            reads: reads && marker != nil))
      }
      // The server is killed in one round of ten, and surely once (in the fourth round) when there are that many.
      let killServer = Int.random(in: 0..<10, using: &random) == 0 || (!serverKilled && rounds.count == 3)
      serverKilled = serverKilled || killServer
      rounds.append(
        Round(
          faults: faults, steps: steps,
          serverKillAfter: killServer ? .milliseconds(Int.random(in: 0...500, using: &random)) : nil,
          serverStaysDown: killServer && Bool.random(using: &random)))
    }
    self.rounds = rounds
  }

  /// A write's value: `W02N00017`, writer and number, fixed width (one never contains another), letters and digits
  /// only (any text field takes it).
  static func marker(writer: Int, number: Int) -> String {
    "W" + String(format: "%02d", writer % 100) + "N" + String(format: "%05d", number % 100_000)
  }

  /// The markers in `text` (an outbox entry's body), in order.
  static func markers(in text: String) -> [String] {
    text.matches(of: /W[0-9]{2}N[0-9]{5}/).map { String($0.output) }
  }

  /// SplitMix64: small, seedable, the same sequence on every platform.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
