// swift-tools-version: 6.1
// Kumiki: the package map. Every target is written out here, one `// MARK:` section per layer.
// Sources live in `Modules/` (libraries), `Apps/` (executables) and `Tests/` (one suite per module).
// See ARCHITECTURE.md for the rules these edges follow; `Scripts/check-deps` enforces them.

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
  // in FeatureKit); measured 6,700 → 1,400 instructions per dispatch. Fine for an app package nobody depends on.
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

// Release builds of the apps:
// - export no symbols: SwiftPM links executables with --export-dynamic (for tests that link an executable's code),
//   which puts every Swift symbol (~30,000) in the dynamic symbol table, and the Swift runtime's start-up (dladdr)
//   scans that table linearly;
// - link with lld and packed relative relocations (DT_RELR, glibc 2.36+, Debian 12): the ~90,000 relocations of
//   Swift metadata take 17 KB instead of 2 MB, which every start read: kumiki-tui's peak RSS 37.3 → 32.9 MB.
// Benchmarks/README.md has the figures. Tests link in debug, where none of this applies.
let appLinkerSettings: [LinkerSetting] = [
  .unsafeFlags(
    ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
    .when(configuration: .release))
]

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
  .target(
    name: "FeatureKit",
    dependencies: [
      "Core",
      "Networking",
      "Presentation",
    ],
    path: "Modules/FeatureKit",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  // Recorded sessions of an assembled app: record to a file, replay headless, write a feature's test from one.
  .target(
    name: "Sessions",
    dependencies: [
      "ActionLog",
      "Core",
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
  .target(
    name: "PersistenceSQLite",
    dependencies: [
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
    resources: [.copy("Resources/db.json")],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "FixtureServer",
    dependencies: [
      "FixtureData",
      .product(name: "Hummingbird", package: "hummingbird"),
    ],
    path: "Modules/FixtureServer",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
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

// MARK: - Features (one target each: Core, FeatureKit, Presentation and client interfaces — never each other,
// never a live module)

targets += [
  .target(
    name: "ArchiveFeature",
    dependencies: [
      "Core",
      "FeatureKit",
      "Networking",
      "Persistence",
      "Presentation",
    ],
    path: "Modules/Features/Archive",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "FavoriteFeature",
    dependencies: [
      "Core",
      "FeatureKit",
      "Networking",
      "Presentation",
    ],
    path: "Modules/Features/Favorite",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "HomeFeature",
    dependencies: [
      "Core",
      "FeatureKit",
      "Networking",
      "Presentation",
    ],
    path: "Modules/Features/Home",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "OnboardingFeature",
    dependencies: [
      "Core",
      "FeatureKit",
      "Persistence",
      "Presentation",
    ],
    path: "Modules/Features/Onboarding",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
  .target(
    name: "ProfileFeature",
    dependencies: [
      "Core",
      "FeatureKit",
      "Networking",
      "Presentation",
    ],
    path: "Modules/Features/Profile",
    exclude: ["README.md"],
    swiftSettings: swiftSettings
  ),
]

// MARK: - Composition root: assembles features; the only library that imports live clients

targets += [
  .target(
    name: "CompositionRoot",
    dependencies: [
      "ArchiveFeature",
      "Core",
      "FavoriteFeature",
      "FeatureKit",
      "HomeFeature",
      "Networking",
      "NetworkingCurl",
      "OnboardingFeature",
      "Persistence",
      "PersistenceSQLite",
      "Presentation",
      "ProfileFeature",
      "QueryCache",
    ],
    path: "Modules/CompositionRoot",
    swiftSettings: swiftSettings
  )
]

// MARK: - Front ends (generic over any registry; they name no feature)

targets += [
  .target(
    name: "CLI",
    dependencies: [
      "ActionLog",
      "Core",
      "FeatureKit",
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
      "FeatureKit",
      "Presentation",
      "Terminal",
    ],
    path: "Modules/TUI",
    exclude: ["README.md"],
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
    ],
    path: "Apps/kumiki",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings
  ),
  .executableTarget(
    name: "kumiki-tui",
    dependencies: [
      "CompositionRoot",
      "Sessions",
      "Terminal",
      "TUI",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    path: "Apps/kumiki-tui",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings
  ),
  .executableTarget(
    name: "kumiki-api",
    dependencies: [
      "FixtureData",
      "FixtureServer",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    path: "Apps/kumiki-api",
    swiftSettings: swiftSettings,
    linkerSettings: appLinkerSettings
  ),
  .executableTarget(
    name: "kumiki-bench",
    dependencies: [
      "CompositionRoot",
      "Core",
      "FeatureKit",
      "FixtureServer",
      "Networking",
      "NetworkingCurl",
      "Persistence",
      "PersistenceSQLite",
      "QueryCache",
      "Terminal",
      "TUI",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
      .product(name: "AsyncHTTPClient", package: "async-http-client"),
      .product(name: "Hummingbird", package: "hummingbird"),
    ],
    path: "Apps/kumiki-bench",
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
      "FeatureKit",
      "Networking",
      "NetworkingTesting",
      "Presentation",
    ],
    path: "Tests/FeatureKitTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "ArchiveFeatureTests",
    dependencies: [
      "ArchiveFeature",
      "Core",
      "CoreTesting",
      "FeatureKit",
      "FixtureData",
      "Networking",
      "NetworkingTesting",
      "Persistence",
      "PersistenceTesting",
      "Presentation",
    ],
    path: "Tests/ArchiveFeatureTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "FavoriteFeatureTests",
    dependencies: [
      "Core",
      "CoreTesting",
      "FavoriteFeature",
      "FeatureKit",
      "FixtureData",
      "Networking",
      "NetworkingTesting",
      "Presentation",
    ],
    path: "Tests/FavoriteFeatureTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "HomeFeatureTests",
    dependencies: [
      "Core",
      "CoreTesting",
      "FeatureKit",
      "FixtureData",
      "HomeFeature",
      "Networking",
      "NetworkingTesting",
      "Presentation",
    ],
    path: "Tests/HomeFeatureTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "OnboardingFeatureTests",
    dependencies: [
      "Core",
      "CoreTesting",
      "FeatureKit",
      "OnboardingFeature",
      "Persistence",
      "PersistenceTesting",
      "Presentation",
    ],
    path: "Tests/OnboardingFeatureTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "ProfileFeatureTests",
    dependencies: [
      "Core",
      "CoreTesting",
      "FeatureKit",
      "FixtureData",
      "Networking",
      "NetworkingTesting",
      "Presentation",
      "ProfileFeature",
    ],
    path: "Tests/ProfileFeatureTests",
    swiftSettings: swiftSettings
  ),
  // The features against the real parts: the fixture server over libcurl, SQLite files. Feature suites above use
  // fakes only, so a feature team's `make test MODULE=HomeFeature` builds no NIO, Hummingbird, GRDB or libcurl.
  .testTarget(
    name: "IntegrationTests",
    dependencies: [
      "ArchiveFeature",
      "Core",
      "CoreTesting",
      "FavoriteFeature",
      "FeatureKit",
      "FixtureData",
      "FixtureServer",
      "HomeFeature",
      "Networking",
      "NetworkingCurl",
      "OnboardingFeature",
      "Persistence",
      "PersistenceSQLite",
      "Presentation",
      "ProfileFeature",
      "QueryCache",
    ],
    path: "Tests/IntegrationTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "CompositionRootTests",
    dependencies: [
      "CompositionRoot",
      "Core",
      "CoreTesting",
      "FeatureKit",
      "FixtureData",
      "FixtureServer",
      "kumiki-api",
      "Networking",
      "Presentation",
      "Terminal",
      "TUI",
      "TUITesting",
    ],
    path: "Tests/CompositionRootTests",
    exclude: ["__Snapshots__"],
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "EndToEndTests",
    dependencies: [
      "FixtureData",
      "FixtureServer",
      "kumiki",
      "kumiki-api",
      "kumiki-tui",
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
      "FeatureKit",
      "Presentation",
    ],
    path: "Tests/CLITests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "TUITests",
    dependencies: [
      "ActionLog",
      "Core",
      "FeatureKit",
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
      "Networking",
      "NetworkingTesting",
      "Persistence",
      "PersistenceTesting",
      "Presentation",
      "QueryCache",
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
    name: "FixtureServerTests",
    dependencies: [
      "FixtureData",
      "FixtureServer",
    ],
    path: "Tests/FixtureServerTests",
    swiftSettings: swiftSettings
  ),
  .testTarget(
    name: "TerminalTests",
    dependencies: ["Terminal"],
    path: "Tests/TerminalTests",
    swiftSettings: swiftSettings
  ),
]

// MARK: - Products

var products: [Product] = [
  .executable(name: "kumiki", targets: ["kumiki"]),
  .executable(name: "kumiki-tui", targets: ["kumiki-tui"]),
  .executable(name: "kumiki-api", targets: ["kumiki-api"]),
  .executable(name: "kumiki-bench", targets: ["kumiki-bench"]),
]

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
  targets = targets.filter { keep.contains($0.name) }
  products = products.filter { product in
    let members = (product as? Product.Executable)?.targets ?? (product as? Product.Library)?.targets ?? []
    return members.allSatisfy(keep.contains)
  }
}

// MARK: - Test runs leave the benchmark out
// `make test` sets KUMIKI_NO_BENCH=1: kumiki-bench links the benchmark peers (AsyncHTTPClient, and with it
// swift-nio-ssl and BoringSSL), which no test needs. `make bench` builds it.

if Context.environment["KUMIKI_NO_BENCH"] == "1" {
  targets = targets.filter { $0.name != "kumiki-bench" }
  products = products.filter { $0.name != "kumiki-bench" }
}

let package = Package(
  name: "Kumiki",
  platforms: [.macOS(.v15)],
  products: products,
  dependencies: dependencies,
  targets: targets,
  swiftLanguageModes: [.v6]
)
