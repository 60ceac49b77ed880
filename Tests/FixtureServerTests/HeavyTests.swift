import Testing

/// The suites that load the whole test process, a fuzz run and a measured 64 MiB answer: nested here, they run one
/// after another and never beside each other (other suites still run alongside, and are light).
@Suite("Heavy suites, one at a time", .serialized)
enum HeavyTests {}
