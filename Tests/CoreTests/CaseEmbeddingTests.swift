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
    case labeled(id: Int, Inner)
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

  /// A case with two values (a keyed write: the key and the kit's action) is found from a constructor of two.
  @Test func aPayloadOfSeveralValuesIsATuple() {
    let pair = { (payload: (Int, Inner)) in Outer.pair(payload.0, payload.1) }
    #expect(CaseEmbedding.extract(pair, from: .pair(4, .ping))?.0 == 4)
    #expect(CaseEmbedding.extract(pair, from: .pair(4, .value(2)))?.1 == .value(2))
    #expect(CaseEmbedding.extract(pair, from: .kit(.ping)) == nil)
    let labeled = { (payload: (Int, Inner)) in Outer.labeled(id: payload.0, payload.1) }
    #expect(CaseEmbedding.extract(labeled, from: .labeled(id: 5, .ping))?.0 == 5)
    #expect(CaseEmbedding.extract(labeled, from: .pair(5, .ping)) == nil)
  }

  @Test func anActionThatIsTheKitsOwnIsItsOwnPayload() {
    #expect(CaseEmbedding.extract({ (inner: Inner) in inner }, from: Inner.value(7)) == .value(7))
    #expect(CaseEmbedding.extract({ (inner: Inner) in inner }, from: Inner.ping) == .ping)
  }
}
