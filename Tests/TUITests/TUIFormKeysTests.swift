import FeatureKit
import FormKit
import Presentation
import Terminal
import Testing

@testable import TUI

/// A form from FeatureKit's form kit in the TUI, with nothing of the TUI's own for it: every kind is used with the
/// keyboard (a text field typed into, a choice picked among its chips with the arrows and Enter, a toggle switched
/// with Space), and Ctrl-C quits even with a field focused and edited, where `q` is typed.
@Suite struct TUIFormKeysTests {
  static let fields: [FormField] = [
    FormField("email", label: "Email", rules: "required, with an @", sample: "ann@example.com"),
    FormField("plan", .choice(["free", "pro"]), label: "Plan", rules: "free or pro", sample: "free"),
    FormField("news", .toggle, label: "Send me news", rules: "optional", sample: "true", required: false),
  ]

  func driver() throws -> TUIStateTests.Driver {
    let module = FeatureModule.form(
      FeatureDescription.form(key: "signup", title: "Signup", fields: Self.fields), fields: Self.fields
    ) { $0 }
    return try TUIStateTests.Driver(TestApp(features: [module.erased]))
  }

  static func edited(_ key: String, _ value: String) -> TUICommand {
    .dispatch(.feature(slot: 0, action: FormAction.edited(key, value)))
  }

  func form(_ driver: TUIStateTests.Driver) -> Form? { driver.fixture.app.store.state["signup", as: Form.self] }

  @Test func theFirstFocusIsTheTextFieldWhereQIsTypedAndCtrlCQuits() throws {
    var driver = try driver()
    #expect(driver.focused.kind == .textField)
    driver.press(.enter)
    #expect(driver.type("q") == [Self.edited("email", "q")])
    #expect(form(driver)?.draft["email"] == "q")
    #expect(driver.press(.character("c"), .control) == [.quit])
  }

  @Test func arrowsMoveAlongTheChoiceAndEnterPicksIt() throws {
    var driver = try driver()
    try driver.focus { $0.kind == .chip && $0.label == "free" }
    driver.press(.right)
    #expect(driver.focused.label == "pro")
    #expect(driver.press(.enter) == [Self.edited("plan", "pro")])
    #expect(form(driver)?.draft["plan"] == "pro")
  }

  @Test func spaceSwitchesTheToggleOnAndOff() throws {
    var driver = try driver()
    try driver.focus { $0.kind == .toggle }
    #expect(driver.type(" ") == [Self.edited("news", "true")])
    #expect(form(driver)?.draft["news"] == "true")
    #expect(driver.type(" ") == [Self.edited("news", "false")])
    #expect(form(driver)?.draft["news"] == "false")
  }
}
