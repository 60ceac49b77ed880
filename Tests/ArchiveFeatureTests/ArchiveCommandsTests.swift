import ArchiveFeature
import FeatureKit
import Foundation
import Presentation
import Testing

@Suite("Archive commands")
struct ArchiveCommandsTests {
  typealias State = ArchiveFeature.State

  func command(_ path: String) throws -> FeatureCommand<State, ArchiveFeature.Action> {
    try #require(ArchiveFeature.commands.first { $0.path == [path] })
  }

  func json(_ output: CommandOutput) -> String? {
    guard case .success(_, let json) = output else { return nil }
    return json.text
  }

  func text(_ output: CommandOutput) -> String? {
    guard case .success(let view, _) = output else { return nil }
    return view.plainText.joined(separator: "\n")
  }

  func failure(_ output: CommandOutput) -> String? {
    guard case .failure(let reason) = output else { return nil }
    return reason
  }

  @Test("the commands are search, item, save, unsave and saved")
  func paths() {
    #expect(ArchiveFeature.commands.map(\.path) == [["search"], ["item"], ["save"], ["unsave"], ["saved"]])
  }

  @Test("search parses keyword, category and page")
  func searchActions() throws {
    let search = try command("search")
    #expect(
      try search.actions(CommandInput(values: ["keyword": "カレー", "category": "和食", "page": "2"]))
        == [.search(ArchiveQuery(keyword: "カレー", category: "和食"), page: 2)])
    #expect(try search.actions(CommandInput()) == [.search(.all, page: 1)])
    #expect(throws: CommandError.usage("page must be 1...1000000, got '0'")) {
      try search.actions(CommandInput(values: ["page": "0"]))
    }
    // The audit's page: (page - 1) * 20 + count trapped; now a usage error before any request.
    #expect(throws: CommandError.usage("page must be 1...1000000, got '461168601842738790'")) {
      try search.actions(CommandInput(values: ["page": "461168601842738790"]))
    }
    #expect(throws: CommandError.usage("page must be a whole number, got 'two'")) {
      try search.actions(CommandInput(values: ["page": "two"]))
    }
    #expect(search.arguments.first { $0.name == "category" }?.kind == .option(choices: ArchiveCategory.all))
  }

  @Test("search prints total, page, per_page, next_page and items with their saved mark, then the origin")
  func searchOutput() throws {
    let page = ArchiveFixture.page(ArchiveQuery(keyword: "crème"), ids: [26], total: 1)
    let state = State(
      keyword: "crème", load: searched(.loaded(ArchiveResults(page))), saved: .loaded([ArchiveFixture.entry(26)]))
    let output = try command("search").output(state, CommandInput(values: ["keyword": "crème"]))
    #expect(
      json(output)
        == #"{"total":1,"page":1,"per_page":20,"next_page":null,"items":[{"id":26,"category":"洋食","#
        + #""dish_name":"Crème brûlée","shop_name":"ビストロ ル・ソレイユ","#
        + #""introduction":"表面をパリッと焦がした、なめらかなカスタード。","#
        + #""photo_url":"https://images.kumiki.example/archive/archive_26.jpg","saved":true}],"#
        + #""origin":"network","fetched_at":null}"#)
    if case .success(let view, _) = output {
      #expect(view.plainText.contains("1 result - page 1"))
    }
  }

  @Test("search prints an empty result, and fails with the error message")
  func searchEmptyAndFailure() throws {
    let query = ArchiveQuery(keyword: "ラーメン")
    let empty = try command("search").output(
      State(keyword: "ラーメン", load: searched(nothing(query))), CommandInput(values: ["page": "3"]))
    #expect(
      json(empty)
        == #"{"total":0,"page":3,"per_page":20,"next_page":null,"items":[],"origin":"network","fetched_at":null}"#)
    let failed = try command("search").output(State(load: searched(.failed("server down"))), CommandInput())
    #expect(failure(failed) == "server down")
  }

  @Test("save: parses the id; prints it saved, or the failure")
  func save() throws {
    let save = try command("save")
    #expect(try save.actions(CommandInput(values: ["id": "6"])) == [.save(6)])
    #expect(throws: CommandError.usage("id must be a whole number, got 'x'")) {
      try save.actions(CommandInput(values: ["id": "x"]))
    }
    let input = CommandInput(values: ["id": "6"])
    #expect(json(save.output(State(saved: .loaded([ArchiveFixture.entry(6)])), input)) == #"{"id":6,"saved":true}"#)
    let missing = CommandInput(values: ["id": "99"])
    #expect(failure(save.output(State(saved: .empty, notice: "no archive item 99"), missing)) == "no archive item 99")
  }

  @Test("unsave: says what the store did (removed, or it was not saved), or the failure")
  func unsave() throws {
    let unsave = try command("unsave")
    let input = CommandInput(values: ["id": "6"])
    #expect(try unsave.actions(input) == [.unsave(6)])
    let removed = unsave.output(
      State(saved: .empty, lastUnsave: ArchiveUnsaveResult(id: 6, dishName: "鯛めし", removed: true)), input)
    #expect(json(removed) == #"{"id":6,"saved":false,"removed":true}"#)
    #expect(text(removed) == "Removed 鯛めし (#6) from the saved items.")
    let nameless = unsave.output(State(saved: .empty, lastUnsave: ArchiveUnsaveResult(id: 6, removed: true)), input)
    #expect(text(nameless) == "Removed item #6 from the saved items.")
    let absent = unsave.output(State(saved: .empty, lastUnsave: ArchiveUnsaveResult(id: 6, removed: false)), input)
    #expect(json(absent) == #"{"id":6,"saved":false,"removed":false}"#)
    #expect(text(absent) == "Item #6 was not saved; nothing to remove.")
    #expect(failure(unsave.output(State(saved: .failed("locked")), input)) == "locked")
    #expect(failure(unsave.output(State(saved: .empty), input)) == "the unsave did not finish")
  }

  @Test("saved prints the saved items with saved_at")
  func saved() throws {
    let saved = try command("saved")
    #expect(try saved.actions(CommandInput()) == [.loadSaved])
    let output = saved.output(State(saved: .loaded([ArchiveFixture.entry(9)])), CommandInput())
    #expect(
      json(output)
        == #"{"items":[{"id":9,"category":"中華料理","dish_name":"小籠包","shop_name":"点心楼 金魚","#
        + #""introduction":"薄皮からスープがあふれます。","photo_url":"https://images.kumiki.example/archive/archive_09.jpg","#
        + #""saved":true,"saved_at":"2024-05-01T12:00:00Z"}]}"#)
    #expect(json(saved.output(State(saved: .empty), CommandInput())) == #"{"items":[]}"#)
    #expect(failure(saved.output(State(saved: .failed("unreadable")), CommandInput())) == "unreadable")
  }

  @Test("the module is mounted as archive, a tab, and maps app events")
  func module() {
    let module = ArchiveFeature.module(
      client: fixtureClient(),
      saved: .init(
        save: { _ in }, unsave: { _ in nil }, list: { [] }, contains: { _ in false }, allIDs: { [] },
        observe: { AsyncThrowingStream { $0.finish() } }))
    #expect(module.key == "archive")
    #expect(module.title == "Archive")
    #expect(module.placement == .tab)
    #expect(module.receive?(.launch) == .launched)
    #expect(module.receive?(.appear) == .appeared)
    #expect(module.receive?(.refreshAll) == .refresh)
    #expect(module.receive?(.terminate) == .terminated)
  }
}
