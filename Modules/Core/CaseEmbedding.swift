import Synchronization

/// The kits' one idiom on the action side: a kit is told the case of the feature's action that carries its actions
/// by the case's constructor (`Action.load`, `Action.save`), and finds out whether an action is that case from the
/// constructor alone — no protocol to adopt, no `var load: LoadAction?` to write.
///
/// A kit makes one when it is set up and asks it about every action the feature sees (every keystroke of a form
/// passes each kit's middleware), so a question costs a few loads, not a reflection: it reads the action's case
/// number (the enum's tag, from its type's value witnesses, as the runtime itself does for `switch`) and compares it
/// with what it learnt of earlier actions. What it learns, per case number, is whether that case carries a `Payload`
/// (the runtime's reflection of the enum's layout, as `Mirror` reads it: a case's one child is its payload) and,
/// once one does, which case the constructor builds: the case of `embed(payload)`. So another case with a payload of
/// the same type is never mistaken for it, and an action of the kit's case is read by reflection only for its
/// payload, never compared whole. The payload is read from the layout itself, not through `Mirror`: a
/// `CustomReflectable` action can neither hide nor fake it, and the first question of a process does not pay for
/// `Mirror`'s machinery (its children collection's generic metadata and a conformance check, ~2.8 M instructions at
/// first use: `Benchmarks/README.md`, issue 38 round 4). Each fact is learnt once and
/// never changes (a case's payload type is fixed), kept in atomics: any thread may ask. Case numbers from 64 up are
/// not remembered as "not the kit's" (each such action is reflected again), which only costs time.
///
/// An action that *is* the kit's action (`typealias Action = LoadAction<…>`, an identity constructor) is its own
/// payload. An action that is not an enum (a struct, an optional) is never the case.
package final class CaseEmbedding<Action: Equatable, Payload>: Sendable {
  /// The value witness that reads an enum value's case number (`getEnumTag(value, type)`).
  private typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  private let embed: @Sendable (Payload) -> Action
  /// Whether `Action` is (or converts to) `Payload`: the identity constructor's case.
  private let actionIsPayload: Bool
  /// `Action`'s value witness that reads the case number; `nil` when `Action` is not an enum.
  private let getEnumTag: GetEnumTag?
  /// The kit's case number + 1, once learnt; 0 before.
  private let kitCase = Atomic<UInt64>(0)
  /// Bit n: case n carries no `Payload`, so it is not the kit's (learnt for n < 64).
  private let otherCases = Atomic<UInt64>(0)
  /// How many actions it has read by reflection: what its tests check it saves.
  package let reflections = Atomic<Int>(0)

  /// A finder of the case `embed` builds. A kit that has a payload at hand (a loading screen's `.appear`) gives it
  /// as `sample`: the case is then learnt from `embed(sample)` at once, and ``matches(_:)`` never reflects an action
  /// (a first reflection costs first-use lookups, before a screen's first request).
  package init(_ embed: @escaping @Sendable (Payload) -> Action, sample: Payload? = nil) {
    self.embed = embed
    actionIsPayload = Action.self is Payload.Type
    getEnumTag = Self.enumTagWitness()
    if let sample, !actionIsPayload, let kit = tag(of: embed(sample)) {
      kitCase.store(UInt64(kit) + 1, ordering: .relaxed)
    }
  }

  /// The payload of `action` when `action` is the case the constructor builds, else `nil`.
  package func extract(from action: Action) -> Payload? {
    if actionIsPayload { return identity(action) }
    guard let tag = tag(of: action) else { return nil }
    let kit = kitCase.load(ordering: .relaxed)
    if kit != 0 {
      guard UInt64(tag) + 1 == kit else { return nil }
    } else if tag < 64, otherCases.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 {
      return nil
    }
    return reflect(action, tag: tag)
  }

  /// Whether `action` is the case the constructor builds (`extract(from:) != nil`), for a kit that only asks: once
  /// the kit's case number is learnt, a comparison of case numbers, without reflecting the action for its payload
  /// (a loaded screen's whole content, on the way from the answers to the output).
  package func matches(_ action: Action) -> Bool {
    if !actionIsPayload, let tag = tag(of: action) {
      let kit = kitCase.load(ordering: .relaxed)
      if kit != 0 { return UInt64(tag) + 1 == kit }
    }
    return extract(from: action) != nil
  }

  /// `action` as its own payload, when the constructor builds it again from itself. Out of line, as `reflect`: the
  /// generic casts' metadata is looked up only on these paths, not on every action's.
  @inline(never)
  private func identity(_ action: Action) -> Payload? {
    guard let payload = action as? Payload, embed(payload) == action else { return nil }
    return payload
  }

  /// The payload of `action` (of case `tag`) by reflection, learning what its case is: one that carries no
  /// `Payload` is not the kit's; one that does tells, by the case `embed` builds from it, which case is.
  @inline(never)
  private func reflect(_ action: Action, tag: UInt32) -> Payload? {
    reflections.add(1, ordering: .relaxed)
    guard let payload = Self.payload(of: action) as? Payload else {
      if tag < 64 { otherCases.bitwiseOr(1 << UInt64(tag), ordering: .relaxed) }
      return nil
    }
    guard let kit = self.tag(of: embed(payload)) else { return nil }
    kitCase.store(UInt64(kit) + 1, ordering: .relaxed)
    return kit == tag ? payload : nil
  }

  /// The payload of `action`, an enum value (a tuple for a case of several values), or `nil` for a case without one:
  /// what `Mirror(reflecting: action).children.first?.value` is for an enum that is not `CustomReflectable`, read by
  /// the same runtime functions `Mirror` calls.
  private static func payload(of action: Action) -> Any? {
    let type: Any.Type = Action.self
    guard reflectedChildCount(action, type: type) == 1 else { return nil }
    var name: UnsafePointer<CChar>? = nil
    var free: ReflectedNameFree? = nil
    let payload = reflectedChild(of: action, type: type, index: 0, outName: &name, outFreeFunc: &free)
    free?(name)
    return payload
  }

  /// The case number of `value`, or `nil` when `Action` is not an enum.
  private func tag(of value: Action) -> UInt32? {
    guard let getEnumTag else { return nil }
    let type = unsafeBitCast(Action.self as Any.Type, to: UnsafeRawPointer.self)
    return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), type) }
  }

  /// `Action`'s `getEnumTag` value witness, when `Action` is an enum (metadata kind 0x201; an optional is 0x202, a
  /// struct 0x200, a class's first word is its isa pointer). The enum value witness table is the value witness table
  /// (eight functions, size, stride, flags and extra inhabitant count: 10 words and 8 bytes) followed by
  /// `getEnumTag` — the layout of Swift's stable ABI (`swift/ABI/ValueWitnessTable.h`).
  private static func enumTagWitness() -> GetEnumTag? {
    let type = unsafeBitCast(Action.self as Any.Type, to: UnsafeRawPointer.self)
    guard type.load(as: Int.self) == 0x201 else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = type.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    return witnesses.load(fromByteOffset: 10 * word + 8, as: GetEnumTag.self)
  }
}

/// How the runtime's reflection frees a child's name it made (`nil` for an enum case's name, which it does not).
private typealias ReflectedNameFree = @convention(c) (UnsafePointer<CChar>?) -> Void

/// The number of children of `value` of dynamic type `type`: for an enum, 1 when its case carries a payload, else 0.
/// The Swift runtime's function behind `Mirror` (declared so in the standard library's `ReflectionMirror.swift`; the
/// standard library and runtime are linked into the apps together).
@_silgen_name("swift_reflectionMirror_count")
private func reflectedChildCount<T>(_ value: T, type: Any.Type) -> Int

/// Child `index` of `value` of dynamic type `type`: for an enum, its case's payload (copied out, the value left as it
/// was), and the case's name in `outName`. The runtime's function behind `Mirror.children` (as above).
@_silgen_name("swift_reflectionMirror_subscript")
private func reflectedChild<T>(
  of value: T, type: Any.Type, index: Int, outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<ReflectedNameFree?>
) -> Any
