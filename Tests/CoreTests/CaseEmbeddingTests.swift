import Core
import Synchronization
import Testing

/// `CaseEmbedding`: how a kit, told only the constructor of the case that carries its actions
/// (`action: Action.load`), finds out whether an action is that case (issue 39, item 2: no protocol to adopt), and
/// what it remembers so that asking about every action (every keystroke) stays cheap.
@Suite struct CaseEmbeddingTests {
  enum Inner: Equatable { case ping, value(Int), real(Double) }
  enum Outer: Equatable {
    case kit(Inner)
    case other(Inner)  // the same payload type in another case
    case pair(Int, Inner)
    case labeled(id: Int, Inner)
    case text(String)
    case plain
  }

  @Test func thePayloadOfTheCaseTheConstructorBuilds() {
    let kit = CaseEmbedding(Outer.kit)
    #expect(kit.extract(from: .kit(.value(3))) == .value(3))
    #expect(kit.extract(from: .kit(.ping)) == .ping)
  }

  @Test func anotherCaseIsNeverMistakenForIt() {
    let kit = CaseEmbedding(Outer.kit)
    #expect(kit.extract(from: .other(.ping)) == nil)
    #expect(kit.extract(from: .plain) == nil)
    #expect(kit.extract(from: .pair(1, .ping)) == nil)
    #expect(CaseEmbedding(Outer.other).extract(from: .kit(.ping)) == nil)
  }

  /// What it learns of one action holds for every later one, in any order: a case of the same payload type seen
  /// first (which tells it the kit's case), a case without that payload (remembered as not the kit's), then each
  /// again, with other values.
  @Test func whatItLearnsHoldsForLaterActions() {
    let kit = CaseEmbedding(Outer.kit)
    let other = CaseEmbedding(Outer.other)
    let actions: [Outer] = [
      .other(.ping), .text("a"), .plain, .kit(.value(1)), .other(.value(2)), .text("b"), .kit(.ping), .plain,
      .pair(3, .ping), .kit(.value(4)),
    ]
    for _ in 0..<2 {
      #expect(
        actions.map { kit.extract(from: $0) } == [nil, nil, nil, .value(1), nil, nil, .ping, nil, nil, .value(4)])
      #expect(actions.map { other.extract(from: $0) } == [.ping, nil, nil, nil, .value(2), nil, nil, nil, nil, nil])
    }
    // Asking only whether an action is the kit's case says what extracting says, before and after it is learnt.
    for _ in 0..<2 {
      let asking = CaseEmbedding(Outer.kit)
      #expect(actions.map { asking.matches($0) } == actions.map { kit.extract(from: $0) != nil })
    }
    #expect(CaseEmbedding(Outer.other).matches(.other(.ping)) && !CaseEmbedding(Outer.other).matches(.kit(.ping)))
    #expect(CaseEmbedding { (inner: Inner) in inner }.matches(Inner.value(7)))
    // Told by a sample, it knows the kit's case before any action, and says the same.
    for _ in 0..<2 {
      let told = CaseEmbedding(Outer.kit, sample: .ping)
      #expect(actions.map { told.matches($0) } == actions.map { kit.extract(from: $0) != nil })
      #expect(actions.map { told.extract(from: $0) } == actions.map { kit.extract(from: $0) })
    }
    #expect(CaseEmbedding({ (inner: Inner) in inner }, sample: .ping).matches(Inner.value(7)))
    // Learnt from a case without the payload type only: the kit's case is still found.
    let fresh = CaseEmbedding(Outer.kit)
    #expect(fresh.extract(from: .text("a")) == nil)
    #expect(fresh.extract(from: .plain) == nil)
    #expect(fresh.extract(from: .kit(.ping)) == .ping)
    #expect(fresh.extract(from: .text("a")) == nil)
  }

  /// The kit's action is taken as it is, not rebuilt and compared: a payload that equals nothing, not even itself
  /// (a NaN), is still the kit's.
  @Test func thePayloadIsNotComparedWithItself() {
    let kit = CaseEmbedding(Outer.kit)
    #expect(kit.extract(from: .kit(.ping)) == .ping)
    guard case .real(let value)? = kit.extract(from: .kit(.real(.nan))) else {
      Issue.record("the NaN action is the kit's")
      return
    }
    #expect(value.isNaN)
  }

  /// A case with two values (an id and the kit's action) is found from a constructor of two.
  @Test func aPayloadOfSeveralValuesIsATuple() {
    let pair = CaseEmbedding { (payload: (Int, Inner)) in Outer.pair(payload.0, payload.1) }
    #expect(pair.extract(from: .pair(4, .ping))?.0 == 4)
    #expect(pair.extract(from: .pair(4, .value(2)))?.1 == .value(2))
    #expect(pair.extract(from: .kit(.ping)) == nil)
    let labeled = CaseEmbedding { (payload: (Int, Inner)) in Outer.labeled(id: payload.0, payload.1) }
    #expect(labeled.extract(from: .labeled(id: 5, .ping))?.0 == 5)
    #expect(labeled.extract(from: .pair(5, .ping)) == nil)
    #expect(labeled.extract(from: .labeled(id: 6, .value(1)))?.0 == 6)
  }

  @Test func anActionThatIsTheKitsOwnIsItsOwnPayload() {
    let own = CaseEmbedding { (inner: Inner) in inner }
    #expect(own.extract(from: Inner.value(7)) == .value(7))
    #expect(own.extract(from: Inner.ping) == .ping)
  }

  /// Enums of every layout the compiler gives: a case behind a box (`indirect`), a generic enum, one of a single
  /// case, and one with case numbers from 64 up (not remembered as "not the kit's": answered all the same).
  @Test func everyLayoutOfEnum() {
    let tree = CaseEmbedding(Tree.kit)
    #expect(tree.extract(from: .node(.leaf, 1)) == nil)
    #expect(tree.extract(from: .kit(.value(2))) == .value(2))
    #expect(tree.extract(from: .leaf) == nil)

    let generic = CaseEmbedding(Generic<String>.kit)
    #expect(generic.extract(from: .value("a")) == nil)
    #expect(generic.extract(from: .kit(.ping)) == .ping)

    #expect(CaseEmbedding(Single.kit).extract(from: .kit(.value(5))) == .value(5))

    let many = CaseEmbedding(Many.kit)
    let late = CaseEmbedding(Many.late)
    for _ in 0..<2 {
      #expect(many.extract(from: .p63("x")) == nil)
      #expect(many.extract(from: .late(.ping)) == nil)
      #expect(many.extract(from: .kit(.ping)) == .ping)
      #expect(late.extract(from: .p0("x")) == nil)
      #expect(late.extract(from: .kit(.ping)) == nil)
      #expect(late.extract(from: .plain) == nil)
      #expect(late.extract(from: .late(.value(1))) == .value(1))
    }
  }

  /// An action type that is not an enum has no case: nothing is the kit's (what the reflection said before).
  @Test func anActionThatIsNoEnumIsNeverTheCase() {
    struct Plain: Equatable { var inner: Inner }
    #expect(CaseEmbedding { (inner: Inner) in Plain(inner: inner) }.extract(from: Plain(inner: .ping)) == nil)
  }

  /// The cost the kits pay on every action: once a case is known not to be the kit's, an action of that case is
  /// answered without reflecting it (before, each one was: a `Mirror`, about 13,000 instructions, per kit middleware per
  /// keystroke); the kit's own actions are reflected for their payload.
  @Test func anActionOfAKnownOtherCaseIsNotReflected() {
    let kit = CaseEmbedding(Outer.kit)
    #expect(kit.extract(from: .text("a")) == nil)
    #expect(kit.extract(from: .plain) == nil)
    let learnt = kit.reflections.load(ordering: .relaxed)
    for index in 0..<100 {
      #expect(kit.extract(from: .text("\(index)")) == nil)
      #expect(kit.extract(from: .plain) == nil)
    }
    #expect(kit.reflections.load(ordering: .relaxed) == learnt)
    #expect(kit.extract(from: .kit(.ping)) == .ping)
    #expect(kit.reflections.load(ordering: .relaxed) == learnt + 1)
  }

  /// The payload is read from the enum's layout, not from what the action says of itself: a custom mirror (which
  /// `Mirror(reflecting:)` would have used) can neither hide the kit's case nor pass another case off as it, and is
  /// never asked for.
  @Test func aCustomMirrorNeitherHidesNorFakesThePayload() {
    let kit = CaseEmbedding(Reflected.kit)
    let other = CaseEmbedding(Reflected.other)
    #expect(kit.extract(from: .kit(.value(1))) == .value(1))
    #expect(kit.extract(from: .other(.ping)) == nil)
    #expect(kit.extract(from: .plain) == nil)
    #expect(other.extract(from: .other(.ping)) == .ping)
    #expect(other.extract(from: .kit(.value(2))) == nil)
    #expect(Reflected.reflections.load(ordering: .relaxed) == 0)
  }

  /// The payload is copied out of the action, which is left as it was (the runtime's reflection borrows it): an object
  /// in a payload lives as long as its holders, no longer, however often it is asked about.
  @Test func aPayloadObjectIsNeitherKeptNorFreedEarly() {
    weak var watched: Token?
    do {
      let token = Token()
      watched = token
      let kit = CaseEmbedding(Holder.kit)
      for _ in 0..<100 {
        #expect(kit.extract(from: .kit(token)) === token)
        #expect(kit.extract(from: .other(token)) == nil)
        #expect(kit.extract(from: .plain) == nil)
      }
      #expect(watched != nil)
    }
    #expect(watched == nil)
  }

  /// One finder asked from many threads at once, before and while it learns (the kits' middlewares run wherever the
  /// store dispatches): every answer is right. (`make tsan` runs this suite under the thread sanitizer.)
  @Test func manyThreadsAskOneFinder() async {
    let kit = CaseEmbedding(Outer.kit)
    let actions: [Outer] = [.text("a"), .other(.ping), .kit(.value(1)), .plain, .pair(1, .ping), .kit(.ping)]
    let expected: [Inner?] = [nil, nil, .value(1), nil, nil, .ping]
    let wrong = await withTaskGroup(of: Int.self) { group in
      for start in 0..<8 {
        group.addTask {
          var wrong = 0
          for index in 0..<600 {
            let at = (start + index) % actions.count
            if kit.extract(from: actions[at]) != expected[at] { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
  }
}

private indirect enum Tree: Equatable {
  case leaf
  case node(Tree, Int)
  case kit(CaseEmbeddingTests.Inner)
}

private enum Generic<Value: Equatable>: Equatable {
  case value(Value)
  case kit(CaseEmbeddingTests.Inner)
}

private enum Single: Equatable { case kit(CaseEmbeddingTests.Inner) }

/// An object, equal only to itself.
private final class Token: Equatable, Sendable {
  static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
}

/// An action whose payloads are an object.
private enum Holder: Equatable {
  case kit(Token)
  case other(Token)
  case plain
}

/// An action whose mirror says otherwise than its layout: the kit's case shows no child, `other`'s shows `Inner.ping`
/// whatever it holds, `plain` shows a payload it does not have; and it counts how often it is asked for.
private enum Reflected: Equatable, CustomReflectable {
  case kit(CaseEmbeddingTests.Inner)
  case other(CaseEmbeddingTests.Inner)
  case plain

  static let reflections = Atomic<Int>(0)

  var customMirror: Mirror {
    Self.reflections.add(1, ordering: .relaxed)
    switch self {
    case .kit: return Mirror(self, unlabeledChildren: [Any](), displayStyle: .struct)
    case .other, .plain: return Mirror(self, unlabeledChildren: [CaseEmbeddingTests.Inner.ping], displayStyle: .enum)
    }
  }
}

/// An action with case numbers from 64 up: the cases with a payload are numbered first (`kit` is 0, `p0`…`p63` are
/// 1…64, `late` is 65), then the others (`plain` is 66).
private enum Many: Equatable {
  case kit(CaseEmbeddingTests.Inner)
  case p0(String), p1(String), p2(String), p3(String), p4(String), p5(String), p6(String), p7(String), p8(String)
  case p9(String), p10(String), p11(String), p12(String), p13(String), p14(String), p15(String), p16(String)
  case p17(String), p18(String), p19(String), p20(String), p21(String), p22(String), p23(String), p24(String)
  case p25(String), p26(String), p27(String), p28(String), p29(String), p30(String), p31(String), p32(String)
  case p33(String), p34(String), p35(String), p36(String), p37(String), p38(String), p39(String), p40(String)
  case p41(String), p42(String), p43(String), p44(String), p45(String), p46(String), p47(String), p48(String)
  case p49(String), p50(String), p51(String), p52(String), p53(String), p54(String), p55(String), p56(String)
  case p57(String), p58(String), p59(String), p60(String), p61(String), p62(String), p63(String)
  case late(CaseEmbeddingTests.Inner)
  case plain
}
