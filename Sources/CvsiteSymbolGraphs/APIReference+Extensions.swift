/// A catalog's page that documents a symbol (titled ``` # ``Module/Type`` ```): its text
/// joins what the symbol's documentation comment says, after it (`mergeBehavior:
/// append`, DocC's default) or instead of it (`override`), and its `## Topics` groups
/// curate the symbol's members before DocC's automatic groups list the rest.
public struct APIExtension: Sendable {
  /// The page's text after its title line.
  public var body: String
  /// Whether it replaces the documentation comment.
  public var overrides: Bool

  /// The extension a page's `text` makes, when its title is a symbol link: the link as
  /// written, and the extension.
  public static func read(_ text: String) -> (link: String, APIExtension)? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let title = lines.firstIndex(where: { $0.hasPrefix("# ") }),
      lines[..<title].allSatisfy({ $0.allSatisfy(\.isWhitespace) })
    else { return nil }
    let heading = lines[title].dropFirst(2).trimmingSpaces
    guard heading.hasPrefix("``"), heading.hasSuffix("``"), heading.count > 4 else { return nil }
    let link = String(heading.dropFirst(2).dropLast(2))
    lines.removeSubrange(...title)
    // Its `@Metadata` block says how it merges, and is not shown.
    var overrides = false
    if let start = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }),
      lines[start].trimmingSpaces.hasPrefix("@Metadata")
    {
      var end = start
      var depth = 0
      repeat {
        depth += lines[end].filter { $0 == "{" }.count - lines[end].filter { $0 == "}" }.count
        end += 1
      } while depth > 0 && end < lines.count
      overrides = lines[start..<end].joined().filter { !$0.isWhitespace }.contains("mergeBehavior:override")
      lines.removeSubrange(start..<end)
    }
    return (link, APIExtension(body: lines.joined(separator: "\n"), overrides: overrides))
  }

  /// The symbol links (``` ``Name`` ```) of `text`'s `## Topics` section, as written.
  var curatedLinks: [String] {
    guard let topics = topicsSection else { return [] }
    var links: [String] = []
    var rest = Substring(topics)
    while let start = rest.range(of: "``") {
      rest = rest[start.upperBound...]
      guard let end = rest.range(of: "``") else { break }
      links.append(String(rest[..<end.lowerBound]))
      rest = rest[end.upperBound...]
    }
    return links
  }

  /// The `## Topics` section of the body, to the next `## ` heading or the end.
  public var topicsSection: String? {
    sections.topics
  }

  /// The body before its `## Topics` section, and that section.
  var sections: (before: String, topics: String?) {
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    guard let topics = topicsLines(lines) else { return (body, nil) }
    let before = (lines[..<topics.lowerBound] + lines[topics.upperBound...]).joined(separator: "\n")
    return (before, lines[topics].joined(separator: "\n"))
  }
}

/// Where the `## Topics` section of a page (its `lines`) is: from its heading to the
/// next `## ` heading, or the end.
public func topicsLines<Line: StringProtocol>(_ lines: [Line]) -> Range<Int>? {
  guard let start = lines.firstIndex(where: { $0.trimmingSpaces == "## Topics" }) else { return nil }
  return start..<(lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex)
}

extension APIReference {
  /// The members of `node` a catalog's extension curates (its `## Topics` links).
  public func curated(by extension: APIExtension, at node: Int) -> Set<Int> {
    var found = Set<Int>()
    for link in `extension`.curatedLinks {
      if case .found(let member) = resolve(link, from: node) { found.insert(member) }
    }
    return found
  }
}
