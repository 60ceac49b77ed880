import Core
import FeatureAssembly
import FeatureKit
import Testing

/// What a mount looks like without building it: the description a module gives, its commands' descriptions, and the
/// selection `--features` makes from descriptions alone.
@Suite struct FeatureDescriptionTests {
  @Test func aModuleDescribesItsKeyTitleScreenAndCommands() {
    let description = CounterFeature.module().description
    #expect(description.key == "counter")
    #expect(description.title == "Counter")
    #expect(description.screen == .tab)
    #expect(description.commands.map(\.path) == [[], ["add"]])
    #expect(description.commands[1].arguments == [.positional("amount", help: "How much to add")])
    #expect(ListenerFeature.module().description.screen == nil)
    #expect(!ListenerFeature.module().description.hasScreen)
  }

  @Test func aMountIsDescribedUnderItsOwnKeyAndTitle() {
    let mounted = CounterFeature.module().mounted(as: "second", title: "Second").description
    #expect(mounted.key == "second")
    #expect(mounted.title == "Second")
    #expect(mounted.commands == CounterFeature.module().description.commands)
  }

  @Test func aCommandIsItsDescriptionPlusBehaviour() {
    let described = CommandDescription(path: ["add"], abstract: "Add.", examples: ["add 2"])
    var command = FeatureCommand<CounterFeature.State, CounterFeature.Action>(
      described, actions: { _ in [.add(2)] }, output: { _, _ in .failure("unused") })
    #expect(command.description == described)
    command.abstract = "Add two."
    #expect(command.description.abstract == "Add two.")
    #expect(command.path == ["add"])
  }

  @Test func theDescribedAppHasTheBuiltAppsCommandsAndFeatures() throws {
    let modules = [CounterFeature.module().erased, ListenerFeature.module().erased]
    let app = try FeatureRegistry(modules).assemble()
    let descriptions = modules.map(\.description)
    #expect(MountedFeature.described(descriptions) == app.features)
    let described = AppCommand.described(descriptions)
    #expect(described.map(\.words) == app.commands.map(\.words))
    #expect(described.map(\.examples) == app.commands.map(\.examples))
    #expect(described.map(\.abstract) == app.commands.map(\.abstract))
    #expect(described.map(\.arguments) == app.commands.map(\.arguments))
  }

  @Test func selectingFromDescriptionsKeepsOrderAndRefusesUnknownAndDuplicateKeys() throws {
    let descriptions = [CounterFeature.module().description, ListenerFeature.module().description]
    #expect(try FeatureRegistry.selecting([], from: descriptions) == descriptions)
    #expect(try FeatureRegistry.selecting(["listener", "counter"], from: descriptions) == descriptions)
    #expect(try FeatureRegistry.selecting(["listener"], from: descriptions).map(\.key) == ["listener"])
    #expect(throws: RegistryError.unknownFeature("nope", available: ["counter", "listener"])) {
      try FeatureRegistry.selecting(["nope"], from: descriptions)
    }
    #expect(throws: RegistryError.duplicateKey("counter")) {
      try FeatureRegistry.selecting([], from: descriptions + [descriptions[0]])
    }
  }
}
