import Foundation
import Presentation

/// Splits text into spans with every occurrence of the keyword highlighted, matched case-insensitively as the API's
/// `q` does.
public enum ArchiveHighlight {
  /// `text` as spans: runs of `style`, and each occurrence of `keyword` as `.highlight`. An empty keyword
  /// highlights nothing.
  public static func spans(_ text: String, keyword: String, style: TextStyle = .body) -> [TextSpan] {
    guard !keyword.isEmpty, !text.isEmpty else { return text.isEmpty ? [] : [TextSpan(text, style)] }
    var spans: [TextSpan] = []
    var rest = text[...]
    while let match = rest.range(of: keyword, options: .caseInsensitive) {
      if match.lowerBound > rest.startIndex { spans.append(TextSpan(String(rest[..<match.lowerBound]), style)) }
      spans.append(TextSpan(String(rest[match]), .highlight))
      rest = rest[match.upperBound...]
    }
    if !rest.isEmpty { spans.append(TextSpan(String(rest), style)) }
    return spans
  }
}
