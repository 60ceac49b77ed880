import Testing

@testable import CLI

@Suite struct ConfirmationTests {
  @Test func onlyYOrYesConfirms() {
    for answer in ["y", "Y", "yes", " YES ", "Yes"] { #expect(Confirmation.isYes(answer), "\(answer)") }
    for answer in ["", "n", "no", "yess", "ok", "y y"] { #expect(!Confirmation.isYes(answer), "\(answer)") }
  }
}
