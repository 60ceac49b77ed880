// swift-tools-version: 6.1
// Kumiki: the package map. Every target is written out here, one `// MARK:` section per layer.
// Sources live in `Modules/` (libraries), `Apps/` (executables) and `Tests/` (one suite per module).
// See ARCHITECTURE.md for the rules these edges follow; `Scripts/check-deps` enforces them.

import Foundation
import PackageDescription

// MARK: - External packages

let dependencies: [Package.Dependency] = [
  .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
  .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
  .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
]

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  // Release builds specialise generic code across our own modules (the store is generic in Core and instantiated
  // in FeatureAssembly); measured 6,700 → 1,400 instructions per dispatch. Fine for an app package nobody depends on.
  // Each function in its own section, so the linker can drop unused ones and lay out the ones a session runs together
  // (kumiki-tui's link order, below): without it each file's code is one section, moved or kept whole.
  .unsafeFlags(["-cross-module-optimization", "-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

// Release builds of the apps:
// - export no symbols: SwiftPM links executables with --export-dynamic (for tests that link an executable's code),
//   which puts every Swift symbol (~30,000) in the dynamic symbol table, and the Swift runtime's start-up (dladdr)
//   scans that table linearly;
// - link with lld and packed relative relocations (DT_RELR, glibc 2.36+, Debian 12): the ~90,000 relocations of
//   Swift metadata take 17 KB instead of 2 MB, which every start read: kumiki-tui's peak RSS 37.3 → 32.9 MB;
// - link SQLite and the C++ runtime statically: `Apps/StaticLinking` is searched first for libraries and holds two
//   linker scripts named like the shared ones, so GRDB's `-lsqlite3` and the Swift runtime's `-lstdc++` take
//   `libsqlite3.a` (libsqlite3-dev) and `libstdc++.a` (libstdc++-12-dev, which the toolchain needs). The loader no
//   longer binds their ~3,200 symbols at every start: `kumiki --version` 5.8 → 2.9 M instructions.
// Benchmarks/README.md has the figures. Tests link in debug, where none of this applies.
let appLinkerSettings: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
      "-L", Context.packageDirectory + "/Apps/StaticLinking",
    ],
    .when(configuration: .release))
]

// Release apps: the functions a measured run executes are laid out together at the start of `.text`, as
// `Benchmarks/link-order` recorded them (kumiki-tui: a session, every tab, help, DevTools, the palette; kumiki: the
// commands `make bench` times, `--fresh home --json`, `--help`, `--version`); the kernel maps 64 KB of file pages
// around each fault, so scattered code made 15.7 MB of kumiki-tui's 21 MB text resident (Apps/StaticLinking/README.md).
func linkOrder(_ app: String) -> [LinkerSetting] {
  [
    .unsafeFlags(
      [
        "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Apps/StaticLinking/\(app).order",
        "-Xlinker", "--no-warn-symbol-ordering",
      ],
      .when(configuration: .release))
  ]
}

var targets: [Target] = []

// MARK: - Core: store, test store, presentation vocabulary, plugin contract

targets += [
  .target(
    name: "Core",
    path: "Modules/Core",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "ActionLog",
    dependencies: ["Core"],
    path: "Modules/ActionLog",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "CoreTesting",
    dependencies: [
      "Core",
      .product(name: "CustomDump", package: "swift-custom-dump"),
    ],
    path: "Modules/CoreTesting",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "Presentation",
    path: "Modules/Presentation",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

// MARK: - FeatureKit: the contract every feature returns, one target per kit, the assembly (Modules/FeatureKit/README.md)
// A folder of Modules/FeatureKit per target; the contract also holds the type erasure every feature's `.erased` needs
// (Assembly/'s files named in `featureErasure`), so a feature never imports FeatureAssembly.

/// The files of `Assembly/` that `AnyFeature` (what every feature returns) needs: compiled into the contract.
let featureErasure = [
  "AnyFeature.swift", "AppAction.swift", "AppCommand.swift", "AppState.swift",
  "PayloadProjection.swift", "SliceBox.swift",
]

targets += [
  .target(
    name: "FeatureKit",
    dependencies: [
      "Core",
      "Networking",
      "Persistence",
      "Presentation",
    ],
    path: "Modules/FeatureKit",
    sources: ["Contract"] + featureErasure.map { "Assembly/" + $0 },
    swiftSettings: swiftSettings
  ),
  .target(
    name: "LoadingScreenKit",
    dependencies: [
      "Core",
      "FeatureKit",
      "Networking",
      "Presentation",
    ],
    path: "Modules/FeatureKit/LoadingScreen",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "MutationKit",
    dependencies: [
      "Core",
      "Networking",
    ],
    path: "Modules/FeatureKit/Mutation",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "ToastKit",
    dependencies: [
      "Core",
      "FeatureKit",
      "Presentation",
    ],
    path: "Modules/FeatureKit/Toast",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "FormKit",
    dependencies: [
      "Core",
      "FeatureKit",
      "MutationKit",
      "Networking",
      "Presentation",
      "ToastKit",
    ],
    path: "Modules/FeatureKit/Form",
    swiftSettings: swiftSettings
  ),
  // The composition root's and front ends' side: the registry, the runtime, persisted-state restore and save. No
  // feature imports it (Scripts/check-deps).
  .target(
    name: "FeatureAssembly",
    dependencies: [
      "Core",
      "FeatureKit",
      "Presentation",
    ],
    path: "Modules/FeatureKit/Assembly",
    exclude: featureErasure,
    swiftSettings: swiftSettings
  ),
]

targets += [
  // What every feature suite's set-up needs: a test store over a module, the fixture API without a server, a
  // temporary database path, and a sample feature for the kit's and front ends' suites. Fakes and pure data only,
  // so feature suites stay free of live parts.
  .target(
    name: "FeatureKitTesting",
    dependencies: [
      "Core",
      "CoreTesting",
      "FeatureKit",
      "FixtureData",
      "FormKit",
      "LoadingScreenKit",
      "Networking",
      "Presentation",
    ],
    path: "Modules/FeatureKitTesting",
    swiftSettings: swiftSettings
  ),
  // Recorded sessions of an assembled app: record to a file, replay headless, write a feature's test from one.
  .target(
    name: "Sessions",
    dependencies: [
      "ActionLog",
      "Core",
      "FeatureAssembly",
      "FeatureKit",
    ],
    path: "Modules/Sessions",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Networking: interface, libcurl shim, live client, fakes

targets += [
  .target(
    name: "Networking",
    path: "Modules/Networking",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  // libcurl, opened with dlopen on first use (Modules/CCurl/include/CCurl.h): the apps do not link it, so commands
  // that never reach the network skip loading its dozens of libraries. Headers: apt-get install libcurl4-openssl-dev.
  .target(
    name: "CCurl",
    path: "Modules/CCurl",
    linkerSettings: [.linkedLibrary("dl")]
  ),
  .target(
    name: "NetworkingCurl",
    dependencies: [
      "CCurl",
      "Networking",
    ],
    path: "Modules/NetworkingCurl",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "NetworkingTesting",
    dependencies: ["Networking"],
    path: "Modules/NetworkingTesting",
    swiftSettings: swiftSettings
  ),
  // The query layer: a response cache in front of any HTTPClient over any cache storage (pure logic, no I/O).
  .target(
    name: "QueryCache",
    dependencies: [
      "Networking",
      "Persistence",
    ],
    path: "Modules/QueryCache",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Persistence: interface, SQLite (GRDB) live store, fakes

targets += [
  .target(
    name: "Persistence",
    path: "Modules/Persistence",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  // SQLite settings behind variadic C functions (Modules/CSQLite/include/CSQLite.h), for PersistenceSQLite alone.
  .target(
    name: "CSQLite",
    path: "Modules/CSQLite"
  ),
  .target(
    name: "PersistenceSQLite",
    dependencies: [
      "CSQLite",
      "Persistence",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    path: "Modules/PersistenceSQLite",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "PersistenceTesting",
    dependencies: ["Persistence"],
    path: "Modules/PersistenceTesting",
    swiftSettings: swiftSettings
  ),
  // Child process for PersistenceSQLiteTests' kill -9 and two-writer tests (built with that suite).
  .executableTarget(
    name: "persistence-stress",
    dependencies: [
      "Persistence",
      "PersistenceSQLite",
    ],
    path: "Tests/Support/persistence-stress",
    swiftSettings: swiftSettings
  ),
]

// MARK: - Fixture API: the sample data with json-server's semantics (pure), and the server over it

targets += [
  .target(
    name: "FixtureData",
    path: "Modules/FixtureData",
    swiftSettings: swiftSettings,
    plugins: ["FeatureFixtures"]
  ),
  // Bundles each feature folder's `fixtures.json` with FixtureData: the API serves their union.
  .plugin(
    name: "FeatureFixtures",
    capability: .buildTool(),
    path: "Plugins/FeatureFixtures"
  ),
  .target(
    name: "FixtureServer",
    dependencies: [
      "FixtureData",
      // The run token (RunToken) the embedded API and its apps prove themselves with.
      "Networking",
      .product(name: "Hummingbird", package: "hummingbird"),
    ],
    path: "Modules/FixtureServer",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Scenarios: the named conditions a feature runs in (make run FEATURE=X SCENARIO=…, the conformance frames)

targets += [
  .target(
    name: "Scenarios",
    dependencies: ["FixtureData"],
    path: "Modules/Scenarios",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  )
]

// MARK: - Terminal engine

targets += [
  .target(
    name: "CWidth",
    path: "Modules/CWidth"
  ),
  .target(
    name: "Terminal",
    dependencies: ["CWidth"],
    path: "Modules/Terminal",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Features (discovered: each folder of Modules/Features declares its own targets, as a BUILD file does)
// `Modules/Features/X/feature.json` names X's tab order and dependencies; from it come `XFeature` (the folder), its
// unit suite `XFeatureTests` (`Tests/XFeatureTests`) and, when `Tests/XFeatureTests/Integration` exists, its
// integration suite `XFeatureIntegrationTests`. Adding a feature is adding those folders; removing it, deleting them.
// Nothing here names a feature. The rules the manifests may not break are checked here and by Scripts/check-deps.

/// What a feature may depend on: Core, the contract (FeatureKit) and the kits it uses, Presentation and client
/// interfaces — never another feature, never the assembly (FeatureAssembly), never a live module.
let featureDependencyRule: Set<String> = [
  "Core", "FeatureKit", "FormKit", "LoadingScreenKit", "MutationKit", "Networking", "Persistence", "Presentation",
  "ToastKit",
]
/// What a feature's unit suite may add: fakes, the shared test kit, the pure fixture data and the (pure) assembly, to
/// mount the feature as the app does. No live part.
let featureTestDependencyRule: Set<String> = [
  "CoreTesting", "FeatureAssembly", "FeatureKitTesting", "FixtureData", "NetworkingTesting", "PersistenceTesting",
]
/// What a feature's integration suite adds to the feature: the real parts, the live app drawn by the TUI, and the
/// built apps (`kumiki`, `kumiki-tui`, `kumiki-api`: executables, built before the suite runs, which runs them as a user
/// does with CompositionRootTesting's `kumiki(…)` and `TmuxSession`).
let featureIntegrationDependencies: [String] = [
  "CompositionRoot", "CompositionRootTesting", "CoreTesting", "FeatureAssembly", "FeatureKitTesting", "FixtureData",
  "FixtureServer",
  "kumiki", "kumiki-api", "kumiki-tui", "NetworkingCurl", "Persistence",
  "PersistenceSQLite", "QueryCache", "Terminal", "TUI", "TUITesting",
]

/// One feature folder's `feature.json`.
struct FeatureManifest: Decodable {
  /// The folder's name (`Recipes`); the target is `RecipesFeature`.
  var folder = ""
  /// Tab order (ties break by name).
  var order: Int
  /// The feature target's dependencies.
  var dependencies: [String]
  /// The unit suite's dependencies besides the feature and the feature's own dependencies.
  var testDependencies: [String] = []

  private enum CodingKeys: String, CodingKey { case order, dependencies, testDependencies }

  var target: String { folder + "Feature" }
  var path: String { "Modules/Features/" + folder }
  var testPath: String { "Tests/\(target)Tests" }

  static func discover(in root: URL) -> [FeatureManifest] {
    let folder = root.appending(path: "Modules/Features")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.compactMap { name -> FeatureManifest? in
      let file = folder.appending(path: name).appending(path: "feature.json")
      guard FileManager.default.fileExists(atPath: file.path) else { return nil }
      do {
        var manifest = try JSONDecoder().decode(FeatureManifest.self, from: Data(contentsOf: file))
        manifest.folder = name
        manifest.check()
        return manifest
      } catch {
        fatalError("Modules/Features/\(name)/feature.json: \(error)")
      }
    }
    .sorted { ($0.order, $0.folder) < ($1.order, $1.folder) }
  }

  func check() {
    guard folder.range(of: "^[A-Z][A-Za-z0-9]*$", options: .regularExpression) != nil else {
      fatalError("Modules/Features/\(folder): a feature folder is named in UpperCamelCase")
    }
    for name in Set(dependencies).subtracting(featureDependencyRule) {
      fatalError("\(path)/feature.json: a feature may not depend on \(name) (only \(featureDependencyRule.sorted()))")
    }
    for name in Set(testDependencies).subtracting(featureDependencyRule.union(featureTestDependencyRule)) {
      fatalError(
        "\(path)/feature.json: a feature suite may not depend on \(name); integration suites get the real parts")
    }
  }

  func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(
      atPath: URL(fileURLWithPath: Context.packageDirectory).appending(path: relative).path)
  }

  /// Files of the folder that are not sources: the manifest, the README, the fixtures and their contract, the
  /// scenarios.
  var exclude: [String] {
    ["feature.json", "README.md", "fixtures.json", "fixtures.contract.json", "scenarios"].filter {
      exists(path + "/" + $0)
    }
  }
}

/// Every feature folder found, whatever KUMIKI_FEATURES selects, sorted: as the composition root's compilation
/// condition `KUMIKI_FEATURE_FOLDERS_Archive_Home…`. SwiftPM caches this manifest's result by its text and environment,
/// not by the folders it reads, and a plain `swift build` does not read it again when a folder is added (`make` exports
/// a digest of the folders, KUMIKI_FEATURE_FOLDERS, so it does). The FeatureList plugin's build command, which runs
/// again whenever Modules/Features changes, writes the same name from the folders it finds then into the feature
/// list, under `#if !NAME #error(…run make build…)`: a stale manifest fails to compile with that message instead of
/// building apps without the new feature.
let featureFolders = FeatureManifest.discover(in: URL(fileURLWithPath: Context.packageDirectory)).map(\.folder).sorted()

/// The feature folders in the package: every one, or with KUMIKI_FEATURES=Archive,Home only those (`make run
/// FEATURE=Archive` builds the apps with that feature alone, in a build folder of their own).
let features: [FeatureManifest] = {
  let all = FeatureManifest.discover(in: URL(fileURLWithPath: Context.packageDirectory))
  guard let selection = Context.environment["KUMIKI_FEATURES"], !selection.isEmpty else { return all }
  let names = selection.split(separator: ",").map(String.init)
  for name in names where !all.contains(where: { $0.folder == name }) {
    fatalError("KUMIKI_FEATURES names \(name), which is not a folder of Modules/Features with a feature.json")
  }
  return all.filter { names.contains($0.folder) }
}()

for feature in features {
  targets.append(
    .target(
      name: feature.target,
      dependencies: feature.dependencies.map { .target(name: $0) },
      path: feature.path,
      exclude: feature.exclude,
      swiftSettings: swiftSettings
    ))
  guard feature.exists(feature.testPath) else { continue }
  let integration = feature.testPath + "/Integration"
  let hasIntegration = feature.exists(integration)
  targets.append(
    .testTarget(
      name: feature.target + "Tests",
      dependencies: ([feature.target] + feature.dependencies + feature.testDependencies).map { .target(name: $0) },
      path: feature.testPath,
      exclude: ["Integration", "__Frames__"].filter { feature.exists(feature.testPath + "/" + $0) },
      swiftSettings: swiftSettings
    ))
  if hasIntegration {
    targets.append(
      .testTarget(
        name: feature.target + "IntegrationTests",
        dependencies: Array(Set([feature.target] + feature.dependencies + featureIntegrationDependencies)).sorted()
          .map { .target(name: $0) },
        path: integration,
        swiftSettings: swiftSettings
      ))
  }
}

// MARK: - Composition root: assembles features; the only library that imports live clients

targets += [
  .target(
    name: "CompositionRoot",
    dependencies: [
      "Core",
      "FeatureAssembly",
      "FeatureKit",
      "LoadingScreenKit",
      "Networking",
      "NetworkingCurl",
      "Persistence",
      "PersistenceSQLite",
      "QueryCache",
    ] + features.map { .target(name: $0.target) },  // in tab order: the registry's order
    path: "Modules/CompositionRoot",
    swiftSettings: swiftSettings + [.define((["KUMIKI_FEATURE_FOLDERS"] + featureFolders).joined(separator: "_"))],
    plugins: ["FeatureList"]
  ),
  // Writes the composition root's feature list from its feature dependencies: no hand-kept list of features.
  .plugin(
    name: "FeatureList",
    capability: .buildTool(),
    path: "Plugins/FeatureList"
  ),
]

// MARK: - Front ends (generic over any registry; they name no feature)

targets += [
  .target(
    name: "CLI",
    dependencies: [
      "ActionLog",
      "FeatureAssembly",
      "FeatureKit",
      "LoadingScreenKit",  // Date.fetchTimeText: the cache's and the outbox's dates as the screens write them
      "Networking",
      "Presentation",
      "Sessions",
      "Terminal",
    ],
    path: "Modules/CLI",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "TUI",
    dependencies: [
      "ActionLog",
      "Core",
      "FeatureAssembly",
      "FeatureKit",
      "Presentation",
      "Terminal",
    ],
    path: "Modules/TUI",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  // The live app as app-level suites drive it: started on a given API with a fresh database, drawn without colours,
  // the fixture server recording what was requested; and the built apps run as processes and in tmux. For tests that
  // run the real thing (conformance, end to end, feature integration suites).
  .target(
    name: "CompositionRootTesting",
    dependencies: [
      "CompositionRoot",
      "FeatureAssembly",
      "FeatureKit",
      "FixtureData",
      "FixtureServer",
      // The chaos harness reads each writer's outbox from its database.
      "Persistence",
      "PersistenceSQLite",
      "Presentation",
      "Terminal",
      "TUI",
    ],
    path: "Modules/CompositionRootTesting",
    swiftSettings: swiftSettings
  ),
  .target(
    name: "TUITesting",
    dependencies: ["TUI"],
    path: "Modules/TUITesting",
    swiftSettings: swiftSettings
  ),
]

// MARK: - Apps

targets += [
  .executableTarget(
    name: "kumiki",
    dependencies: [
      "CLI",
      "CompositionRoot",
      "FeatureAssembly",
      "FeatureKit",
      "Persistence",
    ],
    path: "Apps/kumiki",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings + linkOrder("kumiki")
  ),
  .executableTarget(
    name: "kumiki-tui",
    dependencies: [
      "CLI",
      "CompositionRoot",
      "FeatureKit",
      "Sessions",
      "Terminal",
      "TUI",
    ],
    path: "Apps/kumiki-tui",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings + linkOrder("kumiki-tui")
  ),
  .executableTarget(
    name: "kumiki-api",
    dependencies: [
      "FixtureData",
      "FixtureServer",
      "Networking",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    path: "Apps/kumiki-api",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings
  ),
  // `make run FEATURE=X [SCENARIO=…]`: one feature alone, on kumiki-api (a child process) under a scenario.
  .executableTarget(
    name: "kumiki-playground",
    dependencies: [
      "CompositionRoot",
      "FixtureData",
      "Scenarios",
    ],
    path: "Apps/kumiki-playground",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings
  ),
]

// MARK: - Tests (one suite per module, mirroring its sources)

targets += [
  .testTarget(
    name: "CoreTests",
    dependencies: ["Core"],
    path: "Tests/CoreTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "ActionLogTests",
    dependencies: [
      "ActionLog",
      "Core",
    ],
    path: "Tests/ActionLogTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "CoreTestingTests",
    dependencies: [
      "Core",
      "CoreTesting",
    ],
    path: "Tests/CoreTestingTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "SessionsTests",
    dependencies: [
      "ActionLog",
      "Core",
      "CoreTesting",
      "FeatureAssembly",
      "FeatureKit",
      "Presentation",
      "Sessions",
    ],
    path: "Tests/SessionsTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "PresentationTests",
    dependencies: ["Presentation"],
    path: "Tests/PresentationTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "FeatureKitTests",
    dependencies: [
      "Core",
      "CoreTesting",
      "FeatureAssembly",
      "FeatureKit",
      "FeatureKitTesting",
      "FormKit",
      "LoadingScreenKit",
      "MutationKit",
      "Networking",
      "NetworkingTesting",
      "Presentation",
      "ToastKit",
    ],
    path: "Tests/FeatureKitTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "CompositionRootTests",
    dependencies: [
      "CompositionRoot",
      "CompositionRootTesting",
      "Core",
      "CoreTesting",
      "FeatureKit",
      "FixtureData",
      "FixtureServer",
      "kumiki-api",
      "Networking",
      "Presentation",
    ],
    path: "Tests/CompositionRootTests",
    swiftSettings: swiftSettings
  ),
  // Every registered feature, checked with no test code of its own: screens in every standard phase at three sizes
  // (golden frames kept in the feature's own Tests/XFeatureTests/__Frames__), commands (help, bad input, --json).
  .testTarget(
    name: "FeatureConformanceTests",
    dependencies: [
      "CLI",
      "CompositionRoot",
      "CompositionRootTesting",
      "Core",
      "FeatureAssembly",
      "FeatureKit",
      "FixtureData",
      "FixtureServer",
      "Networking",
      "Persistence",
      "PersistenceSQLite",
      "Scenarios",
      "Terminal",
      "TUI",
      "TUITesting",
    ],
    path: "Tests/FeatureConformanceTests",
    swiftSettings: swiftSettings
  ),
  // The built apps as a user runs them, for what every feature shares (CLI conventions, the cache, offline, hostile
  // input, sessions, navigation): the features and their commands come from `kumiki features`, never by name.
  .testTarget(
    name: "EndToEndTests",
    dependencies: [
      "CompositionRootTesting",
      "CoreTesting",
      "FixtureData",
      "FixtureServer",
      "kumiki",
      "kumiki-api",
      "kumiki-playground",
      "kumiki-tui",
      // The outbox's kill -9 test fills the outbox the way a run that could not reach the API does; its row tests
      // write rows Kumiki would not (GRDB).
      "Persistence",
      "PersistenceSQLite",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    path: "Tests/EndToEndTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "CLITests",
    dependencies: [
      "ActionLog",
      "CLI",
      "Core",
      "FeatureAssembly",
      "FeatureKit",
      "FormKit",
      "Presentation",
      "Terminal",
    ],
    path: "Tests/CLITests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "TUITests",
    dependencies: [
      "ActionLog",
      "Core",
      "CoreTesting",
      "FeatureAssembly",
      "FeatureKit",
      "FormKit",
      "Presentation",
      "Terminal",
      "TUI",
      "TUITesting",
    ],
    path: "Tests/TUITests",
    exclude: ["__Snapshots__"],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "NetworkingTests",
    dependencies: [
      "Networking",
      "NetworkingTesting",
    ],
    path: "Tests/NetworkingTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "QueryCacheTests",
    dependencies: [
      "Core",
      "CoreTesting",
      "FeatureKit",
      "LoadingScreenKit",
      "MutationKit",
      "Networking",
      "NetworkingTesting",
      "Persistence",
      // The outbox's row tests and fuzz suite write hostile rows into a real SQLite file.
      "PersistenceSQLite",
      "PersistenceTesting",
      "Presentation",
      "QueryCache",
      // The outbox against the real API (kumiki-api in process, libcurl): a lost answer resent with its key.
      "FixtureData",
      "FixtureServer",
      "NetworkingCurl",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    path: "Tests/QueryCacheTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "NetworkingCurlTests",
    dependencies: [
      "Networking",
      "NetworkingCurl",
      .product(name: "Hummingbird", package: "hummingbird"),
    ],
    path: "Tests/NetworkingCurlTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "PersistenceSQLiteTests",
    dependencies: [
      "CoreTesting",
      "CSQLite",
      "Persistence",
      "persistence-stress",
      "PersistenceSQLite",
      "PersistenceTesting",
      .product(name: "GRDB", package: "GRDB.swift"),
    ],
    path: "Tests/PersistenceSQLiteTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "FixtureDataTests",
    dependencies: ["FixtureData"],
    path: "Tests/FixtureDataTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "ScenariosTests",
    dependencies: [
      "FixtureData",
      "Scenarios",
    ],
    path: "Tests/ScenariosTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "FixtureServerTests",
    dependencies: [
      "CoreTesting",
      "FixtureData",
      "FixtureServer",
      "Networking",
    ],
    path: "Tests/FixtureServerTests",
    // The suite's own data (json-server's kind: posts, comments, a profile), so it needs no feature folder.
    resources: [.copy("Support/db.json")],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "TerminalTests",
    // CWidth: the suspend test's child process calls the lifecycle shim alone (a forked child of a threaded process
    // makes C calls only).
    dependencies: ["CWidth", "CoreTesting", "Terminal"],
    path: "Tests/TerminalTests",
    swiftSettings: swiftSettings
  ),
]

// MARK: - Products

var products: [Product] = [
  .executable(name: "kumiki", targets: ["kumiki"]),
  .executable(name: "kumiki-tui", targets: ["kumiki-tui"]),
  .executable(name: "kumiki-api", targets: ["kumiki-api"]),
  .executable(name: "kumiki-playground", targets: ["kumiki-playground"]),
]

// MARK: - Doc snippets (`make check-snippets`)
// With KUMIKI_SNIPPETS set (only Scripts/check-snippets sets it), every ```swift block of the Markdown files is a target
// of its own, so two snippets may declare the same names: `Snippet<N>=Core,FeatureKit;…` adds the executable target
// `Snippet<N>` (its code in .build/snippets/Snippet<N>/main.swift, so it may hold statements) over the modules its
// imports name, and `KumikiSnippets` depends on them all. The value is the whole list, so a snippet added or removed
// changes the environment and SwiftPM reads this manifest again. Unset, as always but in that script, nothing changes.

if let snippets = Context.environment["KUMIKI_SNIPPETS"], !snippets.isEmpty {
  var names: [String] = []
  for entry in snippets.split(separator: ";") {
    let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let imports = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
    targets.append(
      .executableTarget(
        name: parts[0],
        dependencies: imports.map { .byName(name: $0) },
        path: ".build/snippets/" + parts[0],
        swiftSettings: swiftSettings
      ))
    names.append(parts[0])
  }
  targets.append(
    .target(
      name: "KumikiSnippets",
      dependencies: names.map { .target(name: $0) },
      path: ".build/snippets/KumikiSnippets",
      swiftSettings: swiftSettings
    ))
}

// MARK: - Benchmarks (only when asked: KUMIKI_BENCH=1, which `make bench` sets)
// kumiki-bench (Benchmarks/) links the benchmark peers (AsyncHTTPClient, and with it swift-nio-ssl and BoringSSL),
// which nothing else needs: a plain `swift build` or `make test` leaves it out, as Hummingbird leaves its
// benchmarks out of its package unless asked. Added before the module selection, so KUMIKI_BENCH=1
// KUMIKI_MODULES=kumiki-bench builds the benchmark and what it needs, nothing else.

if Context.environment["KUMIKI_BENCH"] == "1" {
  targets += [
    .executableTarget(
      name: "kumiki-bench",
      dependencies: [
        "CompositionRoot",
        // The chaos run's harness (ChaosRun), shared with EndToEndTests' short run.
        "CompositionRootTesting",
        "Core",
        "FeatureAssembly",
        "FeatureKit",
        "FixtureData",
        "FixtureServer",
        // Workload k: a screen built with the kits (StoreBench's BenchForm).
        "LoadingScreenKit",
        "MutationKit",
        "Networking",
        "NetworkingCurl",
        "Persistence",
        "PersistenceSQLite",
        "Presentation",
        "QueryCache",
        "Terminal",
        "TUI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ],
      path: "Benchmarks/kumiki-bench",
      swiftSettings: swiftSettings,
      linkerSettings: appLinkerSettings
    )
  ]
  products.append(.executable(name: "kumiki-bench", targets: ["kumiki-bench"]))
}

// MARK: - Module selection (`make test MODULE=X`)
// With KUMIKI_MODULES=A,B the package holds only the test suites `ATests`, `BTests` (or targets named
// exactly A, B) and the targets they depend on, so one module's suite builds and runs without
// compiling — or being blocked by — anything else. Unset, the package is whole.

if let selection = Context.environment["KUMIKI_MODULES"], !selection.isEmpty {
  let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
  var keep = Set<String>()
  var work = selection.split(separator: ",").map { name -> String in
    let name = String(name)
    return byName[name + "Tests"] != nil ? name + "Tests" : name
  }
  while let name = work.popLast() {
    guard let target = byName[name], keep.insert(name).inserted else { continue }
    for dependency in target.dependencies {
      switch dependency {
      case .targetItem(let name, _), .byNameItem(let name, _): work.append(name)
      case .productItem: break
      @unknown default: break
      }
    }
  }
  targets = targets.filter { keep.contains($0.name) || $0.type == .plugin }  // build tool plugins: always
  products = products.filter { product in
    let members = (product as? Product.Executable)?.targets ?? (product as? Product.Library)?.targets ?? []
    return members.allSatisfy(keep.contains)
  }
}

let package = Package(
  name: "Kumiki",
  platforms: [.macOS(.v15)],
  products: products,
  dependencies: dependencies,
  targets: targets,
  swiftLanguageModes: [.v6]
)
