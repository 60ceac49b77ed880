import FeatureKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// The outbox list resolves a held change as `kumiki outbox retry ID` and `discard ID` do (issue 36, item 2: both
/// apps show it): the TUI chooses the change and asks before a discard; the app's own code does the rest
/// (`TUIOptions.resolveOutbox`, given `LiveApp.retryOutboxEntry` / `discardOutboxEntry` by kumiki-tui).
extension TUIStateTests {
  static let heldOutbox = TUIOutbox(
    status: "1 change waiting to send - 2 conflicts",
    lines: [
      "3  conflict  PATCH notes/3 (nickname)  (changed on the server since (412), nothing written)",
      "4  pending  PATCH notes/1 (title)  (could not connect)",
      "7  conflict  PATCH notes/3 (bio)  (changed on the server since (412), nothing written)",
    ], ids: [3, 4, 7])

  @Test("in the outbox list, Down chooses a change, r retries it, d asks first and discards it on y")
  func outboxListRetriesAndDiscardsTheChosenChange() throws {
    var driver = try Driver()
    driver.state.outbox = Self.heldOutbox
    driver.type("o")
    var screen = Self.screen(driver)
    #expect(screen.contains("> 3  conflict  PATCH notes/3 (nickname)"), "\(screen)")
    #expect(screen.contains("r retry (a conflict: keep yours) - d discard (take theirs) - Esc closes"), "\(screen)")
    #expect(screen.contains("r:retry") && screen.contains("d:discard"), "the hints: \(screen)")

    #expect(driver.type("r") == [.resolveOutbox(3, .retry)])
    #expect(driver.state.message == "Sending change 3 again...")
    #expect(driver.state.isOutboxVisible, "the list stays, to show what became of the change")

    driver.press(.down)
    driver.press(.down)
    screen = Self.screen(driver)
    #expect(screen.contains("> 7  conflict") && screen.contains("  3  conflict"), "\(screen)")
    #expect(driver.type("d") == [], "a discard asks first")
    #expect(driver.state.confirmation == .discardOutboxEntry(7))
    screen = Self.screen(driver)
    #expect(screen.contains("Discard change 7? It will never be sent."), "\(screen)")
    #expect(driver.press(.enter) == [], "it opens on the safe choice: Enter keeps the change")
    #expect(driver.state.confirmation == nil && driver.state.isOutboxVisible)
    driver.type("d")
    #expect(driver.type("n") == [])
    driver.type("d")
    #expect(driver.type("y") == [.resolveOutbox(7, .discard)])
    #expect(driver.state.message == "Discarding change 7...")
    #expect(driver.state.isOutboxVisible)

    driver.press(.home)
    #expect(driver.state.outboxSelection == 0)
    driver.press(.end)
    #expect(driver.state.outboxSelection == 2)
    driver.press(.down)
    #expect(driver.state.outboxSelection == 2, "the last line stays chosen")
    driver.press(.escape)
    #expect(!driver.state.isOutboxVisible)
    driver.type("o")
    #expect(driver.state.outboxSelection == 0, "the list reopens on its first change")
  }

  @Test("a conflict's notice says the list's keys (TUIOutbox.actions), not the CLI's commands, and they do it")
  func outboxActionsNameTheKeysThatResolveTheChange() throws {
    let actions = TUIOutbox.actions(7)
    #expect(actions.retry == "r on change 7 in the outbox list (o)")
    #expect(actions.discard == "d on change 7")
    var driver = try Driver()
    driver.state.outbox = Self.heldOutbox
    driver.type("o")
    driver.press(.end)  // change 7's line
    #expect(driver.type("r") == [.resolveOutbox(7, .retry)])
    driver.type("d")
    #expect(driver.type("y") == [.resolveOutbox(7, .discard)])
  }

  @Test("a change held behind an unreadable one: its line says so in words the list's d goes by, and d on it drops it")
  func aChangeHeldBehindAnUnreadableOneIsFreedWithD() throws {
    // What the query layer tells kumiki-tui when a change waits behind it (`QueryCacheConfiguration.outboxActions`
    // with `TUIOutbox.actions`: `OutboxRowTests`).
    var driver = try Driver()
    driver.state.outbox = TUIOutbox(
      status: "1 change waiting to send - 1 unreadable",
      lines: [
        "unreadable entry #3: createdAt is text, not a time",
        "4  pending  PATCH notes/1 (title)  (held behind unreadable entry #3 until it is discarded)",
      ], ids: [3, 4])
    driver.type("o")
    let screen = Self.screen(driver)
    #expect(screen.contains("held behind unreadable entry #3 until it is discarded"), "\(screen)")
    #expect(!screen.contains("kumiki outbox"), "no other app's command: \(screen)")
    #expect(driver.type("d") == [])
    #expect(driver.type("y") == [.resolveOutbox(3, .discard)])
  }

  @Test("the chosen line follows its change when the outbox changes, and stays in the list when it goes")
  func outboxChoiceFollowsItsChange() throws {
    var driver = try Driver()
    driver.state.outbox = Self.heldOutbox
    driver.type("o")
    driver.press(.down)  // change 4
    var outbox = Self.heldOutbox
    outbox.lines.removeFirst()
    outbox.ids.removeFirst()
    driver.state.noteOutbox(outbox)  // change 3 sent: change 4 is the first line now
    #expect(driver.state.outboxSelection == 0)
    #expect(driver.type("r") == [.resolveOutbox(4, .retry)])
    driver.press(.down)  // change 7
    outbox.lines.removeLast()
    outbox.ids.removeLast()
    driver.state.noteOutbox(outbox)  // change 7 discarded: the last line left is chosen
    #expect(driver.state.outboxSelection == 0)
    driver.state.noteOutbox(TUIOutbox(status: nil, lines: [], ids: []))
    #expect(driver.type("r") == [] && driver.type("d") == [])
    #expect(driver.state.confirmation == nil)
    #expect(Self.screen(driver).contains("No change waits to send."))
  }

  @Test("a long outbox list scrolls to the chosen change; a list without ids stays read-only")
  func outboxChoiceScrollsAndAListWithoutIDsIsReadOnly() throws {
    var driver = try Driver(size: Size(width: 60, height: 12))
    let lines = (1...40).map { "entry \($0 < 10 ? "0" : "")\($0)  PATCH item" }
    driver.state.outbox = TUIOutbox(status: "40 changes waiting to send", lines: lines, ids: (1...40).map(Int64.init))
    driver.type("o")
    driver.press(.end)
    var screen = Self.screen(driver)
    #expect(screen.contains("> entry 40") && !screen.contains("entry 01"), "\(screen)")
    #expect(driver.type("r") == [.resolveOutbox(40, .retry)])
    driver.press(.pageUp)
    screen = Self.screen(driver)
    #expect(driver.state.outboxSelection < 39 && screen.contains("> entry"), "\(screen)")
    driver.type("g")
    #expect(Self.screen(driver).contains("> entry 01"))

    driver.press(.escape)
    driver.state.noteOutbox(TUIOutbox(status: "1 change waiting to send", lines: ["1  pending  PATCH notes"]))
    driver.type("o")
    screen = Self.screen(driver)
    #expect(!screen.contains("> 1") && screen.contains("kumiki outbox discard ID drops one"), "\(screen)")
    #expect(!screen.contains("r:retry"), "\(screen)")
    #expect(driver.type("r") == [] && driver.type("d") == [] && driver.state.confirmation == nil)
  }

  @Test("time travel leaves the outbox as it is: r and d do nothing while DevTools shows history")
  func outboxChoicesWaitForTheLiveApp() throws {
    var driver = try Driver()
    driver.fixture.app.store.dispatch(.app(.refreshAll))
    driver.type("d[")  // DevTools, one step back
    #expect(driver.state.isTimeTravelling)
    driver.state.outbox = Self.heldOutbox
    driver.type("o")
    #expect(driver.type("r") == [] && driver.type("d") == [])
    #expect(driver.state.confirmation == nil)
    #expect(driver.state.message == "Time travel is read-only: press G to resume")
  }
}
