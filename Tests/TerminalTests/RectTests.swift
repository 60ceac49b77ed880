import Testing

@testable import Terminal

@Suite("Rect")
struct RectTests {
  @Test("negative sizes clamp to empty")
  func clamps() {
    let rect = Rect(x: 2, y: 3, width: -4, height: 5)
    #expect(rect.width == 0)
    #expect(rect.isEmpty)
  }

  @Test("intersection and containment")
  func intersection() {
    let a = Rect(x: 0, y: 0, width: 10, height: 5)
    let b = Rect(x: 8, y: 3, width: 10, height: 10)
    #expect(a.intersection(b) == Rect(x: 8, y: 3, width: 2, height: 2))
    #expect(a.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
    #expect(a.contains(x: 9, y: 4))
    #expect(!a.contains(x: 10, y: 4))
    #expect(a.insetBy(1) == Rect(x: 1, y: 1, width: 8, height: 3))
    #expect(a.insetBy(3).isEmpty)
  }

  @Test("extreme coordinates saturate instead of trapping")
  func extremes() {
    let huge = Rect(x: Int.max - 1, y: Int.max, width: Int.max, height: Int.max)
    #expect(huge.maxX == Int.max)
    #expect(huge.intersection(Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    #expect(Rect(x: Int.min, y: 0, width: 5, height: 1).maxX == Int.min + 5)
  }
}
