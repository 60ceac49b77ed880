import ArgumentParser

/// `kumiki-bench`: one workload per invocation, so figures can be re-taken under callgrind or hyperfine.
/// `Benchmarks/bench` (`make bench`) runs them side by side with their baselines.
struct KumikiBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kumiki-bench",
    abstract: "Run one Kumiki benchmark workload.",
    subcommands: [
      StoreBench.self, TerminalBench.self, NetworkBench.self, PersistenceBench.self, KeystrokeBench.self,
      CacheBench.self, SessionBench.self, OptimisticBench.self, OutboxBench.self, LiveSyncBench.self,
      ChaosBench.self,
    ]
  )
}
