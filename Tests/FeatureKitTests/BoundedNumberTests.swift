import FeatureKit
import Testing

/// Numbers from outside (environment, options, API answers) are read in one place, bounded, never trapping.
@Suite struct BoundedNumberTests {
  @Test(arguments: ["1", " 42 ", "+7", "-3", "1000000"])
  func wholeNumbersInRangeAreRead(text: String) throws {
    let value = try BoundedNumber.integer(text, in: -10...1_000_000).get()
    #expect(value == Int(text.trimmingCharacters(in: .whitespaces)))
  }

  @Test(arguments: ["", "abc", "1.5", "0x10", "1e3", "--1", "１２", "nan", "inf", "1 2", "\u{0}1"])
  func nonNumbersAreRefused(text: String) {
    #expect(BoundedNumber.integer(text, in: 0...100) == .failure(.notANumber(text)))
  }

  @Test(arguments: ["461168601842738790", "9223372036854775808", "99999999999999999999999", "-5", "101"])
  func outOfRangeAndOverflowingNumbersNameTheRange(text: String) {
    #expect(BoundedNumber.integer(text, in: 0...100) == .failure(.outOfRange(text, "0...100")))
  }

  @Test func secondsBecomeMillisecondsAndHugeValuesAreOutOfRange() throws {
    #expect(try BoundedNumber.seconds("2.5", in: 0...60).get() == .milliseconds(2500))
    #expect(try BoundedNumber.seconds("1e1", in: 0...60).get() == .seconds(10))
    #expect(try BoundedNumber.seconds("0.0001", in: 0...60, roundingUp: true).get() == .milliseconds(1))
    for text in ["1e16", "1e300", "1e400", "-1", "61"] {
      #expect(BoundedNumber.seconds(text, in: 0...60) == .failure(.outOfRange(text, "0...60 seconds")))
    }
    for text in ["nan", "inf", "-inf", "infinity", "0x1p3", "1e", ".", "", "1,5"] {
      #expect(BoundedNumber.seconds(text, in: 0...60) == .failure(.notANumber(text)))
    }
  }

  @Test func multiplyAddReportsOverflowInsteadOfTrapping() {
    #expect(BoundedNumber.multiplyAdd(3, 20, 1) == 61)
    #expect(BoundedNumber.multiplyAdd(461_168_601_842_738_790, 20, 20) == nil)  // the audit's page: the sum overflows
    #expect(BoundedNumber.multiplyAdd(461_168_601_842_738_791, 20, 0) == nil)
    #expect(BoundedNumber.multiplyAdd(Int.max / 20, 20, Int.max) == nil)
  }

  @Test func clampedKeepsAValueInsideARange() {
    #expect(Int.max.clamped(to: 1...10) == 10)
    #expect(Int.min.clamped(to: 1...10) == 1)
    #expect(5.clamped(to: 1...10) == 5)
  }
}
