// kumiki-api's entry point: the command is `KumikiAPI` (its options in KumikiAPI.swift, each concern in a file of
// its own beside it).

/// Runs the command. In top-level code `KumikiAPI.main()` would resolve to ParsableCommand's synchronous entry
/// point, which refuses async commands; inside an async function the async overload wins.
func runKumikiAPI() async {
  await KumikiAPI.main()
}

await runKumikiAPI()
