import FixtureData

/// The body of the `huge-body` fault, described by a few pieces and produced chunk by chunk: a body of many
/// megabytes costs the server one chunk of memory at a time, never the whole text.
///
/// Built by ``FaultBodies/huge(_:minimumBytes:)``; its length is known before the first byte is produced, so the
/// answer still carries a `Content-Length`.
struct HugeBody: Sendable {
  /// One element of a repeated list: its text before its integer id, the id, and the text after it. An element
  /// without an integer id is all `before`, with `id` `nil` and `after` empty.
  struct Template: Sendable {
    var before: [UInt8]
    var id: Int?
    var after: [UInt8]
  }

  /// How the body is made.
  enum Layout: Sendable {
    /// `before`, a JSON string of `padding` letters `x`, then `after`.
    case padded(before: [UInt8], padding: Int, after: [UInt8])
    /// `[`, then `copies` copies of the templates, separated by commas, then `]`. Copy `k` adds `k × stride` to
    /// every id.
    case repeated(templates: [Template], stride: Int, copies: Int)
  }

  /// What the body is made of.
  let layout: Layout
  /// The exact length of the body in bytes.
  let count: Int

  init(_ layout: Layout) {
    self.layout = layout
    switch layout {
    case .padded(let before, let padding, let after):
      count = before.count + padding + 2 + after.count
    case .repeated(let templates, let stride, let copies):
      count = 2 + (0..<copies).reduce(0) { $0 + Self.length(ofCopy: $1, templates, stride: stride) }
    }
  }

  /// The number of bytes copy `copy` of `templates` adds to a list, its commas included.
  static func length(ofCopy copy: Int, _ templates: [Template], stride: Int) -> Int {
    var length = copy == 0 ? templates.count - 1 : templates.count
    for template in templates {
      length += template.before.count
      if let id = template.id { length += digitCount(id + copy * stride) + template.after.count }
    }
    return length
  }

  /// Every byte at once; for tests, the server sends ``chunks(ofSize:)``.
  var bytes: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(count)
    var chunks = chunks(ofSize: 1 << 16)
    while let chunk = chunks.next() { output.append(contentsOf: chunk) }
    return output
  }

  /// The body in pieces of at least `size` bytes (the last one may be shorter).
  func chunks(ofSize size: Int) -> Chunks {
    Chunks(layout: layout, size: max(1, size))
  }

  /// Produces a ``HugeBody`` in chunks, from its layout.
  struct Chunks: IteratorProtocol, Sendable {
    private let layout: Layout
    private let size: Int
    /// The next piece to emit: for `.padded`, 0 before, 1 the padding, 2 after; for `.repeated`, the index of the
    /// next element counted across copies, `-1` before `[`.
    private var position = -1
    private var paddingLeft = 0
    private var finished = false

    fileprivate init(layout: Layout, size: Int) {
      self.layout = layout
      self.size = size
      if case .padded(_, let padding, _) = layout { paddingLeft = padding }
    }

    mutating func next() -> [UInt8]? {
      guard !finished else { return nil }
      var chunk: [UInt8] = []
      chunk.reserveCapacity(size + 4096)
      switch layout {
      case .padded(let before, _, let after):
        fillPadded(&chunk, before: before, after: after)
      case .repeated(let templates, let stride, let copies):
        fillRepeated(&chunk, templates: templates, stride: stride, copies: copies)
      }
      return chunk.isEmpty && finished ? nil : chunk
    }

    private mutating func fillPadded(_ chunk: inout [UInt8], before: [UInt8], after: [UInt8]) {
      if position == -1 {
        chunk.append(contentsOf: before)
        chunk.append(UInt8(ascii: "\""))
        position = 0
      }
      let letters = min(paddingLeft, max(0, size - chunk.count))
      chunk.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: letters))
      paddingLeft -= letters
      if paddingLeft == 0 {
        chunk.append(UInt8(ascii: "\""))
        chunk.append(contentsOf: after)
        finished = true
      }
    }

    private mutating func fillRepeated(_ chunk: inout [UInt8], templates: [Template], stride: Int, copies: Int) {
      if position == -1 {
        chunk.append(UInt8(ascii: "["))
        position = 0
      }
      let total = templates.count * copies
      while chunk.count < size, position < total {
        let (copy, index) = position.quotientAndRemainder(dividingBy: templates.count)
        let template = templates[index]
        if position > 0 { chunk.append(UInt8(ascii: ",")) }
        chunk.append(contentsOf: template.before)
        if let id = template.id {
          chunk.append(contentsOf: String(id + copy * stride).utf8)
          chunk.append(contentsOf: template.after)
        }
        position += 1
      }
      if position == total {
        chunk.append(UInt8(ascii: "]"))
        finished = true
      }
    }
  }

  /// The length of `value` written in decimal, its sign included.
  static func digitCount(_ value: Int) -> Int {
    var magnitude = value.magnitude
    var digits = value < 0 ? 2 : 1
    while magnitude >= 10 {
      magnitude /= 10
      digits += 1
    }
    return digits
  }
}
