import ArgumentParser

/// `kumiki-bench`: one workload per invocation, so figures can be re-taken under callgrind or hyperfine.
/// `Scripts/bench` (`make bench`) runs them side by side with their baselines.
@main
struct KumikiBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kumiki-bench",
    abstract: "Run one Kumiki benchmark workload.",
    subcommands: [StoreBench.self, NetworkBench.self, PersistenceBench.self]
  )
}
