extension FixtureDatabase {
  /// The names of the list resources (array values), in file order.
  public var listNames: [String] {
    root.members.compactMap { member in
      if case .array = member.value { member.key } else { nil }
    }
  }

  /// This data with the selected lists emptied; singular resources and other lists keep their values.
  /// - Throws: ``FixtureDatabaseError/notAList(_:lists:)`` for a name that is not one of its lists (nothing is
  ///   emptied then).
  public func emptying(_ lists: ListSelection) throws(FixtureDatabaseError) -> FixtureDatabase {
    var changed = self
    for name in lists.names(in: self) {
      guard case .array = root[name] else { throw .notAList(name, lists: listNames) }
      changed.root[name] = .array([])
    }
    return changed
  }

  /// This data with each member of `resources` served in place of the resource of its name (a new name adds a
  /// resource); the rest is kept, in file order.
  public func replacing(with resources: JSONObject) -> FixtureDatabase {
    var changed = self
    for member in resources.members { changed.root[member.key] = member.value }
    return changed
  }
}
