import CLI
import Core
import FeatureAssembly
import FeatureKit
import Presentation

/// A one-shot gate an effect can wait on; opening it before or after the wait both release it.
final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Void.self)
  }

  func open() { continuation.finish() }

  func wait() async {
    for await _ in stream {}
  }
}

/// A test-only counter feature: a show command, a command with a required positional, and a flag.
enum CounterFeature {
  struct State: Equatable, Codable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case add(Int)
    case reset
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "counter",
      title: "Counter",
      initialState: State(),
      reducer: Reducer { state, action in
        switch action {
        case .add(let amount): state.count += amount
        case .reset: state.count = 0
        }
      },
      present: { state in .text("Count: \(state.count)") },
      commands: [
        FeatureCommand(
          path: [], abstract: "Show the count.", examples: [""],
          actions: { _ in [] },
          output: { state, _ in
            .success(view: .fields([Field("Count", "\(state.count)")]), json: .object([("count", .int(state.count))]))
          }),
        FeatureCommand(
          path: ["add"], abstract: "Add to the count.", examples: ["add 5"],
          arguments: [.positional("amount", help: "How much to add."), .flag("quiet", help: "Print nothing.")],
          actions: { input in
            guard let amount = try input.integer("amount", in: -1_000_000...1_000_000) else {
              throw CommandError.usage("amount is required")
            }
            return [.add(amount)]
          },
          output: { state, input in
            .success(
              view: input.flags.contains("quiet") ? .stack([]) : .text("Count: \(state.count)"),
              json: .object([("count", .int(state.count))]))
          }),
        FeatureCommand(
          path: ["reset"], abstract: "Reset the count.",
          actions: { _ in [.reset] },
          output: { state, _ in
            .success(view: .text("Count: \(state.count)"), json: .object([("count", .int(state.count))]))
          }),
      ]
    )
  }
}

/// A test-only catalogue: a table of Japanese names loaded by an asynchronous effect, a detail, a failing
/// command and hostile data.
enum CatalogueFeature {
  struct Item: Equatable, Codable, Sendable {
    var id: String
    var name: String
    var category: String
    var price: Int
  }

  struct State: Equatable, Codable, Sendable {
    var items: [Item] = []
    var loads = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case load(category: String?)
    case slowLoad
    case loaded([Item])
  }

  static let stock = [
    Item(id: "1", name: "カレーライス", category: "food", price: 850),
    Item(id: "2", name: "Ramen 🍜", category: "food", price: 1200),
    Item(id: "3", name: "緑茶", category: "drink", price: 200),
  ]

  static func module(gate: Gate = Gate()) -> FeatureModule<State, Action> {
    FeatureModule(
      key: "catalogue",
      title: "Catalogue",
      initialState: State(),
      reducer: Reducer { state, action in
        switch action {
        case .load, .slowLoad: break
        case .loaded(let items):
          state.items = items
          state.loads += 1
        }
      },
      middlewares: [
        .after { context, action in
          switch action {
          case .load(let category):
            context.run(id: "load", cancelInFlight: true) { send in
              await Task.yield()
              send(.loaded(stock.filter { category == nil || $0.category == category }))
            }
          case .slowLoad:
            context.run(id: "load", cancelInFlight: true) { send in
              await gate.wait()
              send(.loaded(stock))
            }
          case .loaded: break
          }
        }
      ],
      commands: [
        FeatureCommand(
          path: ["list"], abstract: "List the items.",
          examples: ["list --category food", "list 緑"],
          arguments: [
            .positional("keyword", help: "Only names containing this.", optional: true),
            .option("category", help: "Only this category.", choices: ["food", "drink"]),
            .option("page", help: "The page."),
          ],
          actions: { input in
            _ = try input.integer("page", in: 1...1_000)
            return [.load(category: input["category"])]
          },
          output: { state, input in
            let items = state.items.filter { input["keyword"].map($0.name.contains) ?? true }
            return .success(
              view: .table(
                TableNode(columns: ["ID", "Name", "Price"], rows: items.map { [$0.id, $0.name, "\($0.price)"] })),
              json: .object([
                (
                  "items",
                  .array(
                    items.map {
                      .object([("id", .string($0.id)), ("name", .string($0.name)), ("price", .int($0.price))])
                    })
                ),
                ("page", .int((try? input.integer("page", in: 1...1_000)) ?? 1)),
              ]))
          }),
        FeatureCommand(
          path: ["slow"], abstract: "List slowly.",
          actions: { _ in [.slowLoad] },
          output: { state, _ in .success(view: .text("\(state.items.count) items"), json: .int(state.items.count)) }),
        FeatureCommand(
          path: ["broken"], abstract: "Always fails.",
          actions: { _ in [] },
          output: { _, _ in .failure("cannot connect to http://127.0.0.1:9\nconnection refused") }),
        FeatureCommand(
          path: ["hostile"], abstract: "Prints hostile data.",
          actions: { _ in [] },
          output: { _, _ in
            .success(
              view: .stack([
                .text("clip \u{1B}]52;c;aGFjaw==\u{07} end"),
                .table(TableNode(columns: ["Name"], rows: [["\u{1B}[2Jwiped"], ["\u{202E}exe.txt\u{2066}"]])),
              ]),
              json: .object([("wipe", .string("\u{1B}[2J")), ("name", .string("\u{202E}exe.txt\u{2066}\u{200F}"))]))
          }),
      ]
    )
  }
}

/// The test app: counter then catalogue.
func makeTestApp(gate: Gate = Gate()) throws -> AppRuntime {
  try FeatureRegistry([CounterFeature.module().erased, CatalogueFeature.module(gate: gate).erased]).assemble()
}
