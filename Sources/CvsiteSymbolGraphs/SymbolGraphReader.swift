import CvsiteCore

/// Reads the symbol graphs the Swift toolchain writes (`swift package
/// dump-symbol-graph`, `swift-symbolgraph-extract`: `Module.symbols.json`, and
/// `Module@Other.symbols.json` for its extensions of another module's types) into
/// ``APIModule`` values, keeping public and open symbols only.
public enum SymbolGraphReader {
  /// A graph file larger than this is refused: the toolchain writes a few megabytes for
  /// the largest packages.
  public static let maximumBytes = 64 * 1_024 * 1_024

  /// The modules the graph files hold (`files`: each file's path as diagnostics show
  /// it, and its bytes), in name order, and a located error for each file that is not a
  /// symbol graph.
  public static func read(_ files: [(path: String, bytes: [UInt8])]) -> ([APIModule], [Diagnostic]) {
    var modules: [String: APIModule] = [:]
    var diagnostics: [Diagnostic] = []
    for (path, bytes) in files {
      guard bytes.count <= maximumBytes else {
        diagnostics.append(
          Diagnostic(
            .error, "\(bytes.count / 1_048_576) MB is more than a symbol graph holds (at most 64 MB): not read",
            at: SourceLocation(path: path, line: 1, column: 1)))
        continue
      }
      do {
        try read(bytes, path: path, into: &modules)
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "not a symbol graph: \(error.message)", at: location(of: error.offset, in: bytes, path: path))
        )
      }
    }
    return (modules.keys.sorted().compactMap { modules[$0] }, diagnostics)
  }

  /// Reads the graph in `bytes` into the module it documents, in `modules`; the module
  /// is not changed when the graph has a problem.
  private static func read(_ bytes: [UInt8], path: String, into modules: inout [String: APIModule])
    throws(JSONProblem)
  {
    let graph = try JSONValue.parse(bytes)
    _ = try graph.member("metadata", at: { "" }).object(at: { "metadata" })
    let name = try graph.member("module", at: { "" }).member("name", at: { "module" }).string(at: { "module.name" })
    let symbols = try graph.member("symbols", at: { "" }).array(at: { "symbols" })
    let relations = try graph.member("relationships", at: { "" }).array(at: { "relationships" })
    // Extensions of another module's types are that module's symbols: documented here.
    // What such a graph synthesizes (a protocol's default implementations on the other
    // module's types) is not, as DocC leaves it out.
    let extending = path.split(separator: "/").last?.contains("@") == true
    var module = modules[name] ?? APIModule(name: name)
    for (index, value) in symbols.enumerated() {
      guard let symbol = try read(value, at: { "symbols[\(index)]" }),
        // A name with a leading underscore is an implementation detail, as DocC hides it.
        !symbol.pathComponents.isEmpty, !symbol.pathComponents.contains(where: { $0.hasPrefix("_") }),
        !(extending && symbol.id.contains("::SYNTHESIZED::")),
        module.symbols[symbol.id] == nil
      else { continue }
      module.symbols[symbol.id] = symbol
    }
    for (index, relation) in relations.enumerated() {
      func field(_ key: String) throws(JSONProblem) -> String {
        try relation.member(key, at: { "relationships[\(index)]" }).string(at: { "relationships[\(index)].\(key)" })
      }
      module.relationships.append(
        APIRelationship(
          kind: try field("kind"), source: try field("source"), target: try field("target"),
          targetName: try relation.member("targetFallback")?.string(at: { "relationships[\(index)].targetFallback" })))
    }
    modules[name] = module
  }

  /// What a page needs of the symbol `value` (at `path` in its graph); `nil` for a symbol
  /// that is neither public nor open.
  static func read(_ value: JSONValue, at path: () -> String) throws(JSONProblem) -> APISymbol? {
    func member(_ key: String) throws(JSONProblem) -> JSONValue { try value.member(key, at: path) }
    func string(_ keys: String...) throws(JSONProblem) -> String {
      var found = value
      var place = path()
      for key in keys {
        found = try found.member(key, at: { place })
        place = JSONValue.path(place, key)
      }
      return try found.string(at: { place })
    }
    let access = try string("accessLevel")
    guard access == "public" || access == "open" else { return nil }
    let identifier = try string("kind", "identifier")
    let kind = identifier.hasPrefix("swift.") ? String(identifier.dropFirst("swift.".count)) : identifier
    let components = try member("pathComponents").array(at: { path() + ".pathComponents" })
    var made = APISymbol(
      id: try string("identifier", "precise"), kind: kind, kindName: try string("kind", "displayName"),
      title: try string("names", "title"),
      pathComponents: try components.enumerated().map { (index, component) throws(JSONProblem) in
        try component.string(at: { path() + ".pathComponents[\(index)]" })
      })
    if let fragments = value.member("declarationFragments") {
      func place() -> String { path() + ".declarationFragments" }
      made.declaration = try fragments.array(at: place).enumerated().map { (index, fragment) throws(JSONProblem) in
        func at() -> String { place() + "[\(index)]" }
        return APIFragment(
          kind: try fragment.member("kind", at: at).string(at: { at() + ".kind" }),
          text: try fragment.member("spelling", at: at).string(at: { at() + ".spelling" }),
          symbol: try fragment.member("preciseIdentifier")?.string(at: { at() + ".preciseIdentifier" }))
      }
    }
    if let comment = value.member("docComment") {
      try readComment(comment, at: { path() + ".docComment" }, into: &made)
    }
    if let location = value.member("location") {
      func place() -> String { path() + ".location" }
      made.sourceFile = try location.member("uri", at: place).string(at: { place() + ".uri" })
      made.sourceLine =
        try location.member("position", at: place).member("line", at: { place() + ".position" })
        .int(at: { place() + ".position.line" }) + 1
    }
    if let availability = value.member("availability") {
      func place() -> String { path() + ".availability" }
      for (index, item) in try availability.array(at: place).enumerated() {
        if let text = try readAvailability(item, at: { place() + "[\(index)]" }) { made.availability.append(text) }
      }
    }
    return made
  }

  /// The lines of a documentation comment, and where each starts in its file.
  private static func readComment(_ comment: JSONValue, at path: () -> String, into made: inout APISymbol)
    throws(JSONProblem)
  {
    made.docFile = try comment.member("uri")?.string(at: { path() + ".uri" })
    for (index, line) in try comment.member("lines", at: path).array(at: { path() + ".lines" }).enumerated() {
      func at() -> String { path() + ".lines[\(index)]" }
      made.docLines.append(try line.member("text", at: at).string(at: { at() + ".text" }))
      var position: (line: Int, column: Int)?
      if let start = line.member("range")?.member("start") {
        position = (
          try start.member("line", at: at).int(at: { at() + ".range.start.line" }) + 1,
          try start.member("character", at: at).int(at: { at() + ".range.start.character" }) + 1
        )
      }
      made.docPositions.append(position)
    }
  }

  /// An availability item as a page shows it: `macOS 14.0+`, or a deprecation.
  private static func readAvailability(_ item: JSONValue, at path: () -> String) throws(JSONProblem) -> String? {
    let domain = try item.member("domain")?.string(at: { path() + ".domain" }) ?? "*"
    func version(_ key: String) throws(JSONProblem) -> String? {
      guard let version = item.member(key) else { return nil }
      func at() -> String { path() + "." + key }
      let major = try version.member("major", at: at).int(at: { at() + ".major" })
      let minor = try version.member("minor")?.int(at: { at() + ".minor" }) ?? 0
      return "\(major).\(minor)"
    }
    if try item.member("isUnconditionallyDeprecated")?.bool(at: { path() + ".isUnconditionallyDeprecated" }) == true {
      let message = try item.member("message")?.string(at: { path() + ".message" })
      return "Deprecated" + (message.map { ": " + $0 } ?? "")
    }
    if let introduced = try version("introduced") { return "\(domain) \(introduced)+" }
    if let deprecated = try version("deprecated") { return "Deprecated in \(domain) \(deprecated)" }
    return nil
  }

  /// The line and column of byte `offset` in `bytes` (columns count characters' first
  /// bytes, as the toolchain's do).
  static func location(of offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
    var (line, column) = (1, 1)
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        (line, column) = (line + 1, 1)
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourceLocation(path: path, line: line, column: column)
  }
}
