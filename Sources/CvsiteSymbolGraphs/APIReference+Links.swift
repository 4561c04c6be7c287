import CvsiteCore

extension APIReference {
  /// What a symbol link (``` ``View/body`` ```) leads to.
  public enum Resolution: Sendable, Equatable {
    /// The page of node `Int`.
    case found(Int)
    /// Several pages share the name: the disambiguated links that tell them apart.
    case ambiguous([String])
    /// No page: the symbol paths nearest to what was written.
    case notFound(suggestion: String?)
  }

  /// Resolves `link` (`Type/member`, `Module/Type`, with DocC's `-kind` or `-hash`
  /// suffix on any part) as DocC does: from the scope of the page at node `from` (its
  /// own members first, then those of each scope around it), then from the module's
  /// top, then as a path that starts with a module's name.
  public func resolve(_ link: String, from scope: Int?) -> Resolution {
    let parts = link.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    guard !parts.isEmpty else { return .notFound(suggestion: nil) }
    // Where to walk the path from, in order, and how much of it is left to walk.
    var starts: [(node: Int, path: ArraySlice<String>)] = []
    var current = scope
    while let node = current {
      starts.append((node, parts[...]))
      current = nodes[node].parent
    }
    if let module = moduleNodes.first(where: { nodes[$0].name == parts[0] }) {
      starts.append((module, parts.dropFirst()))
    }
    for module in moduleNodes where !starts.contains(where: { $0.node == module && $0.path.count == parts.count }) {
      starts.append((module, parts[...]))
    }
    var ambiguity: [String]?
    for (node, rest) in starts {
      switch walk(from: node, rest) {
      case .found(let found): return .found(found)
      case .ambiguous(let options): ambiguity = ambiguity ?? options
      case .notFound: continue
      }
    }
    if let ambiguity { return .ambiguous(ambiguity) }
    return .notFound(suggestion: closest(link, linkPaths))
  }

  /// Follows `parts` down from `node`.
  private func walk(from node: Int, _ parts: ArraySlice<String>) -> Resolution {
    var current = node
    for part in parts {
      let (name, suffix) = Self.splitDisambiguation(part, among: nodes[current].children.map { nodes[$0].name })
      var matches = nodes[current].children.filter { nodes[$0].name == name }
      if let suffix { matches = matches.filter { nodes[$0].disambiguations.contains(suffix) } }
      let favored = matches.filter { !disfavored.contains($0) }
      if favored.count == 1 { matches = favored }
      guard let match = matches.first else { return .notFound(suggestion: nil) }
      if matches.count > 1 {
        return .ambiguous(matches.map { linkPath(of: $0) + "-" + (nodes[$0].disambiguations.last ?? "") })
      }
      current = match
    }
    return .found(current)
  }

  /// `name-suffix` as the name and the suffix, when `name` is one of `names` and the
  /// part as written is not.
  static func splitDisambiguation(_ part: String, among names: [String]) -> (String, String?) {
    guard !names.contains(part) else { return (part, nil) }
    var index = part.endIndex
    while let dash = part[..<index].lastIndex(of: "-") {
      let name = String(part[..<dash])
      if names.contains(name) { return (name, String(part[part.index(after: dash)...])) }
      index = dash
    }
    return (part, nil)
  }
}

extension APIReference {
  /// Where the text of `line` of a reference page (its text as the page has it, and
  /// `column` in it) is written in the Swift source: the documentation comment of the
  /// page's symbol (node `node`) holds the same text. Nil when the page made that line
  /// itself, or the graph does not say where the comment is.
  public func sourcePlace(ofLine line: String, column: Int, onPageOf node: Int) -> SourceLocation? {
    guard let symbol = nodes[node].symbol, let file = symbol.docFile else { return nil }
    let written = line.trimmingSpaces
    guard !written.isEmpty else { return nil }
    // The comment's line with the same text, else one the page's line holds (a list
    // item's text after its marker).
    let index =
      symbol.docLines.firstIndex { $0.trimmingSpaces == written }
      ?? symbol.docLines.firstIndex { !$0.trimmingSpaces.isEmpty && written.contains($0.trimmingSpaces) }
      ?? symbol.docLines.firstIndex { $0.contains(written) }
    guard let index, let start = symbol.docPositions[safe: index] ?? nil else { return nil }
    let path = file.hasPrefix("file://") ? String(file.dropFirst("file://".count)) : file
    // The column: where the problem's text (from `column` on the page) is in the comment.
    let problemText = Array(line.utf8.dropFirst(max(0, column - 1)).prefix(40))
    let source = symbol.docLines[index]
    let offset =
      problemText.isEmpty
      ? nil
      : source.utf8.firstRange(of: problemText).map {
        source.utf8.distance(from: source.utf8.startIndex, to: $0.lowerBound)
      }
    return SourceLocation(path: path, line: start.line, column: start.column + (offset ?? 0))
  }
}

extension Array {
  /// The element at `index`, or nil past the ends.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
