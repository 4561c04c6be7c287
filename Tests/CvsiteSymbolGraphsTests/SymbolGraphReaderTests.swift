import CvsiteCore
import CvsiteTestSupport
import Foundation
import SymbolKit
import Testing

@testable import CvsiteSymbolGraphs

/// The graph reader against SymbolKit, DocC's own model of symbol graphs: the same
/// symbols with the same fields, from a real graph of the toolchain's and from a small
/// one; and JSON a graph may not be, placed where it goes wrong.
@Suite("Symbol graph reader")
struct SymbolGraphReaderTests {
  /// What the reader keeps of `symbol`, taken from SymbolKit's decoding of it.
  static func expected(_ symbol: SymbolGraph.Symbol) -> APISymbol {
    let identifier = symbol.kind.identifier.identifier
    let kind = identifier.hasPrefix("swift.") ? String(identifier.dropFirst("swift.".count)) : identifier
    var made = APISymbol(
      id: symbol.identifier.precise, kind: kind, kindName: symbol.kind.displayName, title: symbol.names.title,
      pathComponents: symbol.pathComponents)
    if let fragments = symbol[mixin: SymbolGraph.Symbol.DeclarationFragments.self]?.declarationFragments {
      made.declaration = fragments.map {
        APIFragment(kind: $0.kind.rawValue, text: $0.spelling, symbol: $0.preciseIdentifier)
      }
    }
    if let comment = symbol.docComment {
      made.docLines = comment.lines.map(\.text)
      made.docFile = comment.uri
      made.docPositions = comment.lines.map { line in
        line.range.map { (line: $0.start.line + 1, column: $0.start.character + 1) }
      }
    }
    if let location = symbol[mixin: SymbolGraph.Symbol.Location.self] {
      (made.sourceFile, made.sourceLine) = (location.uri, location.position.line + 1)
    }
    for item in symbol[mixin: SymbolGraph.Symbol.Availability.self]?.availability ?? [] {
      let domain = item.domain?.rawValue ?? "*"
      if item.isUnconditionallyDeprecated {
        made.availability.append("Deprecated" + (item.message.map { ": " + $0 } ?? ""))
      } else if let introduced = item.introducedVersion {
        made.availability.append("\(domain) \(introduced.major).\(introduced.minor)+")
      } else if let deprecated = item.deprecatedVersion {
        made.availability.append("Deprecated in \(domain) \(deprecated.major).\(deprecated.minor)")
      }
    }
    return made
  }

  /// Every field of `got` against `expected`; a message per difference.
  static func differences(_ got: APISymbol, _ expected: APISymbol) -> [String] {
    var found: [String] = []
    func check<T: Equatable>(_ name: String, _ a: T, _ b: T) {
      if a != b { found.append("\(expected.id) \(name): \(a) ≠ \(b)") }
    }
    check("kind", got.kind, expected.kind)
    check("kindName", got.kindName, expected.kindName)
    check("title", got.title, expected.title)
    check("pathComponents", got.pathComponents, expected.pathComponents)
    check("declaration", got.declaration, expected.declaration)
    check("docLines", got.docLines, expected.docLines)
    check("docFile", got.docFile, expected.docFile)
    check("docPositions.line", got.docPositions.map { $0?.line }, expected.docPositions.map { $0?.line })
    check("docPositions.column", got.docPositions.map { $0?.column }, expected.docPositions.map { $0?.column })
    check("sourceFile", got.sourceFile, expected.sourceFile)
    check("sourceLine", got.sourceLine, expected.sourceLine)
    check("availability", got.availability, expected.availability)
    return found
  }

  /// Reads `files` both ways and compares: the public symbols and the relationships.
  static func compare(_ files: [(path: String, bytes: [UInt8])]) throws -> Int {
    let (modules, problems) = SymbolGraphReader.read(files)
    #expect(problems.isEmpty, "\(problems.map(\.message))")
    var compared = 0
    for (path, bytes) in files {
      let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(bytes))
      let module = try #require(modules.first { $0.name == graph.module.name })
      let extending = path.contains("@")
      for symbol in graph.symbols.values
      where symbol.accessLevel.rawValue == "public" || symbol.accessLevel.rawValue == "open" {
        let hidden =
          symbol.pathComponents.contains { $0.hasPrefix("_") }
          || (extending && symbol.identifier.precise.contains("::SYNTHESIZED::"))
        guard let got = module.symbols[symbol.identifier.precise] else {
          #expect(hidden, "\(symbol.identifier.precise) is missing")
          continue
        }
        #expect(!hidden, "\(symbol.identifier.precise) should be left out")
        let differences = differences(got, expected(symbol))
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        compared += 1
      }
      let relationships = graph.relationships.map {
        APIRelationship(kind: $0.kind.rawValue, source: $0.source, target: $0.target, targetName: $0.targetFallback)
      }
      #expect(Set(relationships).isSubset(of: Set(module.relationships)), "\(path): the relationships")
    }
    return compared
  }

  @Test("ContainerViews' graphs, made by the toolchain: every public symbol as SymbolKit reads it")
  func containerViewsGraph() throws {
    let folder = try extractSymbolGraphs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      ($0, try [UInt8](Data(contentsOf: folder.appendingPathComponent($0))))
    }
    #expect(files.count >= 1)
    #expect(try Self.compare(files) > 200)
  }

  @Test("a small graph with comments, overloads, availability and a deprecation, as SymbolKit reads it")
  func smallGraph() throws {
    let old = #"""
      {"kind": {"identifier": "swift.method", "displayName": "Instance Method"},
      "identifier": {"precise": "s:Cart.old", "interfaceLanguage": "swift"},
      "pathComponents": ["Cart", "old()"], "names": {"title": "old()"}, "accessLevel": "open",
      "availability": [{"domain": "macOS", "introduced": {"major": 14, "minor": 2}},
        {"domain": "iOS", "deprecated": {"major": 17}}, {"isUnconditionallyDeprecated": true, "message": "Use \"add\"."}],
      "location": {"uri": "file:///Shop/Cart.swift", "position": {"line": 9, "character": 4}},
      "docComment": {"uri": "file:///Shop/Cart.swift", "lines": [
        {"text": "Cart \u00e9\ud83d\ude00 \\ \/ \t end", "range": {"start": {"line": 7, "character": 8}, "end": {"line": 7, "character": 20}}},
        {"text": "no range"}]}},
      """#
    let json = ShopGraph.json.replacingOccurrences(of: #""symbols": ["#, with: #""symbols": ["# + old)
    #expect(json != ShopGraph.json)
    #expect(try Self.compare([("Shop.symbols.json", Array(json.utf8))]) == 9)
    let (modules, _) = SymbolGraphReader.read([("Shop.symbols.json", Array(json.utf8))])
    let symbol = try #require(modules.first?.symbols["s:Cart.old"])
    #expect(symbol.availability == ["macOS 14.2+", "Deprecated in iOS 17.0", "Deprecated: Use \"add\"."])
    #expect(symbol.docLines.first == "Cart é😀 \\ / \t end")
    #expect(symbol.sourceLine == 10 && symbol.docPositions.first??.line == 8)
  }

  @Test(
    "JSON that is not, or not a graph: what is wrong and where, by line and column",
    arguments: [
      ("{\"metadata\": {},\n \"module\": {\"name\": 3}}", "expected a string at `module.name`, found a number", 2, 21),
      ("{\"metadata\": {}, \"module\": {}}", "`name` is missing at `module`", 1, 28),
      (
        "{\"metadata\": {},\n\"module\": {\"name\": \"A\"},\n\"symbols\": [{\"accessLevel\": \"public\"}], \"relationships\": []}",
        "`kind` is missing at `symbols[0]`", 3, 13
      ),
      (
        "{\"metadata\": {}, \"module\": {\"name\": \"A\"}, \"symbols\": [], \"relationships\": [{\"kind\": 1}]}",
        "expected a string at `relationships[0].kind`, found a number", 1, 85
      ),
      ("[1, 2,]", "expected a JSON value", 1, 7),
      ("{\"a\": \"\u{01}\"}", "a control character in a string", 1, 8),
      ("{\"a\": \"\\q\"}", "`\\q` is not an escape of JSON", 1, 8),
      ("{\"a\": 012}", "a number of JSON is digits, without leading zeros", 1, 7),
      ("{\"a\": tru}", "expected a JSON value", 1, 7),
      ("{\"a\": 1} x", "text after the JSON value", 1, 10),
      ("{\"é\": \"unterminated", "the JSON ends inside a string", 1, 7),
      ("", "the JSON ends where a value should be", 1, 1),
    ])
  func located(json: String, message: String, line: Int, column: Int) {
    let (modules, problems) = SymbolGraphReader.read([("A.symbols.json", Array(json.utf8))])
    #expect(modules.isEmpty)
    #expect(problems.map(\.message) == ["not a symbol graph: " + message])
    #expect(problems.first?.location == SourceLocation(path: "A.symbols.json", line: line, column: column))
  }

  @Test("hostile JSON: nesting a million deep, a lone surrogate, NUL, bytes that are not UTF-8")
  func hostile() throws {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    let (_, problems) = SymbolGraphReader.read([("Deep.symbols.json", deep)])
    #expect(problems.map(\.message) == ["not a symbol graph: nested more than 256 deep"])
    #expect(problems.first?.location?.column == 257)
    let lone = try JSONValue.parse(Array(#"["\ud800 x", "\udc00", "\ud83d\u0041", "a\u0000b"]"#.utf8))
    guard case .array(let strings) = lone.kind else {
      Issue.record("not an array")
      return
    }
    #expect(
      strings.map { if case .string(let text) = $0.kind { text } else { "" } } == [
        "\u{FFFD} x", "\u{FFFD}", "\u{FFFD}A", "a\u{FFFD}b",
      ])
    let invalid = try JSONValue.parse([UInt8(ascii: "\""), 0xFF, 0x41, UInt8(ascii: "\"")])
    if case .string(let text) = invalid.kind { #expect(text == "\u{FFFD}A") } else { Issue.record("not a string") }
    let numbers = try JSONValue.parse(Array("[0, -12, 3.5, 1e3, -0.25E-2, 123456789012345678]".utf8))
    guard case .array(let values) = numbers.kind else {
      Issue.record("not an array")
      return
    }
    #expect(
      values.map { if case .number(let n) = $0.kind { n } else { .nan } } == [
        0, -12, 3.5, 1000, -0.0025, 123_456_789_012_345_678,
      ])
  }

  @Test("3,000 mangled graphs: each read, or refused at a place in the file, and any reference made from it whole")
  func mangled() throws {
    var generator = SeededRandom(seed: 41)
    let original = Array(ShopGraph.json.utf8)
    let pieces: [[UInt8]] = [
      "{", "}", "[", "]", "\"", ",", ":", "null", "1e999", "-", "\\u", "\\ud800", "true", "\u{0}",
    ]
    .map { Array($0.utf8) }
    var (read, refused) = (0, 0)
    for _ in 0..<3_000 {
      var bytes = original
      for _ in 0..<(1 + generator.below(4)) {
        let at = generator.below(bytes.count)
        switch generator.below(4) {
        case 0: bytes.removeSubrange(at..<min(bytes.count, at + 1 + generator.below(40)))
        case 1: bytes.insert(contentsOf: pieces[generator.below(pieces.count)], at: at)
        case 2: bytes[at] = UInt8(truncatingIfNeeded: generator.below(256))
        default: bytes = Array(bytes.prefix(at))
        }
        if bytes.isEmpty { break }
      }
      let (modules, problems) = SymbolGraphReader.read([("M.symbols.json", bytes)])
      if let problem = problems.first {
        refused += 1
        #expect(modules.isEmpty && problems.count == 1)
        #expect(problem.message.hasPrefix("not a symbol graph: "))
        let location = try #require(problem.location)
        #expect(location.line >= 1 && location.column >= 1 && location.column <= bytes.count + 1)
      } else {
        read += 1
        let pages = APIReference(modules).pages()
        #expect(pages.allSatisfy { !$0.markdown.utf8.contains(0) })
      }
    }
    #expect(read > 100 && refused > 1_000, "both kinds met: \(read) read, \(refused) refused")
  }
}
