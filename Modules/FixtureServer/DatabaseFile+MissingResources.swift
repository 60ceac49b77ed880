import FixtureData

extension DatabaseFile {
  /// Loads the file (``load()``) and adds the top-level resources of `sample` that it lacks: how a data file made
  /// before a feature was added gains the feature's collection (``FixtureServer/Configuration/addsMissingResources``).
  ///
  /// Only a key the file does not have is added, in `sample`'s order after the file's own: every key the file has
  /// keeps its value (a list the user emptied stays empty). The additions are written after the file's last member,
  /// indented as a save indents them, so every byte of the file before its closing brace stays as it was; the text is
  /// parsed again and saved (atomically, ``save(bytes:)``) only when it reads as the file plus the additions, else the
  /// whole data is saved as any write saves it. Nothing is saved when nothing is missing or `saving` is false. `log`
  /// gets one line naming what was added, and one saying why it was not saved when the save fails: the additions are
  /// then served without being saved, and the file is unchanged.
  /// - Throws: ``FixtureDatabaseError`` when the file does not load (as ``load()``).
  func addMissingResources(
    of sample: FixtureDatabase, saving: Bool, log: @Sendable (String) -> Void
  ) throws(FixtureDatabaseError) -> FixtureDatabase {
    let bytes = try read()
    let loaded = try FixtureDatabase(json: bytes)
    let missing = sample.root.members.filter { loaded.root[$0.key] == nil }
    guard !missing.isEmpty else { return loaded }
    var database = loaded
    for member in missing { database.root[member.key] = member.value }
    let names = missing.map { VisibleText.shown($0.key) }.joined(separator: ", ")
    guard saving else {
      log("serving the sample data's \(names), which \(url.path) lacks (read-only: not saved)")
      return database
    }
    var text = Self.appending(missing, to: bytes, afterMembers: !loaded.root.members.isEmpty)
    if let appended = text, (try? FixtureDatabase(json: appended)) != database { text = nil }
    do {
      try save(bytes: text ?? Self.bytes(of: database))
      log("added the sample data's \(names) to \(url.path), which lacked them (every other key is as it was)")
    } catch {
      log("serving the sample data's \(names), which \(url.path) lacks, without saving them: \(error)")
    }
    return database
  }

  /// `bytes` (the text of a JSON object) with `members` written after its last member, before its closing brace,
  /// indented as a save indents them; `afterMembers` says whether the object has members (then a comma goes
  /// first). What follows the closing brace is kept. `nil` when the text does not end in a closing brace (and
  /// whitespace).
  static func appending(_ members: [JSONObject.Member], to bytes: [UInt8], afterMembers: Bool) -> [UInt8]? {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    guard let brace = bytes.lastIndex(where: { !isSpace($0) }), bytes[brace] == UInt8(ascii: "}") else { return nil }
    var end = brace
    while end > bytes.startIndex, isSpace(bytes[end - 1]) { end -= 1 }
    // `{\n  "name": value,\n  …\n}`: its members, indented by two spaces, each line after a newline.
    let object = JSONWriter(prettyPrinted: true).bytes(of: .object(JSONObject(members.map { ($0.key, $0.value) })))
    return Array(bytes[..<end]) + (afterMembers ? [UInt8(ascii: ",")] : []) + object.dropFirst() + bytes[(brace + 1)...]
  }
}
