import ArgumentParser
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

// CPU workloads (`store`, `terminal`) run on the main thread with a synchronous entry point, so they can be
// measured under valgrind (whose callgrind does not survive Swift's async main). Everything else is async.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "store": StoreBench.main(Array(arguments.dropFirst()))
case "terminal": TerminalBench.main(Array(arguments.dropFirst()))
default:
  Task {
    await KumikiBench.main(arguments)
    exit(0)
  }
  dispatchMain()
}
