// kumiki-playground: one feature alone, in a named scenario (`make run FEATURE=X SCENARIO=…`), or its scenarios
// listed (`make scenarios FEATURE=X`). See Modules/Features/README.md, "Playground" and "Scenarios".
import Foundation

func runPlayground() async -> Int32 {
  do {
    let options = try PlaygroundOptions(
      Array(CommandLine.arguments.dropFirst()), currentFolder: FileManager.default.currentDirectoryPath)
    let playground = Playground(options: options, environment: ProcessInfo.processInfo.environment)
    switch options.command {
    case .list:
      let catalog = try playground.catalog()
      FileHandle.standardOutput.write(Data("Scenarios of \(options.feature) (SCENARIO=name):\n\(catalog.listing)".utf8))
      return 0
    case .run:
      return try await playground.run()
    }
  } catch let error as PlaygroundError {
    Playground.say(error.description)
    return error.status
  } catch {
    Playground.say("\(error)")
    return 1
  }
}

exit(await runPlayground())
