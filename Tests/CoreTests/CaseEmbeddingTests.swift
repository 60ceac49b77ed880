import Core
import Testing

/// `CaseEmbedding.extract`: how a kit, told only the constructor of the case that carries its actions
/// (`action: Action.load`), finds out whether an action is that case (issue 39, item 2: no protocol to adopt).
@Suite struct CaseEmbeddingTests {
  enum Inner: Equatable { case ping, value(Int) }
  enum Outer: Equatable {
    case kit(Inner)
    case other(Inner)  // the same payload type in another case
    case pair(Int, Inner)
    case plain
  }

  @Test func thePayloadOfTheCaseTheConstructorBuilds() {
    #expect(CaseEmbedding.extract(Outer.kit, from: .kit(.value(3))) == .value(3))
    #expect(CaseEmbedding.extract(Outer.kit, from: .kit(.ping)) == .ping)
  }

  @Test func anotherCaseIsNeverMistakenForIt() {
    #expect(CaseEmbedding.extract(Outer.kit, from: .other(.ping)) == nil)
    #expect(CaseEmbedding.extract(Outer.kit, from: .plain) == nil)
    #expect(CaseEmbedding.extract(Outer.kit, from: .pair(1, .ping)) == nil)
    #expect(CaseEmbedding.extract(Outer.other, from: .kit(.ping)) == nil)
  }

  @Test func anActionThatIsTheKitsOwnIsItsOwnPayload() {
    #expect(CaseEmbedding.extract({ (inner: Inner) in inner }, from: Inner.value(7)) == .value(7))
    #expect(CaseEmbedding.extract({ (inner: Inner) in inner }, from: Inner.ping) == .ping)
  }
}
