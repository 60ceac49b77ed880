/// Layout helpers by display width (see `displayWidth(of:)`); none ever splits a wide character.
extension StringProtocol {
  /// The text cut to at most `width` columns. When it doesn't fit, as many whole characters as fit
  /// in `width - displayWidth(of: ellipsis)` columns are kept and `ellipsis` is appended; a wide
  /// character that would straddle the limit is dropped whole (the result may then be one column
  /// narrower than `width`). Returns "" for `width <= 0`; an ellipsis wider than `width` is cut too.
  /// The default ellipsis is ASCII: "…" is East Asian Ambiguous and may be 2 columns in CJK terminals.
  public func truncated(toWidth width: Int, ellipsis: String = "...") -> String {
    guard width > 0 else { return "" }
    if displayWidth(of: self) <= width { return String(self) }
    let ellipsisWidth = displayWidth(of: ellipsis)
    guard ellipsisWidth <= width else { return ellipsis.prefix(fittingWidth: width) }
    return prefix(fittingWidth: width - ellipsisWidth) + ellipsis
  }

  /// The text followed by spaces up to `width` columns (`alignment` `.trailing` puts them before,
  /// `.center` splits them, the extra one on the right). Text already `width` or wider is returned as is.
  public func padded(toWidth width: Int, alignment: TextAlignment = .leading) -> String {
    let missing = width - displayWidth(of: self)
    guard missing > 0 else { return String(self) }
    switch alignment {
    case .leading: return self + String(repeating: " ", count: missing)
    case .trailing: return String(repeating: " ", count: missing) + self
    case .center:
      let left = missing / 2
      return String(repeating: " ", count: left) + self + String(repeating: " ", count: missing - left)
    }
  }

  /// Exactly `width` columns when possible: `truncated(toWidth:ellipsis:)`, then `padded(toWidth:alignment:)`.
  public func fitted(toWidth width: Int, ellipsis: String = "...", alignment: TextAlignment = .leading) -> String {
    truncated(toWidth: width, ellipsis: ellipsis).padded(toWidth: width, alignment: alignment)
  }

  /// The longest prefix of whole characters whose display width is at most `width`.
  func prefix(fittingWidth width: Int) -> String {
    var used = 0
    var end = startIndex
    for index in indices {
      let characterWidth = displayWidth(of: self[index])
      if used + characterWidth > width { break }
      used += characterWidth
      end = self.index(after: index)
    }
    return String(self[startIndex..<end])
  }
}
