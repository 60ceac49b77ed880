import Core
import FeatureAssembly
import FeatureKit
import Foundation
import Presentation
import Synchronization
import TUI

/// A test-only feature whose screen uses the whole Presentation vocabulary and has loading, error, content and
/// empty variants plus an onboarding overlay — the TUI's golden frames are drawn from it.
enum ShopFeature {
  enum Phase: String, Codable, Equatable, Sendable {
    case loading, error, content, empty
  }

  struct State: Equatable, Codable, Sendable {
    var phase = Phase.content
    var query = "カレー"
    var category = "和食"
    var saved: Set<String> = ["r2"]
    var section = "Dishes"
    var showOnboarding = false
    var vegetarian = false
    var pages = 1
    var opened: String?
    var retries = 0
    var refreshes = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case setPhase(Phase)
    case queryEdited(String)
    case search(String)
    case selectCategory(String)
    case toggleSave(String)
    case selectSection(String)
    case toggleVegetarian
    case loadMore
    case open(String)
    case retry
    case refresh
    case showOnboarding
    case dismissOnboarding
  }

  static let recipes: [(id: String, title: String, subtitle: String, rating: Double)] = [
    ("r1", "カレーライス", "Curry rice, mild", 4.2),
    ("r2", "Ramen 🍜", "Shoyu broth", 3.8),
    ("r3", "寿司 Sushi", "Nigiri set", 4.9),
    ("r4", "Tempura", "Crispy prawns", 3.1),
    ("r5", "Okonomiyaki", "Osaka style", 4.0),
  ]

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .setPhase(let phase): state.phase = phase
    case .queryEdited(let query): state.query = query
    case .search(let query): state.query = query
    case .selectCategory(let category): state.category = category
    case .toggleSave(let id):
      if state.saved.contains(id) { state.saved.remove(id) } else { state.saved.insert(id) }
    case .selectSection(let section): state.section = section
    case .toggleVegetarian: state.vegetarian.toggle()
    case .loadMore: state.pages += 1
    case .open(let id): state.opened = id
    case .retry: state.retries += 1
    case .refresh: state.refreshes += 1
    case .showOnboarding: state.showOnboarding = true
    case .dismissOnboarding: state.showOnboarding = false
    }
  }

  static func present(_ state: State) -> ViewNode<Action> {
    let search = ViewNode<Action>.textField(
      TextFieldNode(
        id: "search", label: "Search", text: state.query, placeholder: "dish or ingredient",
        change: { .queryEdited($0) }
      ) {
        .search($0)
      })
    let chips = ViewNode<Action>.chips(
      ["和食", "洋食", "中華"].map { Chip(label: $0, isSelected: $0 == state.category, action: .selectCategory($0)) })
    var screen: ViewNode<Action>
    switch state.phase {
    case .loading:
      screen = .stack([search, .spinner("Loading recipes...")])
    case .error:
      screen = .stack([search, .error(message: "Could not reach the API (timeout after 10 s).", retry: .retry)])
    case .empty:
      screen = .stack([search, chips, .empty("No recipes match \"\(state.query)\". Try another word.")])
    case .content:
      screen = .stack([
        search,
        chips,
        .section(
          title: "Featured",
          children: [
            .collection(
              CollectionNode(
                title: "Popular this week", layout: .carousel,
                cards: recipes.map {
                  Card(id: $0.id, title: $0.title, lines: [$0.subtitle], rating: $0.rating, action: .open($0.id))
                }))
          ]),
        .section(
          title: "Results",
          children: [
            .spans([TextSpan("Results for "), TextSpan(state.query, .highlight), TextSpan(" (5)", .secondary)]),
            .list(
              ListNode(
                items: recipes.prefix(3 * state.pages).map { recipe in
                  ListItem(
                    id: recipe.id, title: recipe.title, subtitle: recipe.subtitle,
                    detail: "Rated \(recipe.rating) by 120 cooks.", action: .open(recipe.id),
                    accessory: ListAccessory(
                      label: state.saved.contains(recipe.id) ? "Saved" : "Save", isOn: state.saved.contains(recipe.id),
                      action: .toggleSave(recipe.id)))
                },
                selected: state.opened.flatMap { id in recipes.firstIndex { $0.id == id } },
                more: state.pages * 3 < recipes.count ? ListMore(label: "Load more", action: .loadMore) : nil)),
          ]),
        .section(
          title: "Browse",
          children: [
            .collection(
              CollectionNode(
                title: "", layout: .grid(columns: 3),
                cards: recipes.prefix(4).map {
                  Card(id: $0.id, title: $0.title, lines: [$0.subtitle], action: .open($0.id))
                }
              ))
          ]),
        .tabs(
          ["Dishes", "Info"].map { Tab(label: $0, isSelected: $0 == state.section, action: .selectSection($0)) },
          content: state.section == "Dishes"
            ? .stack([.text("Average rating"), .rating(4.2)])
            : .fields([Field("Source", "Fixture API"), Field("Updated", "2026-11-21")])),
        .table(
          TableNode(columns: ["Dish", "Time", "Level"], rows: [["カレー", "30 min", "easy"], ["寿司", "1 h", "hard"]])),
        .toggle(label: "Vegetarian only", isOn: state.vegetarian, action: .toggleVegetarian),
        .button(label: "Surprise me", action: .open("r3")),
      ])
    }
    if state.showOnboarding {
      screen = .stack([
        screen,
        .overlay(
          OverlayNode(
            title: "Welcome to Kumiki",
            content: .text("Browse recipes, save favourites with the heart, and search in any language (日本語 OK)."),
            buttons: [OverlayButton(label: "Start", action: .dismissOnboarding)], dismiss: .dismissOnboarding)),
      ])
    }
    return screen
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "shop", title: "Shop", initialState: State(), reducer: reducer, present: present,
      receive: { $0 == .refreshAll ? .refresh : nil })
  }
}

/// A second screen: a plain list of notes.
enum NotesFeature {
  struct State: Equatable, Codable, Sendable {
    var notes = ["Buy milk", "Call 田中さん", "Book the ryokan"]
    var opened: Int?
  }

  enum Action: Equatable, Codable, Sendable {
    case open(Int)
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "notes", title: "Notes", initialState: State(),
      reducer: Reducer { state, action in
        switch action {
        case .open(let index): state.opened = index
        }
      },
      present: { state in
        .section(
          title: "Notes",
          children: [
            .list(
              ListNode(
                items: state.notes.enumerated().map {
                  ListItem(id: "\($0.offset)", title: $0.element, action: .open($0.offset))
                },
                selected: state.opened))
          ])
      })
  }
}

/// A feature without a screen: it gets no tab.
enum ClockFeature {
  struct State: Equatable, Codable, Sendable {
    var ticks = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case tick
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "clock", title: "Clock", initialState: State(), reducer: Reducer { state, _ in state.ticks += 1 })
  }
}

/// A long read with dialogs: forty lines of text with nothing to focus, then rows whose detail is a long article,
/// an Edit button opening a form (two fields, Save by default, Cancel) and a Tour button opening a three-page tour
/// (Back, Next by default, Close). The viewport, dialog and confirmation tests use it.
enum ReaderFeature {
  struct State: Equatable, Codable, Sendable {
    var name = "Hanako"
    var note = ""
    var isEditing = false
    var saved = 0
    var opened: Int?
    var tourPage: Int?
    var failure: String?
  }

  enum Action: Equatable, Codable, Sendable {
    case edit, nameEdited(String), noteEdited(String), save, cancel
    case open(Int), close
    case tour, next, back, endTour
    case fail(String?)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .edit: state.isEditing = true
    case .nameEdited(let name): state.name = name
    case .noteEdited(let note): state.note = note
    case .save:
      state.isEditing = false
      state.saved += 1
    case .cancel: state.isEditing = false
    case .open(let index): state.opened = index
    case .close: state.opened = nil
    case .tour: state.tourPage = 0
    case .next: state.tourPage = state.tourPage.map { min($0 + 1, 2) }
    case .back: state.tourPage = state.tourPage.map { max($0 - 1, 0) }
    case .endTour: state.tourPage = nil
    case .fail(let message): state.failure = message
    }
  }

  /// Line `n` of the introduction and of an article.
  static func line(_ n: Int) -> String { "Line \(n) of the story." }

  static func present(_ state: State) -> ViewNode<Action> {
    var children: [ViewNode<Action>] = [
      .section(title: "Introduction", children: [.text((1...40).map(line).joined(separator: "\n"))])
    ]
    if let failure = state.failure { children.append(.error(message: failure, retry: .fail(nil))) }
    children += [
      .list(ListNode(items: (1...3).map { ListItem(id: "\($0)", title: "Article \($0)", action: .open($0)) })),
      .button(label: "Edit", action: .edit),
      .button(label: "Tour", action: .tour),
    ]
    if let opened = state.opened {
      children.append(
        .overlay(
          OverlayNode(
            title: "Article \(opened)", content: .text((1...60).map { "Article line \($0)." }.joined(separator: "\n")),
            buttons: [OverlayButton(label: "Close", action: .close, isDefault: true)], dismiss: .close)))
    }
    if state.isEditing {
      let name = TextFieldNode<Action>(
        id: "name", label: "Name", text: state.name, placeholder: "required",
        message: state.name.isEmpty ? "Name is required" : nil, change: { .nameEdited($0) })
      let note = TextFieldNode<Action>(
        id: "note", label: "Note", text: state.note, placeholder: "optional", change: { .noteEdited($0) })
      children.append(
        .overlay(
          OverlayNode(
            title: "Edit", content: .stack([.textField(name), .textField(note)]),
            buttons: [
              OverlayButton(label: "Save", action: .save, isEnabled: !state.name.isEmpty, isDefault: true),
              OverlayButton(label: "Cancel", action: .cancel),
            ], dismiss: .cancel)))
    }
    if let page = state.tourPage {
      var buttons: [OverlayButton<Action>] = page > 0 ? [OverlayButton(label: "Back", action: .back)] : []
      buttons +=
        page < 2
        ? [
          OverlayButton(label: "Next", action: .next, isDefault: true), OverlayButton(label: "Close", action: .endTour),
        ]
        : [OverlayButton(label: "Done", action: .endTour, isDefault: true)]
      children.append(
        .overlay(
          OverlayNode(
            title: "Tour \(page + 1)/3", content: .text("Page \(page + 1)."), buttons: buttons, dismiss: .endTour)))
    }
    return .stack(children)
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(key: "reader", title: "Reader", initialState: State(), reducer: reducer, present: present)
  }
}

/// One of many look-alike features (`feature-07`, "Feature 7"), each a screen with one line: for the tab bar and the
/// feature switcher with any number of features.
enum NumberedFeature {
  struct State: Equatable, Codable, Sendable {
    var number: Int
  }

  enum Action: Equatable, Codable, Sendable {
    case touch
  }

  static func key(_ number: Int) -> String { "feature-" + (number < 10 ? "0" : "") + "\(number)" }

  static func module(_ number: Int) -> FeatureModule<State, Action> {
    FeatureModule(
      key: key(number), title: "Feature \(number)", initialState: State(number: number),
      reducer: Reducer { _, _ in }, present: { state in .text("This is feature \(state.number).") })
  }
}

/// An app of the test features: Shop (slot 0), Clock (slot 1, no screen), Notes (slot 2); or of `features`.
struct TestApp {
  let app: AppRuntime
  let devTools: DevTools

  init(mode: AssemblyMode = .live, features: [AnyFeature]? = nil) throws {
    let stamps = DateStamps()
    devTools = DevTools(now: { stamps.next() })
    let registry = try FeatureRegistry(
      features ?? [ShopFeature.module().erased, ClockFeature.module().erased, NotesFeature.module().erased])
    app = registry.assemble(middlewares: [devTools.middleware], mode: mode)
  }

  /// The reader alone (slot 0).
  static func reader() throws -> TestApp { try TestApp(features: [ReaderFeature.module().erased]) }

  /// `count` numbered features, `feature-01` first.
  static func numbered(_ count: Int) throws -> TestApp {
    try TestApp(features: (1...count).map { NumberedFeature.module($0).erased })
  }

  func reader(_ action: ReaderFeature.Action) { app.store.dispatch(.feature(slot: 0, action: action)) }

  var readerState: ReaderFeature.State { app.store.state["reader", as: ReaderFeature.State.self]! }

  func shop(_ action: ShopFeature.Action) { app.store.dispatch(.feature(slot: 0, action: action)) }

  var shopState: ShopFeature.State { app.store.state["shop", as: ShopFeature.State.self]! }
  var notesState: NotesFeature.State { app.store.state["notes", as: NotesFeature.State.self]! }
}

/// Deterministic DevTools timestamps: 2026-11-21T09:30:00.125Z, then 250 ms later each call.
final class DateStamps: Sendable {
  private let calls = Mutex(0)

  func next() -> Date {
    let call = calls.withLock { value -> Int in
      defer { value += 1 }
      return value
    }
    return Date(timeIntervalSince1970: 1_795_253_400.125 + Double(call) * 0.25)
  }
}

/// A list whose removals show a toast with an undo (as a feature with FeatureKit's toasts presents it), and a
/// search field to check that `u` is text there.
enum PantryFeature {
  struct State: Equatable, Codable, Sendable {
    var items = ["味噌", "昆布", "鰹節"]
    var query = ""
    var toast: String?
    var undo: Action?
  }

  enum Action: Equatable, Codable, Sendable {
    case remove(Int)
    case restore(String, at: Int)
    case queryEdited(String)
  }

  static func module() -> FeatureModule<State, Action> {
    FeatureModule(
      key: "pantry", title: "Pantry", initialState: State(),
      reducer: Reducer { state, action in
        switch action {
        case .remove(let index):
          let item = state.items.remove(at: index)
          state.toast = "Removed \"\(item)\""
          state.undo = .restore(item, at: index)
        case .restore(let item, let index):
          state.items.insert(item, at: index)
          state.toast = "Saved \"\(item)\""
          state.undo = nil
        case .queryEdited(let query): state.query = query
        }
      },
      present: { state in
        var children: [ViewNode<Action>] = [
          .list(
            ListNode(
              items: state.items.enumerated().map { index, item in
                ListItem(
                  id: item, title: item, action: nil,
                  accessory: ListAccessory(label: "saved", isOn: true, action: .remove(index)))
              })),
          .textField(
            TextFieldNode(
              id: "query", label: "Find", text: state.query, placeholder: "", change: { .queryEdited($0) })),
        ]
        if let toast = state.toast { children.append(.toast(ToastNode(text: toast, undo: state.undo))) }
        return .stack(children)
      })
  }
}
